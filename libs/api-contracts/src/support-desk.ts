// Issue 32 "a merchant's support desk" (docs/im-frame.md "Support desk"): the rules the chat frame, the console
// and store-server share, written once. zod/mini only, as frame-protocol.ts: the frame bundles this file.

/** Quick replies: the store's canned answers (endpoints/quick-replies.ts). */
export const QUICK_REPLY_LIMITS = {
  /** Characters of one reply (trimmed); a chat text may be longer (5000), a canned answer is short. */
  textMax: 500,
  /** Replies one store keeps. */
  perStore: 200,
} as const;

/** The customer's orders beside a conversation: the newest this many of the signed-in store. */
export const BUYER_ORDERS_LIMIT = 10;
/** Items named under each of those orders (the order's item count says how many it has). */
export const BUYER_ORDER_ITEMS_SHOWN = 3;
