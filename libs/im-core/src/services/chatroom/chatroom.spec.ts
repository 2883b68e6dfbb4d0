import { MessageTypeCode } from '../../protocol/constants';
import { Chatroom, type ChatroomRequester, type ImChatroomNotification } from './chatroom';

// The chat-room service without a server (the integration test is apps/im-server/test/chatroom-client.int.spec.ts).
function fakeRequester(connected = true) {
  const sent: { name: string; body: unknown }[] = [];
  const requester: ChatroomRequester = {
    connected,
    close: () => undefined,
    request: ((name: string, body: unknown) => {
      sent.push({ name, body });
      return Promise.resolve(name === 'chatroomSendMsg' ? { msg: { ...(body as { msg: object }).msg, idServer: '7' } } : {});
    }) as ChatroomRequester['request'],
  };
  return { requester, sent };
}

describe('Chatroom', () => {
  it('refuses with "chatroom not connected" without a chatroomId or a connection, and sends nothing', async () => {
    for (const [id, connected] of [[undefined, true], ['', true], ['room', false]] as const) {
      const { requester, sent } = fakeRequester(connected);
      const room = new Chatroom(id, requester, () => 'c1', undefined, undefined);
      await expect(room.sendText('hi')).rejects.toMatchObject({ errorName: 'Error_Connection_is_not_Established', message: 'chatroom not connected' });
      await expect(room.queueList()).rejects.toMatchObject({ message: 'chatroom not connected' });
      expect(sent).toEqual([]);
    }
  });

  it('sends a room message addressed to the room with an idClient', async () => {
    const { requester, sent } = fakeRequester();
    const room = new Chatroom('room', requester, () => 'c1', undefined, undefined);
    expect(await room.sendText('hi')).toMatchObject({ idServer: '7', idClient: 'c1', to: 'room', chatroomId: 'room', type: MessageTypeCode.text });
    expect(sent).toEqual([{ name: 'chatroomSendMsg', body: { msg: expect.objectContaining({ text: 'hi', scene: 0 }) } }]);
  });

  it('turns notification messages into notification events and others into msg events; a muteRoom updates the known room', () => {
    const { requester } = fakeRequester();
    const room = new Chatroom('room', requester, () => 'c1', { id: 'room', mute: false }, undefined);
    const notes: ImChatroomNotification[] = [];
    const msgs: string[] = [];
    room.on('notification', (n) => notes.push(n));
    room.on('msg', (m) => msgs.push(String(m.text)));
    room.handleMessage({ type: MessageTypeCode.notification, time: 5, attach: JSON.stringify({ type: 'muteRoom', from: 'owner', mute: true }) });
    room.handleMessage({ type: MessageTypeCode.notification, attach: 'not json' });
    room.handleMessage({ type: MessageTypeCode.text, text: 'hello' });
    expect(notes).toEqual([{ type: 'muteRoom', from: 'owner', mute: true, time: 5 }]);
    expect(msgs).toEqual(['hello']);
    expect(room.chatroom?.mute).toBe(true);
  });
});
