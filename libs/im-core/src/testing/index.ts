// Test helpers for consumers (Node only, need `ws`); exported through @merchant/im-core/server.
export * from './fault-proxy';
export * from './recording-websocket';
