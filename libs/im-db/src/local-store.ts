// The client's local database with its fallbacks (issue 10 §6, im-client-spec §4 start-up and §6):
// IndexedDB where allowed, else memory, and a move to memory while in use when IndexedDB stops
// working (quota full, a newer schema in another tab). Each move is reported as one event, the
// same `memory` outcome the frame already shows (docs/im-frame.md "The memory fallback stays").
import { MemoryStore, type Store } from '@merchant/im-core';
import { IndexedDbStore, type OpenIndexedDbStoreOptions } from './indexeddb-store';

/** Why the store is (now) in memory. */
export type ImDbFallbackReason =
  /** §6: the database is disabled for IE, Edge and Safari. */
  | 'disabled'
  /** No IndexedDB at all, or opening failed (private mode, third-party storage blocked, newer schema on disk, failed migration). */
  | 'openFailed'
  /** A write was refused with QuotaExceededError. */
  | 'quota'
  /** Another tab upgraded the schema (versionchange): this connection closed itself. */
  | 'versionchange'
  /** The connection closed under us (e.g. the browser dropped it). */
  | 'closed';

export type ImDbEvent =
  /** navigator.storage.persist() answered: true = the browser will not evict the database under pressure. */
  | { type: 'persisted'; persisted: boolean }
  /** Opening waits for an older connection in another tab to close (IDBOpenDBRequest blocked). */
  | { type: 'blocked' }
  /** From now on the store keeps data in memory only. */
  | { type: 'fallback'; reason: ImDbFallbackReason; error?: unknown };

export type ImDbEventListener = (event: ImDbEvent) => void;

/** A Store that may move from IndexedDB to memory while in use; `kind` tells where it is now. */
export type LocalStore = Store & {
  /** Undefined while on IndexedDB. */
  readonly fallbackReason: ImDbFallbackReason | undefined;
};

export interface StorageManagerLike {
  persist?: () => Promise<boolean>;
}

export interface OpenLocalStoreOptions extends Omit<OpenIndexedDbStoreOptions, 'onBlocked' | 'onVersionChange'> {
  onEvent?: ImDbEventListener;
  /** Defaults to navigator.userAgent. */
  userAgent?: string;
  /** Defaults to navigator.storage; null = do not ask for persistence. */
  storage?: StorageManagerLike | null;
}

const MOBILE_OR_OTHER_ENGINE = /Chrome\/|Chromium\/|CriOS\/|FxiOS\/|OPR\/|SamsungBrowser\/|Android/;

/**
 * im-client-spec §6: "Database is disabled for IE, Edge and Safari." IE: `MSIE` or `Trident/`.
 * Edge: EdgeHTML (`Edge/`) and Chromium Edge (`Edg/`, `EdgA/`, `EdgiOS/`). Safari: a user agent
 * naming `Safari/` that is not Chromium, Chrome/Firefox on iOS, Opera, Samsung or Android.
 */
export function isDatabaseDisabled(userAgent: string): boolean {
  if (/MSIE |Trident\//.test(userAgent)) return true;
  if (/\bEdge\/|\bEdg(?:A|iOS)?\//.test(userAgent)) return true;
  return /Safari\//.test(userAgent) && !MOBILE_OR_OTHER_ENGINE.test(userAgent);
}

/** The name of a DOMException/Error, also when wrapped as an ImError's cause. */
function errorNames(error: unknown): string[] {
  const names: string[] = [];
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const name = (e as { name?: unknown }).name;
    if (typeof name === 'string') names.push(name);
  }
  return names;
}

/** The errors after which IndexedDB will not work again in this page; other errors are passed on. */
function fallbackReasonOf(error: unknown, target: Store): ImDbFallbackReason | undefined {
  const names = errorNames(error);
  if (names.includes('QuotaExceededError')) return 'quota';
  if (target instanceof IndexedDbStore && target.closed) return 'closed';
  if (names.includes('InvalidStateError')) return 'closed';
  return undefined;
}

type AnyMethod = (...args: unknown[]) => unknown;

/**
 * Wraps a store so that, when IndexedDB fails for good (quota, closed by a newer schema), it moves
 * to a MemoryStore, reports one `fallback` event and retries the failed call there: the client
 * carries on. The wrapper forwards every Store method, including ones added later.
 */
export function withMemoryFallback(primary: Store, onEvent: ImDbEventListener = () => undefined, initialReason?: ImDbFallbackReason): LocalStore {
  let current: Store = initialReason ? new MemoryStore() : primary;
  let reason: ImDbFallbackReason | undefined = initialReason;
  const fallBack = (why: ImDbFallbackReason, error?: unknown) => {
    if (current !== primary) return;
    current = new MemoryStore();
    reason = why;
    primary.close().catch(() => undefined);
    onEvent({ type: 'fallback', reason: why, error });
  };
  if (primary instanceof IndexedDbStore && !initialReason) primary.addVersionChangeListener(() => fallBack('versionchange'));

  return new Proxy({} as LocalStore, {
    get(_target, property) {
      if (property === 'kind') return current.kind;
      if (property === 'fallbackReason') return reason;
      const value = (current as unknown as Record<PropertyKey, unknown>)[property];
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const target = current;
        const call = () => ((current as unknown as Record<PropertyKey, AnyMethod>)[property] as AnyMethod).apply(current, args);
        const result = call();
        if (target !== primary || property === 'close' || typeof (result as Promise<unknown> | undefined)?.then !== 'function') return result;
        return (result as Promise<unknown>).catch((error: unknown) => {
          const why = fallbackReasonOf(error, target);
          if (!why) throw error;
          fallBack(why, error);
          return call();
        });
      };
    },
  });
}

/** Asks the browser to keep the database under storage pressure (where the API exists); reports the answer. */
export function requestPersistence(storage: StorageManagerLike | null | undefined, onEvent: ImDbEventListener): void {
  if (typeof storage?.persist !== 'function') return;
  storage.persist().then(
    (persisted) => onEvent({ type: 'persisted', persisted }),
    () => onEvent({ type: 'persisted', persisted: false }),
  );
}

/**
 * Opens the local database: memory where §6 disables it or IndexedDB cannot be opened, else
 * IndexedDB (schema 12) wrapped by withMemoryFallback, with persistence requested. Never rejects.
 */
export async function openLocalStore(options: OpenLocalStoreOptions): Promise<LocalStore> {
  const { onEvent = () => undefined, userAgent, storage, ...openOptions } = options;
  const navigatorLike = (globalThis as { navigator?: { userAgent?: string; storage?: StorageManagerLike } }).navigator;
  if (isDatabaseDisabled(userAgent ?? navigatorLike?.userAgent ?? '')) {
    onEvent({ type: 'fallback', reason: 'disabled' });
    return withMemoryFallback(new MemoryStore(), onEvent, 'disabled');
  }
  let primary: IndexedDbStore;
  try {
    primary = await IndexedDbStore.open({ ...openOptions, onBlocked: () => onEvent({ type: 'blocked' }) });
  } catch (error) {
    onEvent({ type: 'fallback', reason: 'openFailed', error });
    return withMemoryFallback(new MemoryStore(), onEvent, 'openFailed');
  }
  requestPersistence(storage === undefined ? navigatorLike?.storage : storage, onEvent);
  return withMemoryFallback(primary, onEvent);
}
