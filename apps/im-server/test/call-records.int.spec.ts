import { MemoryStore, parseCallRecord, SignalingCode, type ImClient, type ImMessage, type ImSignalEvent } from '@merchant/im-core';
import { imCoreClient, waitFor } from './support/im-core-clients';
import { RawImClient } from './support/raw-client';
import { account, startServer, type StartedServer } from './support/test-server';

// Call records (issue 31 "netcallMsg", issue 32 §3; docs/im-signalling.md "Call records"): when an invitation ends the
// server writes one g2 message from the caller to the callee, pushes it as netcallMsg to every port of both, and sync
// carries it to a device that was offline. im-core clients against the real server and database; the server's clock is
// set by the test, so a call's length is exact.
describe('call records', () => {
  let started: StartedServer;
  let clock = Date.now();
  const clients: ImClient[] = [];
  const client = async (name: string, store = new MemoryStore()) => {
    const created = imCoreClient(started.url, name, { store });
    clients.push(created);
    await created.connect();
    return created;
  };
  const callRecords = (c: ImClient) => {
    const list: ImMessage[] = [];
    c.on('msg', (message) => message.type === 'g2' && list.push(message));
    return list;
  };
  const invites = (c: ImClient) => {
    const list: ImSignalEvent[] = [];
    c.on('signalling', (event) => list.push(event));
    return list;
  };
  /** amy calls bob: a channel of `type`, amy in it, bob invited (he hears it). */
  const call = async (amy: ImClient, bob: ImClient, bobName: string, type = 1) => {
    const heard = invites(bob);
    const channel = await amy.signalling.createAndJoin({ type });
    const requestId = `req-${channel.channelId}`;
    await amy.signalling.invite({ channelId: channel.channelId, account: bobName, requestId });
    await waitFor(() => heard.some((e) => e.type === 'invite' && e.channel.channelId === channel.channelId), 5000, 'bob hears the invitation');
    return { channelId: channel.channelId, requestId };
  };

  beforeAll(async () => {
    // Each reading moves the clock on by 1 ms, so no two messages share a time.
    started = await startServer({ now: () => (clock += 1) });
  });
  afterAll(async () => {
    for (const c of clients) await c.destroy();
    await started.server.close();
  });

  it('a declined call: both parties, each of their ports, get one rejected record in their conversation', async () => {
    const [amyName, bobName] = [account('cr_amy'), account('cr_bob')];
    const amy = await client(amyName);
    // amy's phone: another port of the account (another client type, so neither kicks the other).
    const amyPhone = await RawImClient.loggedIn(started.wsUrl, amyName, { clientType: 1, deviceId: 'amy-phone' });
    const bob = await client(bobName);
    const [amyGot, bobGot] = [callRecords(amy), callRecords(bob)];
    try {
      const { channelId, requestId } = await call(amy, bob, bobName, 2);

      await bob.signalling.reject({ channelId, account: amyName, requestId });
      await waitFor(() => amyGot.length > 0 && bobGot.length > 0, 5000, 'both parties get the record');
      for (const got of [amyGot, bobGot]) {
        expect(got).toHaveLength(1);
        expect(got[0]).toMatchObject({ type: 'g2', from: amyName, to: bobName, scene: 'p2p' });
        expect(parseCallRecord(got[0]!.attach)).toEqual({ channelId, callType: 2, status: 'rejected' });
      }
      const onPhone = await amyPhone.waitForPush('netcallMsg');
      expect(onPhone.msg).toMatchObject({ idServer: amyGot[0]!.idServer, type: 12 });
    } finally {
      amyPhone.close();
    }
    expect(amyGot[0]!.flow).toBe('out');
    expect(bobGot[0]!.flow).toBe('in');
    // The conversation moves to it, and for the callee it is unread.
    const bobSession = (await bob.sessions.list()).find((s) => s.to === amyName);
    expect(bobSession).toMatchObject({ unread: 1, lastMsg: expect.objectContaining({ type: 'g2', idServer: bobGot[0]!.idServer }) });
  });

  it('an answered call closed 42 s later is recorded as completed, 42 s long', async () => {
    const [amyName, bobName] = [account('cr_c_amy'), account('cr_c_bob')];
    const amy = await client(amyName);
    const bob = await client(bobName);
    const [amyGot, bobGot] = [callRecords(amy), callRecords(bob)];
    const { channelId, requestId } = await call(amy, bob, bobName);
    await bob.signalling.accept({ channelId, account: amyName, requestId });
    clock += 42_400;
    await bob.signalling.close({ channelId });
    await waitFor(() => amyGot.length > 0 && bobGot.length > 0, 5000, 'both get the record');
    expect(parseCallRecord(amyGot[0]!.attach)).toEqual({ channelId, callType: 1, status: 'completed', durationSeconds: 42 });
    expect(bobGot[0]!.idServer).toBe(amyGot[0]!.idServer);
  });

  it('withdrawn, or closed while ringing: canceled, and a ringing callee hears the close', async () => {
    const [amyName, bobName] = [account('cr_x_amy'), account('cr_x_bob')];
    const amy = await client(amyName);
    const bob = await client(bobName);
    const bobGot = callRecords(bob);
    const bobEvents = invites(bob);

    const first = await call(amy, bob, bobName);
    await amy.signalling.cancel({ channelId: first.channelId, account: bobName, requestId: first.requestId });
    await waitFor(() => bobGot.length === 1, 5000, 'the canceled record');
    expect(parseCallRecord(bobGot[0]!.attach)).toMatchObject({ channelId: first.channelId, status: 'canceled' });
    // The same invitation cannot end twice: a second cancel is refused and writes nothing.
    await expect(amy.signalling.cancel({ channelId: first.channelId, account: bobName, requestId: first.requestId })).rejects.toMatchObject({ code: SignalingCode.INVITE_NOT_EXIST });
    await amy.signalling.close({ channelId: first.channelId });

    const second = await call(amy, bob, bobName);
    await amy.signalling.close({ channelId: second.channelId });
    await waitFor(() => bobEvents.some((e) => e.type === 'close' && e.channel.channelId === second.channelId), 5000, 'bob hears the close');
    await waitFor(() => bobGot.length === 2, 5000, 'the second record');
    expect(parseCallRecord(bobGot[1]!.attach)).toMatchObject({ channelId: second.channelId, status: 'canceled' });
    // The server holds exactly these two (the refused cancel wrote none).
    const history = await amy.messages.fetchHistory({ sessionId: `p2p-${bobName}` });
    expect(history.messages.filter((m) => m.type === 'g2').map((m) => parseCallRecord(m.attach)?.channelId)).toEqual([first.channelId, second.channelId]);
  });

  it('a callee offline when the call ended finds the record after the next login (sync)', async () => {
    const [amyName, bobName] = [account('cr_o_amy'), account('cr_o_bob')];
    const amy = await client(amyName);
    const bob = await client(bobName);
    const { channelId, requestId } = await call(amy, bob, bobName);
    await bob.destroy();
    await amy.signalling.cancel({ channelId, account: bobName, requestId });

    const bobAgain = await client(bobName);
    await waitFor(async () => (await bobAgain.sessions.list()).some((s) => s.to === amyName && s.lastMsg?.type === 'g2'), 5000, 'the record synced');
    const session = (await bobAgain.sessions.list()).find((s) => s.to === amyName)!;
    expect(parseCallRecord(session.lastMsg!.attach)).toEqual({ channelId, callType: 1, status: 'canceled' });
  });
});
