// Connects the chat controller to the console: each incoming message (but those of teams the
// merchant muted) and the unread total go through the parent bridge; visibility decides whether
// the open session counts as read.
import { sendTargetOf, type ChatClient, type ChatMessage } from '../chat/chat-client';
import { ChatController } from '../chat/chat-controller';
import type { ParentBridge } from '../parent-bridge/parent-bridge';
import { ALWAYS_VISIBLE, type ConsoleVisibility } from '../parent-bridge/console-visibility';

export interface FrameControllerOptions {
  doc?: Pick<Document, 'visibilityState' | 'addEventListener'>;
  /** The console's `visibility` messages; always visible when omitted (standalone). */
  consoleVisibility?: ConsoleVisibility;
}

export function createFrameController(client: ChatClient, bridge: ParentBridge, options: FrameControllerOptions = {}): ChatController {
  const doc = options.doc ?? document;
  const consoleVisibility = options.consoleVisibility ?? ALWAYS_VISIBLE;
  // Visible = the console shows the frame (it hides it off /message) and the tab is in front.
  const isVisible = () => consoleVisibility.isVisible() && doc.visibilityState === 'visible';
  const tellConsole = (message: ChatMessage) =>
    bridge.newMessage({
      sessionId: message.sessionId,
      from: message.from,
      fromNick: message.fromNick ?? message.from,
      text: message.text,
      time: message.time,
    });
  const controller = new ChatController(client, {
    onIncomingMessage: (message) => {
      const target = sendTargetOf(message.sessionId);
      if (target.scene !== 'team' || !client.teams) return tellConsole(message);
      // A team the merchant muted (team panel, "Notifications") tells the console nothing, unless the
      // sender forced the push; the message still counts unread. In doubt (no stored members), tell.
      void client.teams.notifies(target.to, message.from, message.forcePush === true).then(
        (notifies) => notifies && tellConsole(message),
        () => tellConsole(message),
      );
    },
    onUnreadTotal: (total) => bridge.unread(total),
    isVisible,
  });
  // What arrived while hidden is read once the merchant sees the open conversation again.
  const onShown = () => {
    if (isVisible()) controller.markActiveSessionRead();
  };
  doc.addEventListener('visibilitychange', onShown);
  consoleVisibility.onChange(onShown);
  return controller;
}
