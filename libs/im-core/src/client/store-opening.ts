import { ImError, ImErrorName } from '../errors';
import { MemoryStore } from '../store/memory-store';
import type { Store } from '../store/store';

/** Where the client logs; console by default. */
export interface ImLogger {
  info(message: string, detail?: unknown): void;
  warn(message: string, detail?: unknown): void;
  error(message: string, detail?: unknown): void;
}

export type StoreSource = Store | (() => Promise<Store>);

/**
 * Opens the local database after login (§4 start-up). A factory that rejects (no IndexedDB,
 * blocked upgrade, quota) does not stop the client: NO_DB is logged and a MemoryStore used (§8).
 */
export async function openStore(source: StoreSource | undefined, logger: ImLogger): Promise<Store> {
  if (!source) return new MemoryStore();
  if (typeof source !== 'function') return source;
  try {
    return await source();
  } catch (cause) {
    const error = cause instanceof ImError && cause.errorName === ImErrorName.NO_DB ? cause : new ImError(ImErrorName.NO_DB, `no db: ${String(cause)}`, { cause });
    logger.warn('NO_DB: local database unavailable, continuing without it', error);
    return new MemoryStore();
  }
}

/** Stand-in until login opened the real store: every use fails with 'no db server' (§8). */
export function notReadyStore(): never {
  throw new ImError(ImErrorName.NO_DB, 'no db server');
}
