import { MemoryStore, type ImClient, type ImSysMsg } from '@merchant/im-core';
import { imCoreClient, waitFor } from './support/im-core-clients';
import { RawImClient } from './support/raw-client';
import { account, startServer, type StartedServer } from './support/test-server';

/** im-core's friends, relations and system messages services against the real im-server and database. */
describe('im-core relations against im-server', () => {
  let started: StartedServer;
  const clients: ImClient[] = [];
  const client = async (name: string, store = new MemoryStore()) => {
    const created = imCoreClient(started.url, name, { store });
    clients.push(created);
    await created.connect();
    return created;
  };

  beforeAll(async () => {
    started = await startServer();
  });
  afterAll(async () => {
    for (const c of clients) await c.destroy();
    await started.server.close();
  });

  it('friend apply → pass: the request arrives as a system message, becomes passed, and both sides see the friend', async () => {
    const aliceName = account('cf_alice');
    const bobName = account('cf_bob');
    const alice = await client(aliceName);
    const bob = await client(bobName);
    const received: ImSysMsg[] = [];
    bob.on('sysMsg', (s) => received.push(s));

    await alice.friends.applyFriend({ account: bobName, ps: 'shall we?' });
    await waitFor(() => received.length === 1, 5000, 'applyFriend system message');
    expect(received[0]).toMatchObject({ category: 'friend', type: 'applyFriend', from: aliceName, state: 'init', read: false, ps: 'shall we?' });
    expect(await bob.systemMessages.unreadByType()).toEqual({ applyFriend: 1 });

    await bob.friends.passFriendApply({ account: aliceName, idServer: received[0].idServer });
    expect((await bob.localStore?.getSysMsg(received[0].idServer))?.state).toBe('passed');
    expect(await bob.systemMessages.unreadByType()).toEqual({});
    await waitFor(async () => (await alice.friends.list()).some((f) => f.account === bobName), 5000, 'alice sees bob as a friend');
    await waitFor(async () => (await bob.friends.list()).some((f) => f.account === aliceName), 5000, 'bob sees alice as a friend');
    await waitFor(async () => (await alice.systemMessages.list()).some((s) => s.type === 'passFriendApply'), 5000, 'alice gets the answer');

    // A fresh device of bob syncs the same: the friend, and the application already passed.
    const bobElsewhere = await client(bobName);
    expect((await bobElsewhere.friends.list()).map((f) => f.account)).toEqual([aliceName]);
    expect((await bobElsewhere.systemMessages.list()).map((s) => [s.type, s.state])).toEqual([['applyFriend', 'passed']]);
  });

  it('a blocked sender gets 7101: the message is delivered for the sender with isInBlackList, and never reaches the receiver', async () => {
    const carolName = account('cb_carol');
    const daveName = account('cb_dave');
    const carol = await client(carolName);
    const dave = await client(daveName);
    const daveGot: string[] = [];
    dave.on('msg', (m) => daveGot.push(m.text ?? ''));

    await dave.relations.markInBlacklist({ account: carolName, isAdd: true });
    const sent = await carol.messages.sendText({ scene: 'p2p', to: daveName, text: 'blocked?' });
    expect(sent).toMatchObject({ status: 'success', isInBlackList: true });
    expect((await carol.localStore?.getMessage(sent.idClient))?.isInBlackList).toBe(true);
    await expect(carol.systemMessages.sendCustomSysMsg({ to: daveName, content: '{"typing":1}' })).rejects.toMatchObject({ code: 7101 });

    await dave.relations.markInBlacklist({ account: carolName, isAdd: false });
    const after = await carol.messages.sendText({ scene: 'p2p', to: daveName, text: 'unblocked' });
    expect(after.isInBlackList).toBeUndefined();
    await waitFor(() => daveGot.includes('unblocked'), 5000, 'the message after unblocking');
    expect(daveGot).toEqual(['unblocked']);
  });

  it('mutelist and blocklist flags arrive as "1" and are booleans on every device of the account', async () => {
    const erinName = account('cm_erin');
    const muted = account('cm_muted');
    const blocked = account('cm_blocked');
    await client(muted);
    await client(blocked);
    const erin = await client(erinName);
    await erin.relations.markInMutelist({ account: muted, isAdd: true });
    await erin.relations.markInBlacklist({ account: blocked, isAdd: true });
    expect(await erin.relations.get(muted)).toMatchObject({ isMuted: true, isBlacked: false });

    // A new browser (web again, so the first one is signed out): the lists come by sync
    // (syncRelations with flags "1"); a change from another platform comes live (relationsUpdated).
    const erinSecond = await client(erinName, new MemoryStore());
    const relations = await erinSecond.relations.list();
    expect(relations.map(({ account: a, isBlacked, isMuted }) => ({ account: a, isBlacked, isMuted }))).toEqual([
      { account: muted, isBlacked: false, isMuted: true },
      { account: blocked, isBlacked: true, isMuted: false },
    ]);
    const phone = await RawImClient.loggedIn(started.wsUrl, erinName, { clientType: 1, deviceId: 'phone' });
    expect((await phone.request('markInMutelist', { account: muted, isAdd: false })).code).toBe(200);
    phone.close();
    await waitFor(async () => (await erinSecond.relations.getMutelist()).length === 0, 5000, 'the unmute on the other device');
  });

  it('do-not-disturb set on one device is stored by the sync of the next device', async () => {
    const name = account('cd_gus');
    const first = await client(name);
    await first.users.updateDonnop('{"open":true,"startH":22,"endH":7}');
    expect(await first.users.getDonnop()).toBe('{"open":true,"startH":22,"endH":7}');
    const second = await client(name, new MemoryStore());
    await waitFor(async () => (await second.users.getDonnop()) !== undefined, 5000, 'donnop stored by the sync');
    expect(await second.users.getDonnop()).toBe('{"open":true,"startH":22,"endH":7}');
  });
});
