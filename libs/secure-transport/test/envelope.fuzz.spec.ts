import fc from 'fast-check';
import { createMemoryStorage, SecurityCodes, SESSION_PATHS, type SecurityMode } from '../src';
import { SecureTransportError } from '../src/errors';
import { decodeRequest, type DecodeContext, type DecodeState, type RouteKind } from '../src/server/decode';
import { createNodeCryptoProvider } from '../src/server/node-crypto';
import { MemorySessionStore } from '../src/server';
import { clientFor, startServer, testServerKeys, type TestServer } from './harness';

/**
 * Envelope parser fuzzing (issue 34 §4): whatever body reaches the server half, decodeRequest accepts it or
 * throws a SecureTransportError with one of the documented 10301xxx codes, never anything else (a TypeError
 * would be answered 99999999, a crash would take the process). Valid envelopes come from the real client in
 * every mode and are then mutated field by field, as text, or replaced by random JSON. FUZZ_RUNS (e.g.
 * 2000000) scales the run for a long fuzz job; the normal test run makes 100k cases in all.
 */
const total = Number(process.env.FUZZ_RUNS ?? 100_000);
const runs = (share: number) => Math.max(1, Math.round(total * share));
jest.setTimeout(Math.max(120_000, total / 2));

const TYPED_CODES = new Set<string>(Object.values(SecurityCodes));

interface Captured {
  kind: RouteKind;
  path: string;
  mode: SecurityMode;
  body: Record<string, unknown>;
}

let server: TestServer;
let context: DecodeContext;
const store = new MemorySessionStore();
const captured: Captured[] = [];

const kindOf = (path: string): RouteKind =>
  path === SESSION_PATHS.createSession ? 'createSession' : path === SESSION_PATHS.handshake ? 'handshake' : 'secure';

beforeAll(async () => {
  const serverKeys = await testServerKeys();
  server = await startServer({ sessionStore: store, serverKeys });
  // The real client in every mode, recorded on the wire: session calls, handshakes and calls with varied biz.
  for (const mode of ['none', 'rsa', 'aes', 'aes-rsa2-sign'] as const) {
    const client = clientFor(server, mode, {
      storage: createMemoryStorage(),
      fetch: (url, init) => {
        const path = new URL(url).pathname;
        captured.push({ kind: kindOf(path), path, mode, body: JSON.parse(init.body) as Record<string, unknown> });
        return fetch(url, init);
      },
    });
    for (const biz of [{}, { pageNum: 1, pageSize: 20, goodsName: '沙发' }, { amount: 1999, items: [{ id: 7, qty: 2 }] }, 'text', [1, 2, 3]]) {
      await client.post('/v1/test/echo', biz);
    }
  }
  context = { crypto: createNodeCryptoProvider(), store, serverKeys, allowedModes: ['none', 'rsa', 'aes', 'aes-rsa2-sign'], timestampWindowSeconds: 300, nowSeconds: Math.floor(Date.now() / 1000) };
}, 60_000);
afterAll(() => server.close());

/** Resolves true when the body decodes or is refused with a typed code; false for any other outcome. */
async function decodesOrRefusesTyped(kind: RouteKind, path: string, body: unknown): Promise<boolean> {
  const state: DecodeState = {};
  try {
    await decodeRequest(context, kind, path, body, state);
    return true;
  } catch (error) {
    return error instanceof SecureTransportError && TYPED_CODES.has(error.code);
  }
}

// JSON values only: a body reaches the parser through JSON.parse, so no undefined, NaN or functions.
const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom('', 'none', 'rsa', 'aes', 'aes-rsa2-sign', '__proto__', 'constructor', '====', 'A', 'AAAA', '\u0000', '\u202e', '<script>', "' or 1=1 --", 'x'.repeat(70)),
  fc.base64String({ maxLength: 80 }),
);
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -1, 2 ** 53, -(2 ** 53), 1e308, -1e-308, 0.5),
  fc.integer({ min: -400, max: 400 }).map((delta) => Math.floor(Date.now() / 1000) + delta),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.constantFrom(null, true, false, [], {}, { __proto__: { polluted: true } }, JSON.parse('{"__proto__":{"polluted":true}}')),
  fc.jsonValue({ maxDepth: 2 }),
);

type Mutation = (envelope: Record<string, unknown>) => unknown;

const sysKeys = ['deviceId', 'method', 'charset', 'safeType', 'appType', 'appVerName', 'appVerCode', 'safeAccessDebug', 'timestamp', 'sessionKey', 'accessToken', 'nonce', 'secretKey', 'signature', '__proto__', 'constructor', 'extra'];

const copy = (value: unknown): Record<string, unknown> => JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
/** A generated value is shared between runs (constants, shrinking): mutations put a copy in, never the value itself. */
const fresh = (value: unknown): unknown => (typeof value === 'object' && value !== null ? JSON.parse(JSON.stringify(value)) : value);
const sysOf = (envelope: Record<string, unknown>) =>
  typeof envelope.sys === 'object' && envelope.sys !== null && !Array.isArray(envelope.sys) ? (envelope.sys as Record<string, unknown>) : undefined;

/** Changes one character of a string, e.g. inside the base64 ciphertext or a signature. */
const flipChar = (text: string, at: number, replacement: string) => (text.length === 0 ? replacement : text.slice(0, at % text.length) + replacement + text.slice((at % text.length) + 1));

