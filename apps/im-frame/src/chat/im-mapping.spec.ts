import { IDBFactory } from 'fake-indexeddb';
import { MemoryStore } from '@merchant/im-core';
import { sampleMessage, sampleSession } from '@merchant/im-core/testing';
import { readLocalMessages, readLocalSessions, toChatMessage, toChatSession } from './im-mapping';
import { openChatStore } from './open-chat-store';

describe('toChatMessage', () => {
  it('keeps identity, flow and status, and uses a tip when there is no text', () => {
    const tip = sampleMessage({ idClient: 't1', time: 5, type: 'tip', text: undefined, tip: 'order paid', flow: 'out', status: 'fail' });
    expect(toChatMessage(tip)).toEqual({
      idClient: 't1',
      idServer: undefined,
      sessionId: 'p2p-c_demo1',
      from: 'c_demo1',
      to: 's_1001',
      fromNick: undefined,
      type: 'tip',
      text: 'order paid',
      time: 5,
      flow: 'out',
      status: 'fail',
    });
  });
});

describe('toChatSession', () => {
  it('names the peer by user nick, else by the nick on their last incoming message, else not at all', () => {
    const fromAlice = sampleMessage({ idClient: 'a', time: 1, fromNick: 'Alice Chen' });
    const mine = sampleMessage({ idClient: 'b', time: 2, flow: 'out', from: 's_1001', to: 'c_demo1', fromNick: 'Demo Store' });
    expect(toChatSession(sampleSession({ id: 'p2p-c_demo1', lastMsg: fromAlice }), { nick: 'Alice C.' }).peerNick).toBe('Alice C.');
    expect(toChatSession(sampleSession({ id: 'p2p-c_demo1', lastMsg: fromAlice })).peerNick).toBe('Alice Chen');
    expect(toChatSession(sampleSession({ id: 'p2p-c_demo1', lastMsg: mine })).peerNick).toBeUndefined();
  });
});

describe('local cache reads', () => {
  it('survive a reload: sessions and messages written to IndexedDB are read back by a new store', async () => {
    const indexedDB = new IDBFactory();
    const firstVisit = await openChatStore('merchant-im', 's_1001', indexedDB);
    expect(firstVisit.kind).toBe('indexeddb');
    const messages = [1, 2, 3].map((n) => sampleMessage({ idClient: `m${n}`, time: n * 1000 }));
    await firstVisit.putMessages(messages);
    await firstVisit.putSessions([
      sampleSession({ id: 'p2p-c_demo1', unread: 2, updateTime: 3000, lastMsg: messages[2] }),
      sampleSession({ id: 'p2p-c_demo2', updateTime: 9000 }),
      sampleSession({ id: 'p2p-c_gone', updateTime: 9999, isDeleted: true }),
    ]);
    await firstVisit.putUsers([{ account: 'c_demo1', nick: 'Alice Chen', avatar: 'http://img/alice.png' }]);
    await firstVisit.close();

    const afterReload = await openChatStore('merchant-im', 's_1001', indexedDB);
    const sessions = await readLocalSessions(afterReload);
    expect(sessions.map((s) => [s.peerAccount, s.peerNick, s.unread])).toEqual([
      ['c_demo2', undefined, 0],
      ['c_demo1', 'Alice Chen', 2],
    ]);
    expect(sessions[1].peerAvatar).toBe('http://img/alice.png');
    expect(sessions[1].lastMessage?.idClient).toBe('m3');
    expect((await readLocalMessages(afterReload, 'p2p-c_demo1', 2)).map((m) => m.idClient)).toEqual(['m2', 'm3']);
    await afterReload.close();
  });

  it('keeps accounts apart: another account sees nothing of the first one', async () => {
    const indexedDB = new IDBFactory();
    const merchant = await openChatStore('merchant-im', 's_1001', indexedDB);
    await merchant.putSessions([sampleSession({ id: 'p2p-c_demo1' })]);
    const other = await openChatStore('merchant-im', 's_2002', indexedDB);
    expect(await readLocalSessions(other)).toEqual([]);
  });

  it('falls back to a memory store when IndexedDB cannot be opened', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const broken = { open: () => { throw new Error('denied'); } } as unknown as IDBFactory;
    const store = await openChatStore('merchant-im', 's_1001', broken);
    expect(store).toBeInstanceOf(MemoryStore);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('reads the user table through the Store interface, whatever its implementation', async () => {
    const store = new MemoryStore();
    await store.putSessions([sampleSession({ id: 'p2p-c_demo2', updateTime: 1 })]);
    await store.putUsers([{ account: 'c_demo2', nick: 'Bob Li' }]);
    expect((await readLocalSessions(store))[0].peerNick).toBe('Bob Li');
  });
});

describe('team sessions and senders (issue 12)', () => {
  const team = { teamId: 't1', type: 'advanced' as const, name: 'VIP buyers', avatar: 'http://img/team.png', owner: 's_1001', valid: true, validToCurrentUser: true, memberNum: 3, createTime: 1, updateTime: 1 };
  const member = (account: string, nickInTeam?: string) => ({ id: `t1-${account}`, teamId: 't1', account, type: 'normal' as const, nickInTeam, joinTime: 1, updateTime: 1, valid: true });

  it('names a team session by the team table (name and avatar), marked as a team, and a p2p one by the user table', async () => {
    const store = new MemoryStore();
    await store.putTeams([team]);
    await store.putUsers([{ account: 'c_demo1', nick: 'Alice Chen' }]);
    await store.putSessions([sampleSession({ id: 'team-t1', scene: 'team', to: 't1', updateTime: 2 }), sampleSession({ id: 'p2p-c_demo1', updateTime: 1 })]);
    const sessions = await readLocalSessions(store);
    expect(sessions.map((s) => [s.id, s.peerAccount, s.peerNick, s.peerAvatar, s.scene])).toEqual([
      ['team-t1', 't1', 'VIP buyers', 'http://img/team.png', 'team'],
      ['p2p-c_demo1', 'c_demo1', 'Alice Chen', undefined, undefined],
    ]);
  });

  it("names each incoming team message by the sender's nickInTeam, else the user's nick, else the message's nick, with the user's avatar", async () => {
    const store = new MemoryStore();
    await store.putTeams([team]);
    await store.putTeamMembers([member('c_a', 'Team Alice'), member('c_b')]);
    await store.putUsers([{ account: 'c_a', nick: 'Alice', avatar: 'http://img/a.png' }, { account: 'c_b', nick: 'Bob' }]);
    const inTeam = (idClient: string, from: string, time: number, fromNick?: string) =>
      sampleMessage({ idClient, sessionId: 'team-t1', scene: 'team', from, to: 't1', time, fromNick });
    await store.putMessages([inTeam('m1', 'c_a', 1, 'alice-wire'), inTeam('m2', 'c_b', 2, 'bob-wire'), inTeam('m3', 'c_c', 3, 'Carol')]);
    const messages = await readLocalMessages(store, 'team-t1', 10);
    expect(messages.map((m) => [m.from, m.fromNick, m.fromAvatar])).toEqual([
      ['c_a', 'Team Alice', 'http://img/a.png'],
      ['c_b', 'Bob', undefined],
      ['c_c', 'Carol', undefined],
    ]);
  });
});
