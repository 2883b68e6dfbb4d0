// Server-side bounds on message input. The client validates the same rules; the server must
// enforce them too, because any socket can send anything (ARCHITECTURE.md, "Bad input gets a clear error").

/** im-client-spec §5 "History and session page limit max 100"; §9 query default 100. */
export const MAX_PAGE_LIMIT = 100;
export const DEFAULT_PAGE_LIMIT = 100;

/** Text bodies bounded like ps (im-client-spec §5 "ps at most 5000 long"), as the client does. */
export const MAX_TEXT_LENGTH = 5000;

/** attach and custom are JSON strings (§3); bounded so one message cannot exhaust a frame (our choice). */
export const MAX_ATTACH_LENGTH = 20_000;
export const MAX_CUSTOM_LENGTH = 5000;

/** Account and client-id shapes (our choice; accounts look like s_1001, c_demo1). */
export const ACCOUNT_PATTERN = /^[A-Za-z0-9_.@-]{1,64}$/;
export const MAX_ID_CLIENT_LENGTH = 64;

/** Message type codes that exist (im-client-spec §3 "Numbered codes 0 to 6, 10, 11, 12 and 100"). */
export const MESSAGE_TYPE_CODES: ReadonlySet<number> = new Set([0, 1, 2, 3, 4, 5, 6, 10, 11, 12, 100]);
