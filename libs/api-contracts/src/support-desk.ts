// Issue 32 "a merchant's support desk" (docs/im-frame.md "Support desk"): the rules the chat frame, the console
// and store-server share, written once. zod/mini only, as frame-protocol.ts: the frame bundles this file.

/** Quick replies: the store's canned answers (endpoints/quick-replies.ts). */
export const QUICK_REPLY_LIMITS = {
  /** Characters of one reply (trimmed); a chat text may be longer (5000), a canned answer is short. */
  textMax: 500,
  /** Replies one store keeps. */
  perStore: 200,
} as const;
