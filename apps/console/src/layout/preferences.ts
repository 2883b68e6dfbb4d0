// Layout preferences the merchant chooses and keeps (§9: "sidebar state and size persist"; §11
// of issue 7: a dark theme, persisted). Stored in localStorage; unreadable values fall back.
export const LAYOUT_SIZES = ['default', 'medium', 'small', 'mini'] as const;
export type LayoutSize = (typeof LAYOUT_SIZES)[number];
/** §9: "Layout sizes: default, medium, small, mini (default medium)". */
export const DEFAULT_LAYOUT_SIZE: LayoutSize = 'medium';

export const THEME_MODES = ['light', 'dark'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];

export const LAYOUT_SIZE_KEY = 'console.layoutSize';
export const THEME_MODE_KEY = 'console.themeMode';

function readChoice<T extends string>(key: string, allowed: readonly T[], fallback: T): T {
  try {
    const stored = window.localStorage.getItem(key);
    return (allowed as readonly string[]).includes(stored ?? '') ? (stored as T) : fallback;
  } catch (_error) {
    return fallback;
  }
}

function writeChoice(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch (_error) {
    // Unavailable storage only loses the preference.
  }
}

export const readLayoutSize = (): LayoutSize => readChoice(LAYOUT_SIZE_KEY, LAYOUT_SIZES, DEFAULT_LAYOUT_SIZE);
export const persistLayoutSize = (size: LayoutSize): void => writeChoice(LAYOUT_SIZE_KEY, size);
export const readThemeMode = (): ThemeMode => readChoice(THEME_MODE_KEY, THEME_MODES, 'light');
export const persistThemeMode = (mode: ThemeMode): void => writeChoice(THEME_MODE_KEY, mode);
