import { createContext, useContext, type ReactNode } from 'react';
import { UiKitLocaleProvider, useUiKitLocale } from '../i18n/locale-context';
import type { UiKitLocale } from '../i18n/messages';

/** console-spec §9: layout sizes default, medium, small, mini (default medium). */
export const UI_KIT_SIZES = ['default', 'medium', 'small', 'mini'] as const;
export type UiKitSize = (typeof UI_KIT_SIZES)[number];
export const DEFAULT_UI_KIT_SIZE: UiKitSize = 'medium';

const UiKitSizeContext = createContext<UiKitSize>(DEFAULT_UI_KIT_SIZE);

export interface UiKitProviderProps {
  /** The console shell's global size setting; every table, pager and search bar follows it. */
  size?: UiKitSize;
  locale?: UiKitLocale;
  children: ReactNode;
}

/** Global settings of every ui-kit component below it; the console shell mounts it once. */
export function UiKitProvider({ size, locale, children }: UiKitProviderProps) {
  const inheritedLocale = useUiKitLocale();
  const inheritedSize = useContext(UiKitSizeContext);
  return (
    <UiKitLocaleProvider locale={locale ?? inheritedLocale}>
      <UiKitSizeContext.Provider value={size ?? inheritedSize}>{children}</UiKitSizeContext.Provider>
    </UiKitLocaleProvider>
  );
}

export function useUiKitSize(): UiKitSize {
  return useContext(UiKitSizeContext);
}

/** MUI controls come in two sizes: the two larger settings are 'medium', the two smaller 'small'. */
export function muiControlSize(size: UiKitSize): 'medium' | 'small' {
  return size === 'default' || size === 'medium' ? 'medium' : 'small';
}

/** DataGrid row density per size setting. */
export function gridDensity(size: UiKitSize): 'comfortable' | 'standard' | 'compact' {
  if (size === 'default') return 'comfortable';
  if (size === 'medium') return 'standard';
  return 'compact';
}