const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.tuple(fc.constantFrom(...sysKeys), hostileValue).map(([key, value]): Mutation => (envelope) => {
    const sys = sysOf(envelope);
    if (sys) Object.defineProperty(sys, key, { value: fresh(value), enumerable: true, configurable: true, writable: true });
    return envelope;
  }),
  fc.constantFrom(...sysKeys).map((key): Mutation => (envelope) => {
    delete sysOf(envelope)?.[key];
    return envelope;
  }),
  hostileValue.map((value): Mutation => (envelope) => ({ ...envelope, biz: fresh(value) })),
  hostileValue.map((value): Mutation => (envelope) => ({ ...envelope, sys: fresh(value) })),
  fc.tuple(fc.nat(), fc.constantFrom('A', 'B', '/', '+', '=', '-', '_', '!', ' ', '\u00e9')).map(([at, replacement]): Mutation => (envelope) => {
    if (typeof envelope.biz === 'string') envelope.biz = flipChar(envelope.biz, at, replacement);
    const sys = sysOf(envelope);
    if (sys && typeof sys.signature === 'string' && at % 2 === 0) sys.signature = flipChar(sys.signature, at, replacement);
    return envelope;
  }),
  fc.nat().map((cut): Mutation => (envelope) => {
    if (typeof envelope.biz === 'string') envelope.biz = envelope.biz.slice(0, cut % (envelope.biz.length + 1));
    return envelope;
  }),
  fc.constantFrom<Mutation>(
    (envelope) => ({ sys: envelope.sys }),
    (envelope) => ({ biz: envelope.biz }),
    (envelope) => [envelope.sys, envelope.biz],
    (envelope) => JSON.stringify(envelope),
    () => null,
  ),
);

/** A captured envelope (never an RSA-mode call: each one costs an RSA decryption, so they have their own share). */
const envelopeArb = (filter: (entry: Captured) => boolean) => fc.constantFrom(...captured.filter(filter));

describe('secure-transport envelope parser fuzzing (issue 34 §4)', () => {
  it('random JSON bodies on every route kind give typed errors only', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom<RouteKind>('createSession', 'handshake', 'secure'), fc.oneof(hostileValue, fc.record({ sys: hostileValue, biz: hostileValue }, { requiredKeys: [] })), (kind, body) =>
        decodesOrRefusesTyped(kind, '/v1/test/echo', body),
      ),
      { numRuns: runs(0.25) },
    );
  });

  it('mutated envelopes of the real client (none, aes, aes-rsa2-sign) give typed errors only', async () => {
    await fc.assert(
      fc.asyncProperty(envelopeArb((entry) => entry.mode !== 'rsa'), fc.array(mutationArb, { minLength: 1, maxLength: 3 }), async (entry, mutations) => {
        const body = mutations.reduce<unknown>((current, mutate) => (typeof current === 'object' && current !== null && !Array.isArray(current) ? mutate(current as Record<string, unknown>) : current), copy(entry.body));
        return decodesOrRefusesTyped(entry.kind, entry.path, body);
      }),
      { numRuns: runs(0.6) },
    );
  });

  it('mutated RSA-mode envelopes give typed errors only', async () => {
    await fc.assert(
      fc.asyncProperty(envelopeArb((entry) => entry.mode === 'rsa'), fc.array(mutationArb, { minLength: 1, maxLength: 2 }), async (entry, mutations) => {
        const body = mutations.reduce<unknown>((current, mutate) => (typeof current === 'object' && current !== null && !Array.isArray(current) ? mutate(current as Record<string, unknown>) : current), copy(entry.body));
        return decodesOrRefusesTyped(entry.kind, entry.path, body);
      }),
      { numRuns: runs(0.02) },
    );
  });

  it('envelopes damaged as text (a character changed, a cut) give typed errors once they still parse as JSON', async () => {
    await fc.assert(
      fc.asyncProperty(envelopeArb((entry) => entry.mode !== 'rsa'), fc.nat(), fc.constantFrom('"', '{', '}', '0', '9', '-', 'e', 'A', ':', ',', '[', ']', 'n', 't'), fc.boolean(), async (entry, at, replacement, cut) => {
        const text = JSON.stringify(entry.body);
        const damaged = cut ? text.slice(0, at % text.length) : flipChar(text, at, replacement);
        let body: unknown;
        try {
          body = JSON.parse(damaged);
        } catch {
          return true; // not JSON: Fastify's parser refuses it before the envelope parser (the HTTP-level run covers that)
        }
        return decodesOrRefusesTyped(entry.kind, entry.path, body);
      }),
      { numRuns: runs(0.13) },
    );
  });

  it('the captured envelopes are the real thing: each decodes once, then is refused as a replay', async () => {
    // Without this, a capture gone wrong would make every case an easy refusal and the fuzz would prove little.
    const secure = captured.filter((entry) => entry.kind === 'secure' && entry.mode !== 'none');
    expect(new Set(secure.map((entry) => entry.mode))).toEqual(new Set(['rsa', 'aes', 'aes-rsa2-sign']));
    const fresh = new MemorySessionStore();
    for (const key of new Set(secure.map((entry) => (entry.body.sys as { sessionKey: string }).sessionKey))) {
      const record = await store.get(key);
      if (record) await fresh.save(record);
    }
    const replayContext = { ...context, store: fresh };
    for (const entry of secure) {
      await expect(decodeRequest(replayContext, entry.kind, entry.path, copy(entry.body), {})).resolves.toBeUndefined();
      await expect(decodeRequest(replayContext, entry.kind, entry.path, copy(entry.body), {})).rejects.toMatchObject({ code: SecurityCodes.REPLAYED_REQUEST });
    }
  });
});
