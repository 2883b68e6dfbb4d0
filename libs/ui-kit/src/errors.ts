import type { UiKitMessageKey } from './i18n/messages';

/** Codes of the failures ui-kit reports; the message is the localized text of the same key. */
export type UiKitErrorCode = 'EXPORT_EMPTY_DATA' | 'EXPORT_FAILED';

export class UiKitError extends Error {
  override readonly name = 'UiKitError';
  constructor(
    readonly code: UiKitErrorCode,
    readonly messageKey: UiKitMessageKey,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
