import { ImError } from '../errors';
import { sampleMessage } from '../store/store-conformance';
import {
  createOutgoingText,
  classifySendFailure,
  dedupeMessages,
  markSent,
  normalizeIncoming,
  prepareResend,
} from './message-state';

const ME = 's_1001';
const draft = { idClient: 'c1', account: ME, scene: 'p2p' as const, to: 'c_demo1', text: 'hello', time: 1000 };

describe('§4 message status', () => {
  it('an outgoing message starts as sending in the p2p-<peer> session', () => {
    expect(createOutgoingText(draft)).toMatchObject({ status: 'sending', flow: 'out', sessionId: 'p2p-c_demo1', from: ME, to: 'c_demo1', type: 'text' });
  });

  it('goes to success with the server id and time when acknowledged', () => {
    const sent = markSent(createOutgoingText(draft), { idServer: 'srv-9', time: 1500 });
    expect(sent).toMatchObject({ status: 'success', idServer: 'srv-9', time: 1500, hasSendAck: true });
  });

  it('a failure that did not come from the server (timeout, cut, not logged in) waits to be sent again', () => {
    const sending = createOutgoingText(draft);
    for (const error of [new ImError('Error_Timeout', 'timeout', { code: 408 }), new ImError('Error_Connection_is_not_Established', 'offline'), new ImError('Error_Internet_Disconnected', 'cut')]) {
      expect(classifySendFailure(sending, error, 99)).toEqual({ kind: 'wait' });
    }
  });

  it('a server refusal is not fail (§4): the message keeps sending and records the code; busy codes wait', () => {
    const sending = createOutgoingText(draft);
    expect(classifySendFailure(sending, new ImError('Server_Error', 'too long', { code: 414 }), 99)).toEqual({
      kind: 'refused', message: { ...sending, status: 'sending', sendError: { code: 414, message: 'too long' } },
    });
    expect(classifySendFailure(sending, new ImError('Server_Error', 'busy', { code: 503 }), 99)).toEqual({ kind: 'wait', retryAt: 99 });
    expect(classifySendFailure(sending, new ImError('Frequency_Control', 'slow down', { code: 416, retryAt: 5000 }), 99)).toEqual({ kind: 'wait', retryAt: 5000 });
  });

  it('7101 marks isInBlackList and still counts as delivered', () => {
    const blocked = classifySendFailure(createOutgoingText(draft), new ImError('Server_Error', 'blacklisted', { code: 7101 }), 0);
    expect(blocked).toMatchObject({ kind: 'delivered', message: { status: 'success', isInBlackList: true } });
  });

  it('received messages default to success; from this account on another device they are out', () => {
    const base = { idClient: 'r1', scene: 'p2p' as const, time: 5, type: 'text' as const };
    expect(normalizeIncoming({ ...base, from: 'c_demo1', to: ME }, ME)).toMatchObject({ status: 'success', flow: 'in', sessionId: 'p2p-c_demo1' });
    expect(normalizeIncoming({ ...base, from: ME, to: 'c_demo2' }, ME)).toMatchObject({ status: 'success', flow: 'out', sessionId: 'p2p-c_demo2' });
    expect(normalizeIncoming({ ...base, scene: 'team', from: 'c_demo1', to: 't9' }, ME).sessionId).toBe('team-t9');
  });
});

describe('§4 resend', () => {
  it('only out + fail may be resent', () => {
    const failed = { ...createOutgoingText(draft), status: 'fail' as const };
    expect(prepareResend(failed)).toMatchObject({ status: 'sending', resend: true });
    for (const other of [createOutgoingText(draft), { ...failed, status: 'success' as const }, { ...failed, flow: 'in' as const }]) {
      expect(() => prepareResend(other)).toThrow('only failed messages can be resent');
    }
  });
});

describe('§4 dedupe by idClient', () => {
  it('keeps each idClient once and drops ones already stored', () => {
    const rows = ['a', 'b', 'a', 'c'].map((id, i) => sampleMessage({ idClient: id, time: i }));
    expect(dedupeMessages(rows, (id) => id === 'c', { account: ME }).map((m) => [m.idClient, m.time])).toEqual([['a', 0], ['b', 1]]);
  });

  it('ignores a self-to-self message from a sync-send, but keeps it otherwise', () => {
    const selfNote = sampleMessage({ idClient: 's', time: 1, from: ME, to: ME });
    expect(dedupeMessages([selfNote], () => false, { account: ME, fromSyncSend: true })).toEqual([]);
    expect(dedupeMessages([selfNote], () => false, { account: ME })).toHaveLength(1);
  });
});
