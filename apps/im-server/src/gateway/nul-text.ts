// PostgreSQL's `text` cannot hold U+0000: a request string carrying one failed its write as an internal error
// (500), and inside a group-commit batch it would fail the other senders' messages with it. So the gateway
// refuses it for every command before any handler runs (414), as store-server does in parseBiz (issue 34 §4).

/** Deeper than any command's body; past it the decoder's own limits have long applied. */
const MAX_DEPTH = 32;

/**
 * Where the first string holding U+0000 is in a decoded request body (`msg.text`, `accounts[2]`, a key's own
 * name), or undefined when there is none.
 */
export function pathOfNulText(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path || '(body)' : undefined;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH || ArrayBuffer.isView(value)) return undefined;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = pathOfNulText(value[index], `${path}[${index}]`, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return at;
    const found = pathOfNulText(item, at, depth + 1);
    if (found) return found;
  }
  return undefined;
}
