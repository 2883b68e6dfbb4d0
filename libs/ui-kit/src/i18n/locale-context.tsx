import { createContext, useContext, type ReactNode } from 'react';
import { DEFAULT_UI_KIT_LOCALE, uiKitText, type UiKitLocale, type UiKitMessageKey } from './messages';

const UiKitLocaleContext = createContext<UiKitLocale>(DEFAULT_UI_KIT_LOCALE);

/** Sets the language of every ui-kit component below it (zh-CN when absent). */
export function UiKitLocaleProvider({ locale, children }: { locale: UiKitLocale; children: ReactNode }) {
  return <UiKitLocaleContext.Provider value={locale}>{children}</UiKitLocaleContext.Provider>;
}

export function useUiKitLocale(): UiKitLocale {
  return useContext(UiKitLocaleContext);
}

/** Returns a translator bound to the current locale. */
export function useUiKitText(): (key: UiKitMessageKey, values?: Record<string, string | number>) => string {
  const locale = useUiKitLocale();
  return (key, values) => uiKitText(key, locale, values);
}
