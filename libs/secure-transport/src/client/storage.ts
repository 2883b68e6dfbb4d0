import { API_BASE_OVERRIDE_KEY } from '../constants';

/** The subset of the Web Storage API the client needs; localStorage and sessionStorage fit it. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** In-memory storage for Node and tests. */
export function createMemoryStorage(initial: Record<string, string> = {}): KeyValueStorage {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
  };
}

/**
 * console-spec §7: the API address depends on the environment, and a local-storage value may override it.
 * Only absolute http(s) URLs are accepted as override, so a stray value cannot send requests elsewhere by accident.
 */
export function resolveApiBase(
  defaultBase: string,
  storage: Pick<KeyValueStorage, 'getItem'> | null | undefined,
  key: string = API_BASE_OVERRIDE_KEY,
): string {
  let override: string | null = null;
  try {
    override = storage?.getItem(key) ?? null;
  } catch {
    override = null; // storage can throw (privacy mode, sandboxed iframe)
  }
  const candidate = override?.trim();
  if (candidate && /^https?:\/\/[^\s]+$/i.test(candidate)) return candidate.replace(/\/+$/, '');
  return defaultBase.replace(/\/+$/, '');
}
