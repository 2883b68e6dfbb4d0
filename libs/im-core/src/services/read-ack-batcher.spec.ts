import { MemoryStore } from '../store/memory-store';
import type { ImMessage } from '../store/entities';
import { applyMessage } from '../model/session-state';
import { READ_ACK_PAIRS, READ_ACK_THROTTLE_MS, ReadAckBatcher } from './read-ack-batcher';
import { SessionsService } from './sessions/sessions-service';
import type { CommandRequester, ServiceContext } from './service-context';

type Call = { name: string; body: unknown };

function recorder(): { connection: CommandRequester; calls: Call[] } {
  const calls: Call[] = [];
  const connection = {
    request: async (name: string, body: unknown) => {
      calls.push({ name, body });
      return {};
    },
  } as unknown as CommandRequester;
  return { connection, calls };
}

describe('ReadAckBatcher (§8 500 ms throttle over the §7 pairs)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('many acks within 500 ms go out as one batch per pair, only when the window ends', async () => {
    const { connection, calls } = recorder();
    const batcher = new ReadAckBatcher(connection);
    batcher.queue(READ_ACK_PAIRS.p2pMsg, ['s1']);
    await jest.advanceTimersByTimeAsync(200);
    batcher.queue(READ_ACK_PAIRS.p2pMsg, ['s2', 's1']);
    batcher.queue(READ_ACK_PAIRS.teamMsg, ['t1']);
    await jest.advanceTimersByTimeAsync(READ_ACK_THROTTLE_MS - 201);
    expect(calls).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([
      { name: 'batchMarkRead', body: { serviceId: 7, commandId: 2, idServers: ['s1', 's2'] } },
      { name: 'markRead', body: { serviceId: 8, commandId: 3, idServer: 't1' } },
    ]);
  });

  it('a new window opens after a flush; empty queues send nothing; over 100 ids are chunked', async () => {
    const { connection, calls } = recorder();
    const batcher = new ReadAckBatcher(connection);
    batcher.queue(READ_ACK_PAIRS.p2pMsg, ['', ...Array.from({ length: 101 }, (_, i) => `m${i}`)]);
    await jest.advanceTimersByTimeAsync(READ_ACK_THROTTLE_MS);
    expect(calls.map((c) => c.name)).toEqual(['batchMarkRead', 'markRead']);
    expect((calls[0].body as { idServers: string[] }).idServers).toHaveLength(100);
    batcher.queue(READ_ACK_PAIRS.p2pMsg, []);
    await jest.advanceTimersByTimeAsync(READ_ACK_THROTTLE_MS * 2);
    expect(calls).toHaveLength(2);
    batcher.queue(READ_ACK_PAIRS.callMsg, ['c1']);
    batcher.dispose();
    await jest.advanceTimersByTimeAsync(READ_ACK_THROTTLE_MS);
    expect(calls).toHaveLength(2);
  });

  it('a failed send is reported, not thrown, and does not stop the other pairs', async () => {
    const errors: unknown[] = [];
    const sent: string[] = [];
    const connection = {
      request: async (name: string, body: { commandId: number }) => {
        if (body.commandId === 2) throw new Error('offline');
        sent.push(name);
        return {};
      },
    } as unknown as CommandRequester;
    const batcher = new ReadAckBatcher(connection, undefined, (e) => errors.push(e));
    batcher.queue(READ_ACK_PAIRS.p2pMsg, ['a']);
    batcher.queue(READ_ACK_PAIRS.teamMsg, ['b']);
    await jest.advanceTimersByTimeAsync(READ_ACK_THROTTLE_MS);
    expect(errors).toHaveLength(1);
    expect(sent).toEqual(['markRead']);
  });
});

describe('SessionsService.markRead acks the messages read through the batcher', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const incoming = (sessionTo: string, i: number, flow: 'in' | 'out' = 'in'): ImMessage => ({
    idClient: `c${sessionTo}${i}`, idServer: `s${sessionTo}${i}`, sessionId: `p2p-${sessionTo}`, scene: 'p2p',
    from: flow === 'in' ? sessionTo : 'me', to: flow === 'in' ? 'me' : sessionTo, time: 1000 + i, type: 'text', text: 'hi', flow, status: 'success',
  });

  it('markRead on two sessions within 500 ms → one batchMarkRead 7/2 with the incoming unread ids', async () => {
    const store = new MemoryStore();
    const messages = [incoming('a', 1), incoming('a', 2, 'out'), incoming('b', 3)];
    await store.putMessages(messages);
    await store.putSessions([applyMessage(applyMessage(undefined, messages[0]), messages[1]), applyMessage(undefined, messages[2])]);
    const { connection, calls } = recorder();
    const context = { account: 'me', connection, store: () => store, now: () => 0, createIdClient: () => 'x', emit: () => undefined } as ServiceContext;
    const sessions = new SessionsService(context);
    await sessions.markRead('p2p-a');
    await sessions.markRead('p2p-b');
    await sessions.markRead('p2p-a'); // nothing new: no ack queued again
    expect(calls.filter((c) => c.name !== 'markSessionAck')).toEqual([]);
    await jest.advanceTimersByTimeAsync(READ_ACK_THROTTLE_MS);
    expect(calls.filter((c) => c.name !== 'markSessionAck')).toEqual([
      { name: 'batchMarkRead', body: { serviceId: 7, commandId: 2, idServers: ['sa1', 'sb3'] } },
    ]);
  });
});
