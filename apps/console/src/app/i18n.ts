// One i18next instance for the console. Each feature folder owns its texts in `messages.ts`;
// they are merged here. zh-CN is the default, en-US the alternative (ARCHITECTURE.md conventions).
import i18next, { type i18n as I18nInstance } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { appMessages } from './messages';
import { layoutMessages } from '../layout/messages';
import { authMessages } from '../features/auth/messages';
import { systemMessages } from '../features/system/messages';
import { helpMessages } from '../features/help/messages';

export const SUPPORTED_LANGUAGES = ['zh-CN', 'en-US'] as const;
export type ConsoleLanguage = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: ConsoleLanguage = 'zh-CN';
export const LANGUAGE_STORAGE_KEY = 'console.language';

export type MessageTree = { [key: string]: string | MessageTree };
export type FeatureMessages = Record<ConsoleLanguage, MessageTree>;

/**
 * Texts every first screen may need: sign-in, system pages, help and the layout's own.
 * The areas inside the signed-in layout add theirs when the layout's chunk loads
 * (app/shellMessages.ts), the onboarding screens theirs with those screens (routes/areaTexts.tsx),
 * so /login does not download them (docs/performance.md, initial JS).
 */
const featureMessages: FeatureMessages[] = [appMessages, layoutMessages, authMessages, systemMessages, helpMessages];

/**
 * Adds more areas' texts to a console's i18n instance (deep-merged; the screens re-render). `silent`
 * tells no screen: for a component adding texts while it renders, since a screen re-rendering then is
 * React's "cannot update a component while rendering a different component"; it calls
 * `announceFeatureMessages` after its commit instead (one re-render, not one per area and language).
 */
export function addFeatureMessages(instance: I18nInstance, messages: readonly FeatureMessages[], options: { silent?: boolean } = {}): void {
  const store = storeOf(instance);
  for (const language of SUPPORTED_LANGUAGES) {
    for (const tree of messages) store.addResourceBundle(language, 'translation', tree[language], true, true, { silent: options.silent ?? false, skipCopy: false });
  }
}

/** Tells the screens rendered before silently added texts (the document title) that they arrived. */
export function announceFeatureMessages(instance: I18nInstance): void {
  storeOf(instance).emit('added', instance.language, 'translation', {});
}

/** i18next's resource store takes a 6th `{ silent, skipCopy }` argument and is an event emitter; its types omit both. */
interface ResourceStoreWithEvents {
  addResourceBundle(language: string, namespace: string, resources: object, deep: boolean, overwrite: boolean, options: { silent: boolean; skipCopy: boolean }): void;
  emit(event: 'added', language: string, namespace: string, resources: object): void;
}
const storeOf = (instance: I18nInstance) => instance.store as unknown as ResourceStoreWithEvents;

function mergeLanguage(language: ConsoleLanguage): MessageTree {
  return Object.assign({}, ...featureMessages.map((messages) => messages[language]));
}

export function isConsoleLanguage(value: unknown): value is ConsoleLanguage {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

export function readStoredLanguage(): ConsoleLanguage {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isConsoleLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch (_error) {
    return DEFAULT_LANGUAGE;
  }
}

export function createConsoleI18n(language: ConsoleLanguage = readStoredLanguage()): I18nInstance {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    resources: Object.fromEntries(SUPPORTED_LANGUAGES.map((lng) => [lng, { translation: mergeLanguage(lng) }])),
    interpolation: { escapeValue: false },
    // Screens rendered before an area's texts arrive (the document title) re-render when they do.
    react: { bindI18nStore: 'added' },
    initAsync: false,
    returnNull: false,
    showSupportNotice: false,
  });
  instance.on('languageChanged', (next) => {
    if (!isConsoleLanguage(next)) return;
    try {
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, next);
    } catch (_error) {
      // Storage may be unavailable (private mode); the switch still applies to this tab.
    }
    document.documentElement.lang = next;
  });
  document.documentElement.lang = language;
  return instance;
}
