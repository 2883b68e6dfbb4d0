export * from './entities';
export type { Store, StoreWrite, SessionMessagesQuery, SessionsQuery, SysMsgsQuery, SortOrder } from './store';
export { StagedStore } from './staged-store';
export { MemoryStore } from './memory-store';
export { STORE_CONFORMANCE_CASES, sampleMessage, sampleSession } from './store-conformance';
export type { StoreConformanceCase } from './store-conformance';
