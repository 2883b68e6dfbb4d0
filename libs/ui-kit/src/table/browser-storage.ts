import { TABLE_PAGE_SIZES } from './table-constants';

/** The browser's localStorage, or undefined where there is none or it is disabled (privacy mode). */
export function safeLocalStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined; // storage disabled: choices still work for the session
  }
}

/** localStorage key of the page size a merchant last chose for one table. */
export function rememberedPageSizeKey(tableId: string): string {
  return `ui-kit.pageSize.${tableId}`;
}

/**
 * The page size last chosen for a table (issue 35 §1), if it is one of §2's sizes. A list opened
 * without a size in its URL (from the sidebar, a link, a reload of a first page) shows it.
 */
export function readRememberedPageSize(tableId: string, storage: Storage | undefined = safeLocalStorage()): number | undefined {
  try {
    const size = Number(storage?.getItem(rememberedPageSizeKey(tableId)));
    return (TABLE_PAGE_SIZES as readonly number[]).includes(size) ? size : undefined;
  } catch {
    return undefined;
  }
}

export function rememberPageSize(tableId: string, size: number, storage: Storage | undefined = safeLocalStorage()): void {
  try {
    storage?.setItem(rememberedPageSizeKey(tableId), String(size));
  } catch {
    // quota or disabled storage: the size still applies through the URL
  }
}
