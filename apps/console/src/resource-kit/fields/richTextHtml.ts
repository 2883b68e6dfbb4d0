// The rich-text field's one sanitiser (docs/decisions/0011-rich-text.md): DOMPurify with an allow-list of
// paragraphs, line breaks, bold, italic, underline, lists, links (http and https only) and images (http,
// https or a path of this site). Everything else goes: scripts and styles with their content, event handler
// attributes, javascript: and data: addresses, unknown tags (their text is kept). The field sanitises on
// every change and the form again before it is checked and sent (fields/index.tsx prepareFieldValues).
import DOMPurify from 'dompurify';

const ALLOWED_TAGS = ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 'ul', 'ol', 'li', 'a', 'img'];
const ALLOWED_ATTR = ['href', 'src', 'alt'];

const HTTP_URL = /^https?:\/\/[^\s/$.?#][^\s]*$/i;
/** A path on this site: one leading slash (two would be another host). */
const SITE_PATH = /^\/(?![/\\])[^\s]*$/;

/** A link's address: http or https only. */
export const isSafeLinkUrl = (url: string): boolean => HTTP_URL.test(url.trim());

/** An image's address: http, https, or a path on this site. */
export const isSafeImageSrc = (src: string): boolean => HTTP_URL.test(src.trim()) || SITE_PATH.test(src.trim());

// An instance of our own, so these hooks never change another user of DOMPurify's default instance.
const purifier = typeof window === 'undefined' ? null : DOMPurify(window);

purifier?.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName === 'A') {
    const href = node.getAttribute('href');
    if (href !== null && !isSafeLinkUrl(href)) node.removeAttribute('href');
  }
  if (node.nodeName === 'IMG') {
    const src = node.getAttribute('src');
    // An image without a safe address shows nothing: it goes.
    if (src === null || !isSafeImageSrc(src)) node.remove();
  }
});

/** Nothing a reader would see: no text and no image (an emptied editor leaves `<p><br></p>`). */
function isBlank(content: HTMLElement): boolean {
  return (content.textContent ?? '').trim() === '' && content.querySelector('img') === null;
}

/** Any HTML (typed, pasted, stored) → the allowed HTML; '' when nothing would show. Non-text values read as ''. */
export function sanitizeRichText(html: unknown): string {
  if (typeof html !== 'string' || html.trim() === '' || !purifier) return '';
  const fragment = purifier.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false, ALLOW_ARIA_ATTR: false, RETURN_DOM_FRAGMENT: true });
  const container = document.createElement('div');
  container.append(fragment);
  return isBlank(container) ? '' : container.innerHTML;
}
