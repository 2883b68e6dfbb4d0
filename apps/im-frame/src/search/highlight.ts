// The keyword in a result, marked safely: the text is cut into plain strings, matched parts flagged, and the
// screen renders each as React text (a <mark> around a match), never as HTML.

/** Characters a result shows before the first match when the text is long (the rest of the line follows). */
export const SNIPPET_LEAD = 24;
/** Longest text a result shows whole; longer ones start SNIPPET_LEAD characters before the first match. */
export const SNIPPET_MAX = 120;

export interface TextPart {
  text: string;
  match: boolean;
}

/**
 * `text` as parts, every case-insensitive occurrence of `keyword` flagged (none for an empty keyword). The
 * parts joined give `text` back unchanged.
 */
export function highlightParts(text: string, keyword: string): TextPart[] {
  const wanted = keyword.trim().toLowerCase();
  if (wanted === '' || text === '') return text === '' ? [] : [{ text, match: false }];
  const lower = text.toLowerCase();
  // Lower-casing may change a string's length (e.g. 'İ'): then no offsets can be trusted, so nothing is marked.
  if (lower.length !== text.length) return [{ text, match: false }];
  const parts: TextPart[] = [];
  let from = 0;
  for (let at = lower.indexOf(wanted); at !== -1; at = lower.indexOf(wanted, at + wanted.length)) {
    if (at > from) parts.push({ text: text.slice(from, at), match: false });
    parts.push({ text: text.slice(at, at + wanted.length), match: true });
    from = at + wanted.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), match: false });
  return parts;
}

/** A long text cut to show its first match: up to SNIPPET_LEAD characters before it, an ellipsis in front. */
export function snippetAround(text: string, keyword: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= SNIPPET_MAX) return line;
  const at = keyword.trim() === '' ? -1 : line.toLowerCase().indexOf(keyword.trim().toLowerCase());
  const start = at <= SNIPPET_LEAD ? 0 : at - SNIPPET_LEAD;
  const cut = line.slice(start, start + SNIPPET_MAX);
  return `${start > 0 ? '…' : ''}${cut}${start + SNIPPET_MAX < line.length ? '…' : ''}`;
}
