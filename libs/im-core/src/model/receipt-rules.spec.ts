import type { ImMessage, ImSession } from '../store/entities';
import { applyReceipt, isMsgRemoteRead, markReceiptSent, shouldSendReceipt } from './receipt-rules';
import { emptySession } from './session-state';

const msg = (over: Partial<ImMessage> = {}): ImMessage => ({
  idClient: 'c1', idServer: 's1', sessionId: 'p2p-peer', scene: 'p2p', from: 'peer', to: 'me', time: 100,
  type: 'text', text: 'hi', flow: 'in', status: 'success', ...over,
});
const session = (over: Partial<ImSession> = {}): ImSession => ({ ...emptySession('p2p-peer'), ...over });

describe('p2p receipt rules (§5)', () => {
  it('sends a receipt only for successful p2p messages newer than the last receipt send time', () => {
    expect(shouldSendReceipt(session(), msg())).toBe(true);
    expect(shouldSendReceipt(session({ msgReceiptSendTime: 100 }), msg())).toBe(false);
    expect(shouldSendReceipt(session({ msgReceiptSendTime: 99 }), msg())).toBe(true);
    expect(shouldSendReceipt(session(), msg({ status: 'fail' }))).toBe(false);
    expect(shouldSendReceipt(session(), msg({ scene: 'team', sessionId: 'team-peer' }))).toBe(false);
    expect(shouldSendReceipt(session(), msg({ sessionId: 'p2p-other' }))).toBe(false);
  });

  it('markReceiptSent only moves forward', () => {
    const sent = markReceiptSent(session(), 100);
    expect(sent.msgReceiptSendTime).toBe(100);
    expect(markReceiptSent(sent, 50)).toBe(sent);
  });

  it('drops receipt times older than (or equal to) the stored one', () => {
    const first = applyReceipt(session(), 200, 210);
    expect(first).toMatchObject({ msgReceiptTime: 200, msgReceiptServerTime: 210 });
    expect(applyReceipt(first, 150)).toBe(first);
    expect(applyReceipt(first, 200)).toBe(first);
    expect(applyReceipt(first, Number.NaN)).toBe(first);
    expect(applyReceipt(first, 300).msgReceiptTime).toBe(300);
  });

  it('a message is remotely read only if p2p, outgoing, successful and no newer than the receipt time', () => {
    const s = session({ msgReceiptTime: 100 });
    const out = msg({ flow: 'out', from: 'me', to: 'peer' });
    expect(isMsgRemoteRead(s, out)).toBe(true);
    expect(isMsgRemoteRead(s, { ...out, time: 101 })).toBe(false);
    expect(isMsgRemoteRead(s, { ...out, flow: 'in' })).toBe(false);
    expect(isMsgRemoteRead(s, { ...out, status: 'sending' })).toBe(false);
    expect(isMsgRemoteRead(s, { ...out, scene: 'team' })).toBe(false);
    expect(isMsgRemoteRead(undefined, out)).toBe(false);
    expect(isMsgRemoteRead(session(), out)).toBe(false);
  });
});
