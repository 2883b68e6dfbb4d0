import { ImError } from '../errors';
import { sampleMessage } from '../store/store-conformance';
import {
  createOutgoingText,
  dedupeMessages,
  failStaleSending,
  isSendErrorFatal,
  markSendFailed,
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

  it('goes to fail on a server or network error', () => {
    const sending = createOutgoingText(draft);
    expect(markSendFailed(sending, new ImError('Server_Error', 'x', { code: 500 })).status).toBe('fail');
    expect(markSendFailed(sending, new ImError('Error_Timeout', 'timeout')).status).toBe('fail');
    expect(isSendErrorFatal(new ImError('Error_Timeout', 'timeout'))).toBe(true);
  });

  it('7101 marks isInBlackList and still counts as delivered', () => {
    const blocked = markSendFailed(createOutgoingText(draft), new ImError('Server_Error', 'blacklisted', { code: 7101 }));
    expect(blocked).toMatchObject({ status: 'success', isInBlackList: true });
    expect(isSendErrorFatal(new ImError('Server_Error', 'blacklisted', { code: 7101 }))).toBe(false);
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

  it('messages still sending when sync starts become fail', () => {
    const rows = [sampleMessage({ idClient: 'a', time: 1, status: 'sending' }), sampleMessage({ idClient: 'b', time: 2 })];
    expect(failStaleSending(rows)).toEqual([{ ...rows[0], status: 'fail' }]);
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
