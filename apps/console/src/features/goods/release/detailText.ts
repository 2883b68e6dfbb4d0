// The goods detail as "rich text" without an editor dependency (docs/goods.md, console section):
// the merchant writes plain paragraphs separated by blank lines; the wire carries them as
// `<p>…</p>` with every character escaped, so the stored HTML can never hold markup or script.
// Reading back takes only the text of each paragraph, whatever HTML the server holds.

/** Paragraphs of a text: blank lines separate them; each is trimmed; empty ones are dropped. */
export function detailParagraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/** Plain paragraphs → safe HTML: one `<p>` each, single line breaks kept as `<br>`. */
export function detailHtmlFromText(text: string): string {
  return detailParagraphs(text)
    .map((paragraph) => `<p>${paragraph.split('\n').map((line) => escapeHtml(line.trim())).join('<br>')}</p>`)
    .join('');
}

/**
 * Stored HTML → the paragraphs' text. Parsed by the browser's inert DOMParser (no script runs, no
 * resource loads); only text content is kept, `<br>` becomes a line break.
 */
export function paragraphsFromDetailHtml(html: string): string[] {
  if (!html.trim()) return [];
  const document = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  document.querySelectorAll('br').forEach((br) => br.replaceWith('\n'));
  const blocks = Array.from(document.body.querySelectorAll('p'));
  const texts = blocks.length > 0 ? blocks.map((block) => block.textContent ?? '') : [document.body.textContent ?? ''];
  return texts.map((text) => text.trim()).filter((text) => text !== '');
}

/** Stored HTML → the text the form's textarea edits. */
export function detailTextFromHtml(html: string): string {
  return paragraphsFromDetailHtml(html).join('\n\n');
}
