// React access to the one ChatController of the frame.
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { ChatController } from './chat-controller';
import type { ChatState } from './chat-state';

const ChatControllerContext = createContext<ChatController | null>(null);

export function ChatProvider({ controller, children }: { controller: ChatController; children: ReactNode }) {
  return <ChatControllerContext.Provider value={controller}>{children}</ChatControllerContext.Provider>;
}

export function useChatController(): ChatController {
  const controller = useContext(ChatControllerContext);
  if (!controller) throw new Error('useChatController must be used inside <ChatProvider>');
  return controller;
}

export function useChatState(): ChatState {
  const controller = useChatController();
  return useSyncExternalStore(controller.subscribe, controller.getState, controller.getState);
}
