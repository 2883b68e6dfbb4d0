// Connects the chat controller to the console: each incoming message and unread total goes
// through the parent bridge; visibility decides whether the open session counts as read.
import type { ChatClient } from '../chat/chat-client';
import { ChatController } from '../chat/chat-controller';
import type { ParentBridge } from '../parent-bridge/parent-bridge';

export function createFrameController(client: ChatClient, bridge: ParentBridge, doc: Document = document): ChatController {
  const controller = new ChatController(client, {
    onIncomingMessage: (message) =>
      bridge.newMessage({
        sessionId: message.sessionId,
        from: message.from,
        fromNick: message.fromNick ?? message.from,
        text: message.text,
        time: message.time,
      }),
    onUnreadTotal: (total) => bridge.unread(total),
    isVisible: () => doc.visibilityState === 'visible',
  });
  // The console hides the frame outside /message; what arrived meanwhile is read once it shows.
  doc.addEventListener('visibilitychange', () => {
    if (doc.visibilityState === 'visible') controller.markActiveSessionRead();
  });
  return controller;
}
