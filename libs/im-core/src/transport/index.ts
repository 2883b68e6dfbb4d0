export * from './transport';
export * from './websocket-transport';
export * from './long-poll-transport';
export * from './connect-transport';
