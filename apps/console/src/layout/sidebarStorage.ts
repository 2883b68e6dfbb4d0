// §9: "sidebar state and size persist".
export const SIDEBAR_OPENED_KEY = 'console.sidebarOpened';

export function readSidebarOpened(): boolean {
  try {
    return window.localStorage.getItem(SIDEBAR_OPENED_KEY) !== '0';
  } catch (_error) {
    return true;
  }
}

export function persistSidebarOpened(opened: boolean): void {
  try {
    window.localStorage.setItem(SIDEBAR_OPENED_KEY, opened ? '1' : '0');
  } catch (_error) {
    // Unavailable storage only loses the preference.
  }
}
