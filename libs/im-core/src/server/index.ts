export * from './im-token';
// The server half of the binary protocol: the same codec and command table as the client.
export * from '../protocol';
export * from '../errors';
// User, friend and relation rules (§5), checked by the server on what arrives.
export * from '../validation/user-rules';
// Team rules (§5 Teams): the same checks the client runs before a team call.
export * from '../validation/team-rules';
// Super team rules (§5 "Super team needs action and teamId ..."): the same checks the client runs.
export * from '../validation/super-team-rules';
// Image operation grammar (§5 "Image processing"): the object store reads back what the client writes.
export * from '../validation/image-rules';
// Document types, transcode types and list limits (§5 Files, §9): the server registers and lists with them.
export * from '../validation/document-rules';
// msgExtend and event rules (§5 Other limits): quick comments, collects, pins, event ranges.
export * from '../validation/extend-rules';
// Thread and reply rules (msgExtend threads): the same checks the client runs before a reply or a thread query.
export * from '../validation/thread-rules';
// Call signalling rules (§5 Signalling): the same checks the client runs before a call.
export * from '../validation/signalling-rules';
// Chat-room rules (§3, §5, §6): the same checks the chat-room client runs before a call.
export * from '../validation/chatroom-rules';
// Message type rules (§3, §5), the same functions the client runs before sending.
export * from '../model/message-types';
// Call records (g2 messages pushed as netcallMsg): the attach the server writes and the clients read.
export * from '../model/call-record';
// The client anti-spam filter's rule (§5): im-server filters what reaches it with the same function.
export * from '../validation/antispam-rules';
// Server session rules (issue 31): the same checks the sessions service runs before a call.
export * from '../validation/session-rules';
// Full-text search rules (issue 31): the same checks history.ftsSearch runs before a call.
export * from '../validation/fts-rules';
// Push settings (§3 "Push setting", §7 user): token, background and config checks, the desktop client types.
export * from '../validation/push-rules';
// The object store's media commands (issue 31; docs/im-upload.md "Media commands"): safe short links,
// transcoding-result tokens, the mixed-store policy and grayscale requests, checked as the client checks them.
export * from '../validation/nos-rules';
export { checkSafeShortUrl, COMMON_UPLOAD_MAX_BYTES } from '../validation/upload-rules';
export * from './long-poll-hub';
