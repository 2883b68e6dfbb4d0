export { MultiTabImClient } from './multi-tab-client';
export type { ImClientApi, LeaderParts, MultiTabImClientOptions, TabRequester } from './multi-tab-client';
export type { BroadcastChannelLike, LockManagerLike } from './tab-protocol';
