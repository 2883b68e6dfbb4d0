import WebSocket from 'ws';
import { CHATROOM_KICK_REASON, Chatroom, MemoryStore, ResponseCode, enterChatroomAnonymously, type ImChatroomNotification, type ImClient, type WebSocketConstructor } from '@merchant/im-core';
import { FAST_TIMING, imCoreClient, waitFor } from './support/im-core-clients';
import { account, startServer, type StartedServer } from './support/test-server';

/** im-core's chat-room client (client/chatroom-entry.ts, services/chatroom/chatroom.ts) against the real im-server and database. */
describe('im-core chat rooms against im-server', () => {
  let started: StartedServer;
  const clients: ImClient[] = [];
  const rooms: Chatroom[] = [];
  const client = async (name: string) => {
    const created = imCoreClient(started.url, name, { store: new MemoryStore() });
    clients.push(created);
    await created.connect();
    return created;
  };
  const enter = async (c: ImClient, chatroomId: string) => {
    const room = await c.chatrooms.enter({ chatroomId });
    rooms.push(room);
    return room;
  };
  const notificationsOf = (room: Chatroom) => {
    const list: ImChatroomNotification[] = [];
    room.on('notification', (n) => list.push(n));
    return list;
  };

  beforeAll(async () => {
    started = await startServer();
  });
  afterAll(async () => {
    for (const r of rooms) r.exit();
    for (const c of clients) await c.destroy();
    await started.server.close();
  });

  it('enters through the address lookup, sends and receives, reads history, sees members and notifications, leaves', async () => {
    const [ownerName, amyName] = [account('crc_owner'), account('crc_amy')];
    const id = account('crc_room');
    await started.server.createChatroom({ id, name: 'Client room', creator: ownerName });
    const owner = await client(ownerName);
    const amy = await client(amyName);
    expect(await amy.chatrooms.getAddress(id)).toEqual([started.wsUrl]);
    const ownerRoom = await enter(owner, id);
    expect(ownerRoom.member).toMatchObject({ account: ownerName, type: 'owner' });
    const ownerNotes = notificationsOf(ownerRoom);
    const received: string[] = [];
    ownerRoom.on('msg', (m) => received.push(String(m.text)));
    const amyRoom = await enter(amy, id);
    expect(amyRoom.chatroom).toMatchObject({ id, name: 'Client room', onlineMemberNum: 2 });
    await waitFor(() => ownerNotes.some((n) => n.type === 'memberEnter' && n.from === amyName), 5000, 'memberEnter');

    const sent = await amyRoom.sendText('hi room');
    expect(sent).toMatchObject({ idServer: expect.any(String), from: amyName, chatroomId: id, text: 'hi room' });
    await waitFor(() => received.includes('hi room'), 5000, 'owner receives');
    expect((await ownerRoom.getHistoryMsgs({ limit: 10 })).map((m) => m.text)).toEqual(['hi room']);
    expect((await ownerRoom.getMembers({ guest: true })).map((m) => m.account)).toEqual([amyName]);

    await ownerRoom.markMember({ account: amyName, type: 'gag', isAdd: true });
    await expect(amyRoom.sendText('muted')).rejects.toMatchObject({ code: ResponseCode.CHATROOM_IN_MUTELIST });
    await ownerRoom.markMember({ account: amyName, type: 'gag', isAdd: false });
    await ownerRoom.updateChatroom({ mute: true });
    await expect(amyRoom.sendText('room muted')).rejects.toMatchObject({ code: ResponseCode.CHATROOM_ALL_MUTED });
    await ownerRoom.updateChatroom({ mute: false });

    await amyRoom.queueOffer('seat-1', 'amy');
    expect(await ownerRoom.queueList()).toEqual([{ key: 'seat-1', value: 'amy' }]);
    expect(await ownerRoom.queuePoll()).toEqual({ key: 'seat-1', value: 'amy' });
    await amyRoom.updateTags(['vip']);
    expect((await ownerRoom.getMembersByTag({ tag: 'vip' })).map((m) => m.account)).toEqual([amyName]);
    await amyRoom.updateCoordinate({ x: 1, y: 2, z: 3 });

    amyRoom.exit();
    await waitFor(() => ownerNotes.some((n) => n.type === 'memberExit' && n.from === amyName), 5000, 'memberExit');
    await expect(amyRoom.sendText('after exit')).rejects.toMatchObject({ message: 'chatroom not connected' });
  });

  it('a room without chatroomId refuses with "chatroom not connected"; bad input is refused before sending with the shared rules', async () => {
    const detached = new Chatroom(undefined, { connected: true, close: () => undefined, request: () => Promise.reject(new Error('must not be sent')) }, () => 'id', undefined, undefined);
    await expect(detached.sendText('x')).rejects.toMatchObject({ errorName: 'Error_Connection_is_not_Established', message: 'chatroom not connected' });
    await expect(detached.getChatroom()).rejects.toMatchObject({ message: 'chatroom not connected' });

    const ownerName = account('crc_v');
    const id = account('crc_vroom');
    await started.server.createChatroom({ id, name: 'Rules', creator: ownerName });
    const room = await enter(await client(ownerName), id);
    await expect(room.getHistoryMsgs({ limit: 101 })).rejects.toMatchObject({ errorName: 'Param_Error', message: 'limit must be an integer from 1 to 100' });
    await expect(room.markMember({ account: 'x', type: 'tempMute', isAdd: true })).rejects.toMatchObject({ message: 'duration must be an integer from 1 to 2592000 seconds' });
    await expect(room.queueOffer('', 'v')).rejects.toMatchObject({ message: 'key is required' });
    await expect(room.updateTags(['x'.repeat(33)])).rejects.toMatchObject({ message: 'each tag must be 1 to 32 characters' });
    await expect(room.updateChatroom({})).rejects.toMatchObject({ message: expect.stringMatching(/^chatroom needs at least one of/) });
  });

  it('a kicked member and a closed room end the socket with the kick reason; the closed room then refuses the address (13002); anonymous visitors enter rooms that admit them', async () => {
    const [ownerName, amyName] = [account('crc_k_owner'), account('crc_k_amy')];
    const id = account('crc_kroom');
    await started.server.createChatroom({ id, name: 'Kick room', creator: ownerName, allowAnonymous: true });
    const owner = await client(ownerName);
    const amy = await client(amyName);
    const ownerRoom = await enter(owner, id);
    const amyRoom = await enter(amy, id);
    const amyEnd = new Promise<{ kickReason?: number; error?: Error }>((resolve) => amyRoom.on('disconnected', resolve));
    await ownerRoom.kickMember(amyName, 'out');
    const ended = await amyEnd;
    expect(ended.kickReason).toBe(CHATROOM_KICK_REASON.kicked);
    expect(ended.error).toMatchObject({ errorName: 'Kicked', message: 'Kicked from the chat room' });

    const visitor = await enterChatroomAnonymously(
      { chatroomId: id, addresses: [started.wsUrl], member: { nick: 'visitor' } },
      { WebSocketImpl: WebSocket as unknown as WebSocketConstructor, transports: ['websocket'], timing: FAST_TIMING },
    );
    rooms.push(visitor);
    expect(visitor.member).toMatchObject({ type: 'anonymous', guest: true, nick: 'visitor' });
    const visitorEnd = new Promise<{ kickReason?: number }>((resolve) => visitor.on('disconnected', resolve));
    await ownerRoom.close('bye');
    expect((await visitorEnd).kickReason).toBe(CHATROOM_KICK_REASON.closed);
    await expect(amy.chatrooms.getAddress(id)).rejects.toMatchObject({ code: ResponseCode.CHATROOM_STATE_ABNORMAL });
  });

  it('a chat room works over HTTP long polling too (the same gateway behind /lp)', async () => {
    const ownerName = account('crc_lp_owner');
    const id = account('crc_lproom');
    await started.server.createChatroom({ id, name: 'Long polling', creator: ownerName, allowAnonymous: true });
    const ownerRoom = await enter(await client(ownerName), id);
    const received: string[] = [];
    ownerRoom.on('msg', (m) => received.push(String(m.text)));
    const visitor = await enterChatroomAnonymously({ chatroomId: id, addresses: [started.wsUrl] }, { transports: ['long-polling'], timing: FAST_TIMING });
    rooms.push(visitor);
    await visitor.sendText('over long polling');
    await waitFor(() => received.includes('over long polling'), 5000, 'owner receives the long-polling message');
    expect((await visitor.getChatroom())?.onlineMemberNum).toBe(2);
  });
});
