// The console's `openConversation` message ("chat with buyer", contract 0001): the frame opens, or
// starts, the conversation with that account. The console may ask as soon as the frame says
// 'ready', before the chat controller exists (the local store opens first), so the latest request
// is held until a controller is attached, and then waits until the controller has started.
import { onConsoleMessage, type ConsoleChannelOptions } from './console-messages';
import type { CustomerSummary } from '../chat/chat-client';

/** What opening a conversation needs of the chat controller. */
export interface ConversationOpener {
  findCustomer(account: string): Promise<CustomerSummary | undefined>;
  startChat(customer: CustomerSummary): Promise<void>;
  /** Settles when the chat can open a conversation (its cached sessions read, its first login ended). */
  whenReady?(): Promise<void>;
}

export interface ConsoleConversationRequests {
  /** From now on requests open at once; a request that came earlier opens now. */
  attach(opener: ConversationOpener): void;
  dispose(): void;
}

/**
 * Opens the conversation with `account`, named from the customer's profile when the server knows
 * it; an unknown or unreachable profile still opens the conversation under the account.
 */
export async function openConversationWith(opener: ConversationOpener, account: string): Promise<void> {
  // Before that, the profile cannot be read and a placeholder would stand in for the real session (issue 35 §3).
  await opener.whenReady?.();
  let customer: CustomerSummary | undefined;
  try {
    customer = await opener.findCustomer(account);
  } catch {
    // Offline or refused: the conversation opens anyway and is named once the profile syncs.
  }
  await opener.startChat(customer ?? { account });
}

export function followConsoleConversationRequests(options: ConsoleChannelOptions): ConsoleConversationRequests {
  let opener: ConversationOpener | null = null;
  let pendingAccount: string | null = null;
  const stop = onConsoleMessage(options, 'openConversation', ({ payload }) => {
    if (opener) void openConversationWith(opener, payload.account);
    else pendingAccount = payload.account;
  });
  return {
    attach(next) {
      opener = next;
      const account = pendingAccount;
      pendingAccount = null;
      if (account) void openConversationWith(next, account);
    },
    dispose() {
      stop();
      opener = null;
      pendingAccount = null;
    },
  };
}
