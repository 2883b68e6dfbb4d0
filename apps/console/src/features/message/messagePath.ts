// The message centre's path, on its own: the route manifest (loaded on every first page) needs only
// this, not the rest of the frame protocol (docs/performance.md, initial JS of /login).
export const MESSAGE_PATH = '/message';
