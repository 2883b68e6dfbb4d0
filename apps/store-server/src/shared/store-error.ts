import { DEFAULT_LANGUAGE, STORE_CODES, describeStoreCode, type LocalizedText, type StoreCode, type SupportedLanguage } from '@merchant/api-contracts';

// The codes are a contract with the console: one source of truth in @merchant/api-contracts.
export { STORE_CODES, type StoreCode };

export interface StoreErrorInfo {
  [key: string]: unknown;
}

/**
 * What a module says about an error: a text in every language (`{ 'zh-CN': …, 'en-US': … }`), or an
 * English-only string. An English-only text is answered as is in en-US and as the code's own text
 * (describeStoreCode) in any other language, so every answer is in the caller's language.
 */
export type StoreMessage = string | LocalizedText;

/** The one error type of store-server's modules; the route layer turns it into an envelope error. */
export class StoreError extends Error {
  private readonly localized?: LocalizedText;

  constructor(
    readonly code: StoreCode,
    message: StoreMessage,
    readonly errInfo?: StoreErrorInfo,
  ) {
    super(typeof message === 'string' ? message : message['en-US']);
    this.name = 'StoreError';
    if (typeof message !== 'string') this.localized = message;
  }

  /** The `msg` answered to a caller who speaks `language`. */
  messageIn(language: SupportedLanguage = DEFAULT_LANGUAGE): string {
    if (this.localized) return this.localized[language];
    return language === 'en-US' ? this.message : describeStoreCode(this.code, language);
  }
}

/** A text in both languages, written at the place that throws it. */
export const text = (zhCN: string, enUS: string): LocalizedText => ({ 'zh-CN': zhCN, 'en-US': enUS });

/** The code's own text from the contracts library, in every language. */
export const codeText = (code: StoreCode): LocalizedText => ({
  'zh-CN': describeStoreCode(code, 'zh-CN'),
  'en-US': describeStoreCode(code, 'en-US'),
});

export const invalidParameter = (message: StoreMessage) => new StoreError(STORE_CODES.invalidParameter, message);
export const tokenInvalid = () =>
  new StoreError(STORE_CODES.tokenInvalid, text('身份验证失败，请重新登录', 'authentication failed, please sign in again'));
