// The message centre's path, on its own: the route manifest (loaded on every first page) needs only
// this, not the rest of the frame protocol (docs/performance.md, initial JS of /login).
/** console-spec §2 hidden route /message/message: reached from the navbar icon and the new-message notice. */
export const MESSAGE_PATH = '/message/message';
/** The chat's address before it moved to its spec path; redirects there with its query. */
export const OLD_MESSAGE_PATH = '/message';
