// Rich text a merchant writes (after-sale explanation templates, issue 27 §3): an allow-list sanitiser that
// rebuilds the HTML from what it recognises instead of filtering what it distrusts. The input is read as a
// stream of tags and text; only the tags of RICH_TEXT_TAGS come out, with only the attributes listed for them,
// every text is re-escaped, tags are balanced, and everything else is dropped: script, style and the other
// raw-text containers with their content, comments, doctypes, unknown tags (their text kept), every attribute
// not listed (so every on* handler, style and src), and any link that is not http:, https: or mailto:.
// store-server stores only its output and the console shows only that (docs/merchant-centre.md "After-sale
// explanation templates"). No dependency: the workspace has no HTML sanitiser of its own (DOMPurify is in
// node_modules only as another package's dependency and needs a DOM on the server).

/** The tags a template may hold; `br` is void. */
export const RICH_TEXT_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'h3', 'h4', 'blockquote', 'a'] as const;
export type RichTextTag = (typeof RICH_TEXT_TAGS)[number];

const ALLOWED = new Set<string>(RICH_TEXT_TAGS);
const VOID = new Set(['br']);
/** Tags whose whole content goes with them (never shown as text either). */
const DROPPED_WITH_CONTENT = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'textarea', 'title', 'svg', 'math', 'xmp', 'noembed', 'noframes', 'select', 'head']);
const SAFE_LINK = /^(https?:|mailto:)/i;

const NAMED_ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Decodes the entities a browser would (the common named ones and numeric ones); an unknown one stays as written. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);?/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '\ufffd';
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');

/** A link target the sanitiser keeps: http(s) or mailto once entities, spaces and control characters are gone. */
function safeHref(raw: string): string | undefined {
  // eslint-disable-next-line no-control-regex
  const compact = decodeEntities(raw).replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  return SAFE_LINK.test(compact) ? compact : undefined;
}

interface Tag {
  name: string;
  closing: boolean;
  attributes: Map<string, string>;
  /** Index just past the tag's `>` (or the end of the input for an unterminated tag). */
  end: number;
}

/** Reads the tag starting at `start` (input[start] is '<' and a letter or '/' + letter follows). */
function readTag(input: string, start: number): Tag {
  let i = start + 1;
  const closing = input[i] === '/';
  if (closing) i++;
  const nameStart = i;
  while (i < input.length && !/[\s/>]/.test(input[i])) i++;
  const name = input.slice(nameStart, i).toLowerCase();
  const attributes = new Map<string, string>();
  while (i < input.length) {
    while (i < input.length && /[\s/]/.test(input[i])) i++;
    if (i >= input.length) break;
    if (input[i] === '>') return { name, closing, attributes, end: i + 1 };
    const attrStart = i;
    // An attribute name may start with '=' (the HTML tokenizer's rule), so take at least one character.
    i++;
    while (i < input.length && !/[\s/>=]/.test(input[i])) i++;
    const attrName = input.slice(attrStart, i).toLowerCase();
    while (i < input.length && /\s/.test(input[i])) i++;
    let value = '';
    if (input[i] === '=') {
      i++;
      while (i < input.length && /\s/.test(input[i])) i++;
      const quote = input[i];
      if (quote === '"' || quote === "'") {
        const close = input.indexOf(quote, i + 1);
        value = input.slice(i + 1, close === -1 ? input.length : close);
        i = close === -1 ? input.length : close + 1;
      } else {
        const valueStart = i;
        while (i < input.length && !/[\s>]/.test(input[i])) i++;
        value = input.slice(valueStart, i);
      }
    }
    if (!attributes.has(attrName)) attributes.set(attrName, value);
  }
  return { name, closing, attributes, end: input.length };
}

/** The index just past the end tag `</name…>` closing a dropped container, or the end of the input. */
function skipContent(input: string, from: number, name: string): number {
  const pattern = new RegExp(`</${name}(?=[\\s/>])`, 'ig');
  pattern.lastIndex = from;
  const match = pattern.exec(input);
  if (!match) return input.length;
  const close = input.indexOf('>', match.index);
  return close === -1 ? input.length : close + 1;
}

function openTag(tag: Tag): string {
  if (tag.name !== 'a') return `<${tag.name}>`;
  const href = safeHref(tag.attributes.get('href') ?? '');
  return href === undefined ? '<a>' : `<a href="${escapeAttribute(href)}" rel="noopener noreferrer nofollow" target="_blank">`;
}

/** The allow-listed, balanced, re-escaped form of `input`; idempotent (sanitising its output changes nothing). */
export function sanitizeRichText(input: string): string {
  let out = '';
  const open: string[] = [];
  let i = 0;
  while (i < input.length) {
    const lt = input.indexOf('<', i);
    const textEnd = lt === -1 ? input.length : lt;
    if (textEnd > i) out += escapeText(decodeEntities(input.slice(i, textEnd)));
    if (lt === -1) break;
    const next = input[lt + 1] ?? '';
    if (input.startsWith('<!--', lt)) {
      const close = input.indexOf('-->', lt + 4);
      i = close === -1 ? input.length : close + 3;
      continue;
    }
    if (next === '!' || next === '?') {
      const close = input.indexOf('>', lt);
      i = close === -1 ? input.length : close + 1;
      continue;
    }
    if (!/[a-z]/i.test(next) && !(next === '/' && /[a-z]/i.test(input[lt + 2] ?? ''))) {
      out += '&lt;';
      i = lt + 1;
      continue;
    }
    const tag = readTag(input, lt);
    i = tag.end;
    if (!tag.closing && DROPPED_WITH_CONTENT.has(tag.name)) {
      i = skipContent(input, i, tag.name);
      continue;
    }
    if (!ALLOWED.has(tag.name)) continue;
    if (tag.closing) {
      const at = open.lastIndexOf(tag.name);
      if (at === -1) continue;
      while (open.length > at) out += `</${open.pop()}>`;
      continue;
    }
    out += openTag(tag);
    if (!VOID.has(tag.name)) open.push(tag.name);
  }
  while (open.length > 0) out += `</${open.pop()}>`;
  return out;
}

/** The text of sanitised rich text, for a list's one-line summary: tags gone, entities decoded, spaces folded. */
export function richTextPlain(html: string): string {
  return decodeEntities(sanitizeRichText(html).replace(/<br>/g, ' ').replace(/<\/(p|li|h3|h4|blockquote)>/g, ' ').replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
}
