// What a merchant reads when a call fails (issue 7): known store codes get the shared text of
// @merchant/api-contracts in the console's language; anything else shows the server's msg, which
// store-server already wrote in the caller's language (Accept-Language from the secure client).
// Envelope codes (10301xxx, 99999999) and the transport client's own codes (ST_*) carry an English
// msg meant for logs, so they always get the shared text.
import { STORE_CODES, describeStoreCode, describeTransportCode, isStoreCode } from '@merchant/api-contracts';
import { isApiError } from './transport';

/** Codes whose server msg is more precise than the shared text (it names the field at fault). */
const DETAILED_CODES = new Set<string>([STORE_CODES.invalidParameter]);

export function apiErrorText(error: unknown, language: string, fallback: string): string {
  if (!isApiError(error)) return fallback;
  if (isStoreCode(error.code) && !DETAILED_CODES.has(error.code)) return describeStoreCode(error.code, language);
  return describeTransportCode(error.code, language) ?? (error.msg || fallback);
}
