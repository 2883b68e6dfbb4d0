// Nothing secret goes into the local debug log (issue 30 §3; docs/im-background.md "Local debug log"):
// tokens (IM tokens, upload and access tokens, Authorization headers) and what people wrote (message
// text, body, attach, custom content, push content, friend-request notes) are replaced before a record
// is queued, so they are never stored, uploaded or posted.

export const REDACTED = '[redacted]';

/** Field names whose values are secret or are message content. */
const SECRET_KEYS = /^(token|accessToken|nosToken|x-nos-token|password|secret|authorization|cookie|text|body|content|attach|custom|pushContent|pushPayload|tip|ps|lexicon|localCustom|callbackExt)$/i;
const KEY_ALTERNATION = 'token|accessToken|nosToken|x-nos-token|password|secret|authorization|cookie|text|body|content|attach|custom|pushContent|pushPayload|tip|ps|lexicon|localCustom|callbackExt';

// "key":"value" (JSON, escaped quotes included) and "key":{...} / [...] are left to redactLogDetails;
// in free text the quoted form and key=value / key: value are caught here.
const JSON_STRING_FIELD = new RegExp(`("(?:${KEY_ALTERNATION})"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"`, 'gi');
const ASSIGNED_FIELD = new RegExp(`\\b(${KEY_ALTERNATION})(\\s*[=:]\\s*)(?!\\[redacted\\])[^\\s&,;"'}\\]]+`, 'gi');
/**
 * What people wrote, in free text ("text: see you at 5"): the rest of the line goes, not only the first word,
 * since a message body has spaces. Over-redacting a debug line costs less than leaking a message.
 */
const CONTENT_TO_LINE_END = /\b(text|body|content|attach|custom|pushContent|pushPayload|tip|ps|localCustom|callbackExt)(\s*[=:]\s*)(?!\[redacted\])[^\n]+/gi;
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;
/** A signed token: two or three base64url parts of 16+ characters (our IM tokens are body.mac). */
const SIGNED_TOKEN = /\b[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}(?:\.[A-Za-z0-9_-]{8,})?\b/g;

/** A log line with its secrets and message bodies replaced. */
export function redactLogText(text: string): string {
  return text
    .replace(JSON_STRING_FIELD, `$1"${REDACTED}"`)
    .replace(BEARER, `$1 ${REDACTED}`)
    .replace(SIGNED_TOKEN, REDACTED)
    .replace(CONTENT_TO_LINE_END, `$1$2${REDACTED}`)
    .replace(ASSIGNED_FIELD, `$1$2${REDACTED}`);
}

/** A record's details as text, secret fields replaced at any depth (errors by name and message). */
export function redactLogDetails(details: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(redactValue(details, 0)) ?? String(details);
  } catch {
    text = String(details);
  }
  return redactLogText(text);
}

function redactValue(value: unknown, depth: number): unknown {
  if (depth > 6) return '[…]';
  if (value instanceof Error) return { name: value.name, message: redactLogText(value.message) };
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  if (typeof value === 'string') return redactLogText(value);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, SECRET_KEYS.test(key) ? REDACTED : redactValue(item, depth + 1)]));
}
