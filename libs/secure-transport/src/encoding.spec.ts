import fc from 'fast-check';
import * as nodeEncoding from './encoding';

/** The reference definition of what base64ToBytes accepts (the strict pattern it used to run on every body). */
const CANONICAL = /^[A-Za-z0-9+/]*={0,2}$/;
const accepts = (text: string) => text.length % 4 === 0 && CANONICAL.test(text);

/** The same module loaded as a browser sees it: no Buffer, so atob/btoa (or Uint8Array.fromBase64) are used. */
function loadWithoutBuffer(): typeof nodeEncoding {
  const saved = globalThis.Buffer;
  let loaded: typeof nodeEncoding | undefined;
  (globalThis as { Buffer?: unknown }).Buffer = undefined;
  try {
    jest.isolateModules(() => {
      loaded = require('./encoding');
    });
  } finally {
    globalThis.Buffer = saved;
  }
  return loaded!;
}

const browserEncoding = loadWithoutBuffer();
const variants: [string, typeof nodeEncoding][] = [
  ['Node (Buffer)', nodeEncoding],
  ['browser (no Buffer)', browserEncoding],
];

// Characters that are valid, almost valid (base64url, padding, whitespace) or foreign.
const alphabet = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=-_ \n\t.é'.split(''));

describe.each(variants)('base64 (%s)', (_name, encoding) => {
  it('accepts exactly the canonical pattern, and decodes like the platform', () => {
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 24 }).map((chars) => chars.join('')), (text) => {
        let decoded: Uint8Array | undefined;
        try {
          decoded = encoding.base64ToBytes(text);
        } catch {
          decoded = undefined;
        }
        expect(decoded !== undefined).toBe(accepts(text));
        if (decoded) expect(Array.from(decoded)).toEqual(Array.from(Buffer.from(text, 'base64')));
      }),
      { numRuns: 3000 },
    );
  });

  it('round-trips random bytes of every length, including bodies past 64 KiB', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), (bytes) => {
        const text = encoding.bytesToBase64(bytes);
        expect(text).toBe(Buffer.from(bytes).toString('base64'));
        expect(Array.from(encoding.base64ToBytes(text))).toEqual(Array.from(bytes));
      }),
    );
    const large = nodeEncoding.randomBytes(200_001);
    expect(Buffer.from(encoding.base64ToBytes(encoding.bytesToBase64(large))).equals(Buffer.from(large))).toBe(true);
  });

  it('refuses non-canonical shapes the decoders would otherwise forgive', () => {
    for (const bad of ['QUJD\n', 'QU JD', 'QUJ', 'QUJD=', 'QQ==QUJD', 'QU-_', 'QUJD\u00e9AAA', 'QQ=\u0000']) {
      expect(() => encoding.base64ToBytes(bad)).toThrow(TypeError);
    }
    expect(() => encoding.base64ToBytes(5 as unknown as string)).toThrow(TypeError);
    // Non-zero padding bits were always accepted (the pattern does not look at them); still are.
    expect(Array.from(encoding.base64ToBytes('QR=='))).toEqual([0x41]);
  });
});
