// @merchant/im-core/testing: helpers for tests of im-core and of code built on it. The fault proxy
// and the recording WebSocket need Node and `ws`; the rest runs anywhere.
export * from './fault-proxy';
export * from './recording-websocket';
export { FakeConnection } from './fake-connection';
export { STORE_CONFORMANCE_CASES, sampleMessage, sampleSession } from '../store/store-conformance';
export type { StoreConformanceCase } from '../store/store-conformance';
// Codec internals: frames, batches, the command table and the body codec.
export * from '../protocol';
export { InProcessLocks } from './in-process-locks';
