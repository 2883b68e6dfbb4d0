import { MemoryStore } from './memory-store';
import { STORE_CONFORMANCE_CASES, sampleMessage } from './store-conformance';
import { parseSessionId, sessionIdOf, teamMemberIdOf } from './entities';

describe('MemoryStore passes the Store conformance suite', () => {
  for (const conformanceCase of STORE_CONFORMANCE_CASES) {
    it(conformanceCase.name, () => conformanceCase.run(new MemoryStore()));
  }
});

describe('the conformance suite catches a broken store', () => {
  it('rejects a store whose session listing ignores the order', async () => {
    class UnorderedStore extends MemoryStore {
      override async getSessionMessages(query: Parameters<MemoryStore['getSessionMessages']>[0]) {
        return (await super.getSessionMessages(query)).reverse();
      }
    }
    const ordering = STORE_CONFORMANCE_CASES.find((c) => c.name.startsWith('session messages come by time'))!;
    await expect(ordering.run(new UnorderedStore())).rejects.toThrow(/latest 3/);
  });
});

describe('session and member ids', () => {
  it('joins scene and target, as p2p-<account>', () => {
    expect(sessionIdOf('p2p', 'c_demo1')).toBe('p2p-c_demo1');
    expect(parseSessionId('superTeam-42')).toEqual({ scene: 'superTeam', to: '42' });
    expect(parseSessionId('p2p-user-with-dash')).toEqual({ scene: 'p2p', to: 'user-with-dash' });
    expect(parseSessionId('room-1')).toBeUndefined();
    expect(parseSessionId('p2p-')).toBeUndefined();
    expect(teamMemberIdOf('t1', 'u1')).toBe('t1-u1');
  });

  it('stores structured copies, so a later mutation of the input does not leak in', async () => {
    const store = new MemoryStore();
    const message = sampleMessage({ idClient: 'x', time: 1 });
    await store.putMessages([message]);
    message.status = 'fail';
    expect((await store.getMessage('x'))?.status).toBe('success');
  });
});
