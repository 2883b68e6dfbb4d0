export * from './entities';
export type { Store, SessionMessagesQuery, SessionsQuery, SysMsgsQuery, SortOrder } from './store';
export { MemoryStore } from './memory-store';
export { STORE_CONFORMANCE_CASES, sampleMessage, sampleSession } from './store-conformance';
export type { StoreConformanceCase } from './store-conformance';
