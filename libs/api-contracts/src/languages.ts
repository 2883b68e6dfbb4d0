/** The languages of the console and of store-server's `msg` texts; zh-CN is the default. */
export const SUPPORTED_LANGUAGES = ['zh-CN', 'en-US'] as const;
export type SupportedLanguage = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: SupportedLanguage = 'zh-CN';

/** One text in every supported language. */
export type LocalizedText = Readonly<Record<SupportedLanguage, string>>;

export function isSupportedLanguage(value: unknown): value is SupportedLanguage {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/** A language tag → the supported language of its primary subtag (`en-GB` → `en-US`, `zh-Hans` → `zh-CN`). */
function matchTag(tag: string): SupportedLanguage | undefined {
  const primary = tag.trim().toLowerCase().split('-')[0];
  if (primary === 'zh') return 'zh-CN';
  if (primary === 'en') return 'en-US';
  return undefined;
}

/**
 * Picks the answer language from an `Accept-Language` header (RFC 9110 §12.5.4): the supported
 * language with the highest q-value wins, ties go to the earlier entry; anything unsupported,
 * malformed or missing gives DEFAULT_LANGUAGE.
 */
export function pickLanguage(acceptLanguage: string | readonly string[] | null | undefined): SupportedLanguage {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : acceptLanguage;
  if (typeof header !== 'string' || header.length === 0 || header.length > 1000) return DEFAULT_LANGUAGE;
  let best: { language: SupportedLanguage; q: number } | undefined;
  for (const entry of header.split(',')) {
    const [tag = '', ...params] = entry.split(';');
    const language = matchTag(tag);
    if (!language) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!Number.isFinite(q) || q <= 0 || q > 1) continue;
    if (!best || q > best.q) best = { language, q };
  }
  return best?.language ?? DEFAULT_LANGUAGE;
}
