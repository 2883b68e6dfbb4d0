// The console's `language` message (contract 0001): switching the console's language switches the
// frame's in place, so the open conversation and the typed text survive (no reload).
import type { i18n } from 'i18next';
import { matchLanguage } from '../i18n/frame-i18n';
import { onConsoleMessage, type ConsoleChannelOptions } from './console-messages';

/** Follows the console's language; unsupported languages are ignored. Returns the unsubscribe. */
export function followConsoleLanguage(options: ConsoleChannelOptions, frameI18n: Pick<i18n, 'language' | 'changeLanguage'>): () => void {
  return onConsoleMessage(options, 'language', ({ payload }) => {
    const language = matchLanguage(payload.lang);
    if (language && language !== frameI18n.language) void frameI18n.changeLanguage(language);
  });
}
