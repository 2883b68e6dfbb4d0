import { MemoryStore } from '../../store/memory-store';
import type { ImMessage, ImSession } from '../../store/entities';
import { applyMessage } from '../../model/session-state';
import { ImError } from '../../errors';
import { SessionsService } from './sessions-service';
import type { CommandRequester, ServiceContext } from '../service-context';

const message = (to: string, over: Partial<ImMessage> = {}): ImMessage => ({
  idClient: `c-${to}`, idServer: `s-${to}`, sessionId: `p2p-${to}`, scene: 'p2p', from: to, to: 'me', time: 100, type: 'text', text: 'hi', flow: 'in', status: 'success', ...over,
});

async function setup(answer: (name: string) => Promise<unknown> = async () => ({})) {
  const store = new MemoryStore();
  const messages = [message('peer'), message('other')];
  await store.putMessages(messages);
  await store.putSessions(messages.map((m) => applyMessage(undefined, m)));
  const calls: { name: string; body: unknown }[] = [];
  const emitted: ImSession[][] = [];
  const connection = { request: async (name: string, body: unknown) => (calls.push({ name, body }), answer(name)) } as unknown as CommandRequester;
  const context = {
    account: 'me', connection, store: () => store, now: () => 5000, createIdClient: () => 'x',
    emit: (event: string, value: unknown) => (event === 'sessions' ? emitted.push(value as ImSession[]) : undefined),
  } as ServiceContext;
  return { store, calls, emitted, sessions: new SessionsService(context) };
}

describe('SessionsService.deleteSessions (server-side, §7 deleteSessions; issue 31)', () => {
  it('asks the server first, then deletes the stored sessions logically and says so', async () => {
    const { sessions, calls, emitted, store } = await setup();
    await sessions.deleteSessions(['p2p-peer', 'p2p-unknown']);
    expect(calls).toEqual([{ name: 'deleteSessions', body: { sessionIds: ['p2p-peer', 'p2p-unknown'] } }]);
    expect((await store.getSession('p2p-peer'))?.isDeleted).toBe(true);
    expect((await store.getSession('p2p-other'))?.isDeleted).not.toBe(true);
    expect(emitted).toEqual([[expect.objectContaining({ id: 'p2p-peer', isDeleted: true })]]);
    // Deleted sessions are left out of the list (§5), and the history stays.
    expect((await sessions.list()).map((s) => s.id)).toEqual(['p2p-other']);
    expect(await store.getMessage('c-peer')).toBeDefined();
  });

  it('refuses bad ids before sending anything', async () => {
    const { sessions, calls } = await setup();
    for (const bad of [[], ['peer'], [''], Array.from({ length: 101 }, (_, i) => `p2p-a${i}`)]) {
      await expect(sessions.deleteSessions(bad)).rejects.toMatchObject({ errorName: 'Param_Error', code: 414 });
    }
    expect(calls).toEqual([]);
  });

  it('keeps the session when the server refuses', async () => {
    const { sessions, store, emitted } = await setup(async () => {
      throw new ImError('Param_Error', 'refused', { code: 414 });
    });
    await expect(sessions.deleteSessions(['p2p-peer'])).rejects.toMatchObject({ code: 414 });
    expect((await store.getSession('p2p-peer'))?.isDeleted).not.toBe(true);
    expect(emitted).toEqual([]);
  });
});
