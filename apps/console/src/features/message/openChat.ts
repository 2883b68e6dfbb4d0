// "Chat with buyer": any screen (e.g. the order detail) opens the embedded chat on the conversation
// with an IM account. The screen only asks; the frame host (ImFrameHost) owns the iframe and posts
// `openConversation` once the frame can hear it (contract 0001), so a request made before the frame
// said 'ready' is delivered after, not lost.
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { MESSAGE_PATH, normaliseImAccount } from './frameProtocol';
import { useMayChat } from './imAccess';

type ConversationListener = (account: string) => void;

/**
 * The one pending "open this conversation" request of the console and who listens for it. Only the
 * latest request counts: a merchant who clicks two buyers quickly wants the second.
 */
export interface ConversationRequests {
  request(account: string): void;
  /** Hands the pending account to `send`; it stays pending unless `send` says it was delivered. */
  deliver(send: (account: string) => boolean): void;
  /** The pending account, removed, or null when there is none. */
  take(): string | null;
  subscribe(listener: ConversationListener): () => void;
}

export function createConversationRequests(): ConversationRequests {
  let pending: string | null = null;
  const listeners = new Set<ConversationListener>();
  return {
    request(account) {
      pending = account;
      for (const listener of [...listeners]) listener(account);
    },
    deliver(send) {
      if (pending !== null && send(pending)) pending = null;
    },
    take() {
      const account = pending;
      pending = null;
      return account;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The console's single channel between screens that ask and the frame host that delivers. */
export const conversationRequests = createConversationRequests();

/**
 * Opens /message with the conversation with `account` selected. Returns false (and does nothing)
 * when `account` cannot be an IM account, so the caller can keep its button disabled.
 */
export function openChatWith(account: string, navigate: (path: string) => void, requests: ConversationRequests = conversationRequests): boolean {
  const imAccount = normaliseImAccount(account);
  if (!imAccount) return false;
  requests.request(imAccount);
  navigate(MESSAGE_PATH);
  return true;
}

/**
 * `openChatWith` bound to the router: `const openChat = useOpenChatWith(); openChat(buyerImAccount)`.
 * Without im:chat it does nothing and answers false (the button itself is a PermissionButton with the code).
 */
export function useOpenChatWith(): (account: string) => boolean {
  const navigate = useNavigate();
  const mayChat = useMayChat();
  return useCallback((account: string) => mayChat && openChatWith(account, (path) => void navigate(path)), [mayChat, navigate]);
}
