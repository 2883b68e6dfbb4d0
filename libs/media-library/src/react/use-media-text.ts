import { useUiKitLocale } from '@merchant/ui-kit';
import { mediaText, noticeText, type MediaMessageKey, type MediaNotice } from '../i18n/messages';

/** Media texts in the language chosen with ui-kit's UiKitLocaleProvider (zh-CN by default). */
export function useMediaText() {
  const locale = useUiKitLocale();
  return {
    locale,
    t: (key: MediaMessageKey, values?: Record<string, string | number>) => mediaText(key, locale, values),
    notice: (notice: MediaNotice) => noticeText(notice, locale),
  };
}
