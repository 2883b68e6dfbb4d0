import { MemoryStore, SignalingCode, type ImClient, type ImSignalEvent } from '@merchant/im-core';
import { imCoreClient, waitFor } from './support/im-core-clients';
import { account, startServer, type StartedServer } from './support/test-server';

/** im-core's signalling service (libs/im-core/src/services/signalling-service.ts) against the real im-server and database. */
describe('im-core signalling against im-server', () => {
  let started: StartedServer;
  const clients: ImClient[] = [];
  const client = async (name: string) => {
    const created = imCoreClient(started.url, name, { store: new MemoryStore() });
    clients.push(created);
    await created.connect();
    return created;
  };
  const events = (c: ImClient) => {
    const list: ImSignalEvent[] = [];
    c.on('signalling', (e) => list.push(e));
    return list;
  };

  beforeAll(async () => {
    started = await startServer();
  });
  afterAll(async () => {
    for (const c of clients) await c.destroy();
    await started.server.close();
  });

  it('createAndJoin on a taken name (10405) fetches the channel and joins it; the first member hears the join', async () => {
    const [amyName, bobName] = [account('sc_amy'), account('sc_bob')];
    const amy = await client(amyName);
    const bob = await client(bobName);
    const amyEvents = events(amy);
    const name = `sc-room-${Date.now()}`;
    const first = await amy.signalling.createAndJoin({ type: 1, channelName: name, uid: 1 });
    expect(first).toMatchObject({ channelName: name, creator: amyName, members: [expect.objectContaining({ account: amyName, uid: 1 })] });
    // Plain create surfaces 10405; createAndJoin falls back (§4).
    await expect(bob.signalling.create({ type: 1, channelName: name })).rejects.toMatchObject({ code: SignalingCode.ROOM_EXISTS });
    const second = await bob.signalling.createAndJoin({ type: 1, channelName: name, uid: 2 });
    expect(second.channelId).toBe(first.channelId);
    expect(second.members.map((m) => m.account).sort()).toEqual([amyName, bobName].sort());
    await waitFor(() => amyEvents.some((e) => e.type === 'join' && e.from === bobName), 5000, 'amy hears bob join');
    expect(amyEvents.find((e) => e.type === 'join')).toMatchObject({ uid: 2, channel: { channelId: first.channelId } });
  });

  it('bad input is refused before anything is sent (Param_Error with the §5 text)', async () => {
    const amy = await client(account('sc_v'));
    await expect(amy.signalling.create({} as never)).rejects.toMatchObject({ errorName: 'Param_Error', message: 'type is required' });
    await expect(amy.signalling.join({ channelId: '' })).rejects.toMatchObject({ message: 'channelId is required' });
    await expect(amy.signalling.invite({ channelId: 'c', account: 'b', requestId: '' })).rejects.toMatchObject({ message: 'requestId is required' });
    await expect(amy.signalling.markRead([])).rejects.toMatchObject({ errorName: 'Param_Error', code: 414, message: 'msgid is required' });
    await expect(amy.signalling.getChannelInfo('')).rejects.toMatchObject({ errorName: 'Param_Error', code: 414, message: 'channelName is required' });
  });

  it('invite → invite event; accept → accept event; control, leave and close reach the other party as events', async () => {
    const [amyName, bobName] = [account('sc_i_amy'), account('sc_i_bob')];
    const amy = await client(amyName);
    const bob = await client(bobName);
    const [amyEvents, bobEvents] = [events(amy), events(bob)];
    const channel = await amy.signalling.createAndJoin({ type: 2 });
    await amy.signalling.invite({ channelId: channel.channelId, account: bobName, requestId: 'req-1', attach: 'ring', needPush: true, needBadge: false });
    await waitFor(() => bobEvents.some((e) => e.type === 'invite'), 5000, 'bob hears the invite');
    const invite = bobEvents.find((e) => e.type === 'invite')!;
    expect(invite).toMatchObject({ from: amyName, to: bobName, requestId: 'req-1', attach: 'ring', needPush: true, needBadge: false, channel: { channelId: channel.channelId, type: 2 } });
    expect(invite.msgid).toBeTruthy();
    await bob.signalling.markRead(invite.msgid!);

    const joined = await bob.signalling.accept({ channelId: channel.channelId, account: amyName, requestId: 'req-1' });
    expect(joined.members.map((m) => m.account).sort()).toEqual([amyName, bobName].sort());
    await waitFor(() => amyEvents.some((e) => e.type === 'accept'), 5000, 'amy hears the accept');
    await expect(bob.signalling.reject({ channelId: channel.channelId, account: amyName, requestId: 'req-1' })).rejects.toMatchObject({ code: SignalingCode.INVITE_ACCEPTED });

    await amy.signalling.control({ channelId: channel.channelId, account: bobName, attach: 'mute' });
    await waitFor(() => bobEvents.some((e) => e.type === 'control' && e.attach === 'mute'), 5000, 'bob hears control');
    await bob.signalling.leave({ channelId: channel.channelId });
    await waitFor(() => amyEvents.some((e) => e.type === 'leave' && e.from === bobName), 5000, 'amy hears the leave');
    await bob.signalling.join({ channelId: channel.channelId });
    await amy.signalling.close({ channelId: channel.channelId });
    await waitFor(() => bobEvents.some((e) => e.type === 'close'), 5000, 'bob hears the close');
    await expect(amy.signalling.delay(channel.channelId)).rejects.toMatchObject({ code: 9102 });
  });
});
