// One i18next instance per frame, language chosen by the `lang` query value, else the browser.
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { enUS, zhCN } from './resources';

export type FrameLanguage = 'zh-CN' | 'en-US';
export const DEFAULT_LANGUAGE: FrameLanguage = 'zh-CN';

export function matchLanguage(tag: string | undefined): FrameLanguage | undefined {
  const lower = tag?.trim().toLowerCase();
  if (!lower) return undefined;
  if (lower === 'en' || lower.startsWith('en-') || lower.startsWith('en_')) return 'en-US';
  if (lower === 'zh' || lower.startsWith('zh-') || lower.startsWith('zh_')) return 'zh-CN';
  return undefined;
}

/** The `lang` query value wins when supported; otherwise the first supported browser language. */
export function pickLanguage(langQuery: string | undefined, browserLanguages: readonly string[]): FrameLanguage {
  const fromQuery = matchLanguage(langQuery);
  if (fromQuery) return fromQuery;
  for (const tag of browserLanguages) {
    const match = matchLanguage(tag);
    if (match) return match;
  }
  return DEFAULT_LANGUAGE;
}

export function createFrameI18n(language: FrameLanguage): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    resources: { 'zh-CN': { translation: zhCN }, 'en-US': { translation: enUS } },
    interpolation: { escapeValue: false }, // React escapes.
    initAsync: false,
    showSupportNotice: false,
  });
  return instance;
}
