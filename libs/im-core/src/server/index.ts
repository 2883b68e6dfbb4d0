export * from './im-token';
// The server half of the binary protocol: the same codec and command table as the client.
export * from '../protocol';
export * from '../errors';
export * from './long-poll-hub';
