import { MemoryStore } from '../../store/memory-store';
import type { ImMessage } from '../../store/entities';
import { applyMessage } from '../../model/session-state';
import { SessionsService } from './sessions-service';
import { ReadAckBatcher } from '../read-ack-batcher';
import type { CommandRequester, ServiceContext } from '../service-context';

const message = (i: number, flow: 'in' | 'out', over: Partial<ImMessage> = {}): ImMessage => ({
  idClient: `c${i}`, idServer: `s${i}`, sessionId: 'p2p-peer', scene: 'p2p', from: flow === 'in' ? 'peer' : 'me',
  to: flow === 'in' ? 'me' : 'peer', time: 100 * i, type: 'text', text: 'hi', flow, status: 'success', ...over,
});

async function setup() {
  const store = new MemoryStore();
  const messages = [message(1, 'out'), message(2, 'in'), message(3, 'out')];
  await store.putMessages(messages);
  await store.putSessions([messages.reduce((s, m) => applyMessage(s, m), undefined as ReturnType<typeof applyMessage> | undefined)!]);
  const calls: { name: string; body: unknown }[] = [];
  const connection = { request: async (name: string, body: unknown) => (calls.push({ name, body }), { msgReceiptTime: 200 }) } as unknown as CommandRequester;
  const context = { account: 'me', connection, store: () => store, now: () => 5000, createIdClient: () => 'x', emit: () => undefined } as ServiceContext;
  return { store, messages, calls, sessions: new SessionsService(context) };
}

describe('SessionsService p2p receipts (§5)', () => {
  it('sendMsgReceipt sends once for the read message and refuses it again, sending nothing', async () => {
    const { sessions, messages, calls, store } = await setup();
    const updated = await sessions.sendMsgReceipt(messages[1]);
    expect(calls.map((c) => c.name)).toEqual(['sendMsgReceipt']);
    expect(updated.msgReceiptSendTime).toBe(200);
    expect((await store.getSession('p2p-peer'))?.msgReceiptSendTime).toBe(200);
    await expect(sessions.sendMsgReceipt(messages[1])).rejects.toMatchObject({ errorName: 'Param_Error' });
    await expect(sessions.sendMsgReceipt(message(4, 'in', { status: 'fail' }))).rejects.toMatchObject({ errorName: 'Param_Error' });
    expect(calls).toHaveLength(1);
  });

  it('a msgReceipt push marks my older outgoing messages remotely read; an older receipt is dropped', async () => {
    const { sessions, messages } = await setup();
    expect(await sessions.isMsgRemoteRead(messages[0])).toBe(false);
    await sessions.receiveReceipt({ sessionId: 'p2p-peer', msgReceiptTime: 150 });
    expect(await sessions.isMsgRemoteRead(messages[0])).toBe(true);
    expect(await sessions.isMsgRemoteRead(messages[2])).toBe(false);
    expect(await sessions.isMsgRemoteRead(messages[1])).toBe(false); // incoming
    const kept = await sessions.receiveReceipt({ sessionId: 'p2p-peer', msgReceiptTime: 120 });
    expect(kept?.msgReceiptTime).toBe(150);
    expect(await sessions.receiveReceipt({ sessionId: 'p2p-peer' })).toBeUndefined();
    expect(await sessions.receiveReceipt({ sessionId: 'p2p-nobody', msgReceiptTime: 999 })).toBeUndefined();
  });
});

describe('SessionsService read acks (§7 read-ack pairs)', () => {
  it('reading a conversation acks its call records with the call pair 9/11 and its other messages with 7/2', async () => {
    const store = new MemoryStore();
    const messages = [message(1, 'in'), message(2, 'in', { type: 'g2', attach: '{}' }), message(3, 'out'), message(4, 'in')];
    await store.putMessages(messages);
    await store.putSessions([messages.reduce((s, m) => applyMessage(s, m), undefined as ReturnType<typeof applyMessage> | undefined)!]);
    const calls: { name: string; body: unknown }[] = [];
    const connection = { request: async (name: string, body: unknown) => (calls.push({ name, body }), {}) } as unknown as CommandRequester;
    const context = { account: 'me', connection, store: () => store, now: () => 5000, createIdClient: () => 'x', emit: () => undefined } as ServiceContext;
    const noTimers = { setTimeout: () => 'held', clearTimeout: () => undefined };
    const sessions = new SessionsService(context, new ReadAckBatcher(connection, noTimers));

    await sessions.markRead('p2p-peer');
    await sessions.readAcks.flush();
    expect(calls.filter((c) => c.name !== 'markSessionAck')).toEqual([
      { name: 'batchMarkRead', body: { serviceId: 7, commandId: 2, idServers: ['s1', 's4'] } },
      { name: 'markRead', body: { serviceId: 9, commandId: 11, idServer: 's2' } },
    ]);
  });
});
