import { MemoryStore, ResponseCode, type Chatroom, type ImClient } from '@merchant/im-core';
import { FaultProxy } from '@merchant/im-core/testing';
import { FAST_TIMING, imCoreClient, sleep, waitFor } from './support/im-core-clients';
import { account, startServer, type StartedServer } from './support/test-server';

type Reconnecting = { attempt: number; error: unknown; kickReason?: number };

/** Longer than any back-off delay of FAST_TIMING: an attempt that was going to come has come by then. */
const PAST_ANY_BACKOFF_MS = (FAST_TIMING.reconnectMaxDelayMs ?? 400) * 2;

/**
 * A chat-room stay outlives its socket (docs/im-chatroom.md "Reconnect"): a lost socket logs in again by
 * itself with the §9 back-off; kicked, a closed room or exit() end the stay once. The socket runs through
 * the in-process fault proxy, which cuts or refuses real connections.
 */
describe('im-core chat rooms reconnect against im-server', () => {
  let started: StartedServer;
  let proxy: FaultProxy;
  const clients: ImClient[] = [];
  const rooms: Chatroom[] = [];
  const client = async (name: string, extra: Parameters<typeof imCoreClient>[2] = {}) => {
    const created = imCoreClient(started.url, name, { store: new MemoryStore(), ...extra });
    clients.push(created);
    await created.connect();
    return created;
  };
  const watch = (room: Chatroom) => {
    const seen = { reconnecting: [] as Reconnecting[], reconnected: 0, disconnected: [] as { error: unknown; kickReason?: number }[], texts: [] as string[] };
    room.on('reconnecting', (event) => seen.reconnecting.push(event));
    room.on('reconnected', () => seen.reconnected++);
    room.on('disconnected', (event) => seen.disconnected.push(event));
    room.on('msg', (msg) => seen.texts.push(String(msg.text)));
    return seen;
  };

  beforeAll(async () => {
    started = await startServer();
    proxy = await new FaultProxy(started.wsUrl).listen();
  });
  afterEach(() => {
    proxy.refusing = false;
    for (const room of rooms.splice(0)) room.exit();
  });
  afterAll(async () => {
    for (const c of clients) await c.destroy();
    await proxy.close();
    await started.server.close();
  });

  it('a cut socket logs in again by itself: reconnecting, then reconnected, and messages flow both ways again', async () => {
    const [ownerName, amyName] = [account('crr_owner'), account('crr_amy')];
    const id = account('crr_room');
    await started.server.createChatroom({ id, name: 'Reconnecting room', creator: ownerName });
    const owner = await client(ownerName);
    const amy = await client(amyName);
    const ownerRoom = await owner.chatrooms.enter({ chatroomId: id });
    const amyRoom = await amy.chatrooms.enter({ chatroomId: id, addresses: [proxy.url] });
    rooms.push(ownerRoom, amyRoom);
    const ownerSeen = watch(ownerRoom);
    const amySeen = watch(amyRoom);

    proxy.refusing = true; // the first attempts fail, so the back-off is walked
    proxy.cutAll();
    await waitFor(() => amySeen.reconnecting.length >= 2, 5000, 'two reconnect attempts while the proxy refuses');
    expect(amySeen.reconnecting.slice(0, 2).map((r) => r.attempt)).toEqual([1, 2]);
    expect(amyRoom.connected).toBe(false);
    await expect(amyRoom.sendText('while away')).rejects.toMatchObject({ message: 'chatroom not connected' });

    proxy.refusing = false;
    await waitFor(() => amySeen.reconnected === 1, 5000, 'amy is back in the room');
    expect(amyRoom.connected).toBe(true);
    expect(amyRoom.member).toMatchObject({ account: amyName });
    expect(amySeen.disconnected).toEqual([]);

    await amyRoom.sendText('back again');
    await waitFor(() => ownerSeen.texts.includes('back again'), 5000, 'the owner hears amy after the reconnect');
    await ownerRoom.sendText('welcome back');
    await waitFor(() => amySeen.texts.includes('welcome back'), 5000, 'amy hears the owner on the new socket');
    expect(amySeen.texts.filter((t) => t === 'welcome back')).toHaveLength(1);
  });

  it('kicked by an admin (5) ends the stay at once: no reconnect, disconnected once', async () => {
    const [ownerName, amyName] = [account('crk_owner'), account('crk_amy')];
    const id = account('crk_room');
    await started.server.createChatroom({ id, name: 'Kick room', creator: ownerName });
    const ownerRoom = await (await client(ownerName)).chatrooms.enter({ chatroomId: id });
    const amyRoom = await (await client(amyName)).chatrooms.enter({ chatroomId: id, addresses: [proxy.url] });
    rooms.push(ownerRoom, amyRoom);
    const amySeen = watch(amyRoom);
    const before = proxy.connections;
    await ownerRoom.kickMember(amyName);
    await waitFor(() => amySeen.disconnected.length === 1, 5000, 'amy is out');
    expect(amySeen.disconnected[0]).toMatchObject({ kickReason: 5 });
    // fixed wait: a kicked member must not reconnect; the window is longer than any back-off
    await sleep(PAST_ANY_BACKOFF_MS);
    expect(amySeen.reconnecting).toEqual([]);
    expect(proxy.connections).toBe(before);
    expect(amyRoom.connected).toBe(false);
  });

  it('a room closed while the socket was away ends the stay with 13002 on the next login', async () => {
    const [ownerName, amyName] = [account('crc2_owner'), account('crc2_amy')];
    const id = account('crc2_room');
    await started.server.createChatroom({ id, name: 'Closing room', creator: ownerName });
    const ownerRoom = await (await client(ownerName)).chatrooms.enter({ chatroomId: id });
    const amyRoom = await (await client(amyName)).chatrooms.enter({ chatroomId: id, addresses: [proxy.url] });
    rooms.push(ownerRoom, amyRoom);
    const amySeen = watch(amyRoom);

    proxy.refusing = true;
    proxy.cutAll();
    await waitFor(() => amySeen.reconnecting.length >= 1, 5000, 'amy is reconnecting');
    await ownerRoom.close();
    proxy.refusing = false;
    await waitFor(() => amySeen.disconnected.length === 1, 5000, 'the stay ends');
    expect(amySeen.disconnected[0].error).toMatchObject({ code: ResponseCode.CHATROOM_STATE_ABNORMAL });
    expect(amySeen.reconnected).toBe(0);
  });

  it('exit() while reconnecting ends the stay: disconnected once, and no login follows', async () => {
    const [ownerName, amyName] = [account('cre_owner'), account('cre_amy')];
    const id = account('cre_room');
    await started.server.createChatroom({ id, name: 'Exit room', creator: ownerName });
    const ownerRoom = await (await client(ownerName)).chatrooms.enter({ chatroomId: id });
    rooms.push(ownerRoom);
    const amyRoom = await (await client(amyName)).chatrooms.enter({ chatroomId: id, addresses: [proxy.url] });
    const amySeen = watch(amyRoom);

    proxy.refusing = true;
    proxy.cutAll();
    await waitFor(() => amySeen.reconnecting.length >= 1, 5000, 'amy is reconnecting');
    amyRoom.exit();
    expect(amySeen.disconnected).toEqual([{ error: undefined }]);
    // An attempt already under way meets the refusing proxy; none starts after the exit.
    // fixed wait: an attempt already under way ends within the longest back-off
    await sleep(PAST_ANY_BACKOFF_MS);
    const after = proxy.connections;
    proxy.refusing = false;
    // fixed wait: no attempt may start after the exit; the window is longer than any back-off
    await sleep(PAST_ANY_BACKOFF_MS);
    expect(proxy.connections).toBe(after);
    expect(amySeen.reconnected).toBe(0);
    expect(amySeen.disconnected).toHaveLength(1);
    expect((await ownerRoom.getMembers({ guest: true })).map((m) => m.account)).not.toContain(amyName);
  });

  it('a client with needReconnect false does not log a chat room in again: the cut ends the stay', async () => {
    const [ownerName, amyName] = [account('crn_owner'), account('crn_amy')];
    const id = account('crn_room');
    await started.server.createChatroom({ id, name: 'No reconnect', creator: ownerName });
    const ownerRoom = await (await client(ownerName)).chatrooms.enter({ chatroomId: id });
    const amyRoom = await (await client(amyName, { needReconnect: false })).chatrooms.enter({ chatroomId: id, addresses: [proxy.url] });
    rooms.push(ownerRoom, amyRoom);
    const amySeen = watch(amyRoom);
    proxy.cutAll();
    await waitFor(() => amySeen.disconnected.length === 1, 5000, 'the stay ends');
    expect(amySeen.reconnecting).toEqual([]);
  });
});
