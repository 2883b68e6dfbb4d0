import { ImError } from '../errors';
import { MemoryStore } from '../store/memory-store';
import { FakeConnection } from '../testing/fake-connection';
import { ImClient } from './im-client';

const ME = 's_1001';
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const silentLogger = { info: jest.fn(), warn: jest.fn(), error: jest.fn() };

function makeClient(syncPushes?: (fake: FakeConnection) => void) {
  const fake = new FakeConnection();
  fake.answer('sync', (_body, f) => {
    setTimeout(() => {
      syncPushes?.(f);
      f.push('syncDone', { timetag: 50 });
    }, 0);
    return {};
  });
  let clock = 1000;
  const client = new ImClient({ account: ME, connection: fake, store: new MemoryStore(), logger: silentLogger, now: () => ++clock });
  return { fake, client };
}

describe('ImClient users, friends, relations and system messages', () => {
  it('sync: relation flags "1" become booleans, system messages are stored with unread per type', async () => {
    const { client } = makeClient((f) => {
      f.push('syncRelations', {
        blacklist: [{ account: 'c_black', isBlacked: '1', isMuted: '0', createTime: 1, updateTime: 1 }, { account: 'c_muted', isBlacked: '0', isMuted: '1', createTime: 2, updateTime: 2 }],
        mutelist: [{ account: 'c_black', isBlacked: '1', isMuted: '0', createTime: 1, updateTime: 1 }, { account: 'c_muted', isBlacked: '0', isMuted: '1', createTime: 2, updateTime: 2 }],
        timetag: 40,
      });
      f.push('offlineSysMsgs', {
        sysMsgs: [
          { idServer: '1', category: 'friend', type: 'applyFriend', from: 'c_a', to: ME, time: 10, state: 'init' },
          { idServer: '2', category: 'friend', type: 'applyFriend', from: 'c_b', to: ME, time: 11, state: 'passed', read: true },
          { idServer: '3', category: 'msg', type: 'custom', from: 'c_a', to: ME, time: 12, content: '{}' },
        ],
      });
    });
    await client.connect();
    expect(await client.relations.list()).toEqual([
      { account: 'c_black', isBlacked: true, isMuted: false, createTime: 1, updateTime: 1 },
      { account: 'c_muted', isBlacked: false, isMuted: true, createTime: 2, updateTime: 2 },
    ]);
    expect((await client.systemMessages.list()).map((s) => [s.idServer, s.state])).toEqual([['3', 'init'], ['2', 'passed'], ['1', 'init']]);
    expect(await client.systemMessages.unreadByType()).toEqual({ applyFriend: 1, custom: 1 });
    expect((await client.localStore?.getTimetags())?.relations).toBe(40);
  });

  it('a live applyFriend, then passFriendApply: the message becomes passed at once; an incoming addFriend makes a friend (§4)', async () => {
    const { fake, client } = makeClient();
    fake.answer('friendRequest', () => ({}));
    await client.connect();
    const events: string[] = [];
    client.on('sysMsg', (s) => events.push(`new:${s.type}`));
    client.on('updateSysMsg', (s) => events.push(`update:${s.state}`));
    client.on('sysMsgUnread', (u) => events.push(`unread:${u.applyFriend ?? 0}`));
    fake.push('sysMsg', { sysMsg: { idServer: '7', category: 'friend', type: 'applyFriend', from: 'c_a', to: ME, time: 10, state: 'init', ps: 'hi' } });
    await flush();
    await client.friends.passFriendApply({ account: 'c_a', idServer: '7' });
    expect(fake.requests.find((r) => r.name === 'friendRequest')?.body).toEqual({ account: 'c_a', type: 'passFriendApply' });
    expect(events).toEqual(['new:applyFriend', 'unread:1', 'update:passed', 'unread:0']);
    // The server's copy of the change arrives later and keeps the state.
    fake.push('sysMsg', { sysMsg: { idServer: '7', category: 'friend', type: 'applyFriend', from: 'c_a', to: ME, time: 10, state: 'passed' } });
    fake.push('sysMsg', { sysMsg: { idServer: '8', category: 'friend', type: 'addFriend', from: 'c_b', to: ME, time: 20 } });
    await flush();
    await flush();
    expect((await client.localStore?.getSysMsg('7'))?.state).toBe('passed');
    expect((await client.friends.list()).map((f) => f.account)).toEqual(['c_b']);
    fake.push('friendUpdated', { friend: { account: 'c_a', valid: true, createTime: 30, updateTime: 30 } });
    fake.push('friendUpdated', { friend: { account: 'c_b', valid: false }, deleted: true });
    await flush();
    await flush();
    expect((await client.friends.list()).map((f) => f.account)).toEqual(['c_a']);
  });

  it('an answer the server refuses makes the application error with the code and message (§4)', async () => {
    const { fake, client } = makeClient();
    fake.answer('friendRequest', () => {
      throw new ImError('Param_Error', 'no friend application from c_a', { code: 404 });
    });
    await client.connect();
    fake.push('sysMsg', { sysMsg: { idServer: '9', category: 'friend', type: 'applyFriend', from: 'c_a', to: ME, time: 10 } });
    await flush();
    await expect(client.friends.passFriendApply({ account: 'c_a', idServer: '9' })).rejects.toMatchObject({ code: 404 });
    expect(await client.localStore?.getSysMsg('9')).toMatchObject({ state: 'error', error: { code: 404, message: 'no friend application from c_a' } });
  });

  it('do-not-disturb: updateDonnop checks the JSON, sends it and stores it; a sync stores what the server has', async () => {
    const { fake, client } = makeClient((f) => f.push('syncDonnop', { donnop: '{"open":false}', timetag: 45 }));
    fake.answer('updateDonnop', () => ({ timetag: 60 }));
    await client.connect();
    await flush();
    expect(await client.users.getDonnop()).toBe('{"open":false}');
    await expect(client.users.updateDonnop('[1]')).rejects.toMatchObject({ code: 414 });
    await client.users.updateDonnop('{"open":true,"startH":22}');
    expect(fake.requests.filter((r) => r.name === 'updateDonnop').map((r) => r.body)).toEqual([{ donnop: '{"open":true,"startH":22}' }]);
    expect(await client.users.getDonnop()).toBe('{"open":true,"startH":22}');
  });

  it('checks §5 rules before sending: bad profile, friend without alias or custom, lookup over 150, yourself on a list', async () => {
    const { fake, client } = makeClient();
    await client.connect();
    const before = fake.requests.length;
    await expect(client.users.updateMyInfo({ email: 'nope' })).rejects.toBeInstanceOf(ImError);
    await expect(client.friends.updateFriend({ account: 'c_a' })).rejects.toMatchObject({ code: 414 });
    await expect(client.users.getUsers(Array.from({ length: 151 }, (_, i) => `u${i}`))).rejects.toMatchObject({ code: 414 });
    await expect(client.relations.markInBlacklist({ account: ME, isAdd: true })).rejects.toMatchObject({ code: 414 });
    await expect(client.friends.applyFriend({ account: ME })).rejects.toMatchObject({ code: 414 });
    expect(fake.requests.length).toBe(before);
  });

  it('markInMutelist stores the flag; relationsUpdated from another device takes it off', async () => {
    const { fake, client } = makeClient();
    fake.answer('markInMutelist', () => ({}));
    await client.connect();
    await expect(client.relations.markInMutelist({ account: 'c_a', isAdd: true })).resolves.toMatchObject({ isMuted: true, isBlacked: false });
    expect((await client.relations.getMutelist()).map((r) => r.account)).toEqual(['c_a']);
    fake.push('relationsUpdated', { account: 'c_a', isBlacked: '1', isMuted: '0', time: 5000 });
    await flush();
    await flush();
    expect(await client.relations.get('c_a')).toMatchObject({ isBlacked: true, isMuted: false });
  });

  it('updateMyInfo sends gender as its code and stores the answer; getUsers asks the server only for unknown accounts', async () => {
    const { fake, client } = makeClient();
    fake.answer('updateMyInfo', (body) => ({ user: { ...body.user, account: ME, updateTime: 9 }, timetag: 3 }));
    fake.answer('getUsers', (body) => ({ users: (body.accounts ?? []).filter((a) => a !== 'ghost').map((account) => ({ account, nick: `N-${account}` })) }));
    await client.connect();
    await expect(client.users.updateMyInfo({ gender: 'male', tel: '+86-1' })).resolves.toMatchObject({ gender: 'male', tel: '+86-1' });
    expect(fake.requests.find((r) => r.name === 'updateMyInfo')?.body).toEqual({ user: { gender: 1, tel: '+86-1' } });
    expect(await client.users.getMyInfo()).toMatchObject({ gender: 'male' });
    expect((await client.users.getUsers(['c_a', 'ghost'])).map((u) => u.nick)).toEqual(['N-c_a']);
    await client.users.getUsers(['c_a', 'c_b']);
    expect(fake.requests.filter((r) => r.name === 'getUsers').map((r) => (r.body as { accounts?: string[] }).accounts)).toEqual([['c_a', 'ghost'], ['c_b']]);
  });
});
