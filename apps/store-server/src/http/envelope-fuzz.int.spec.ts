// Issue 34 §4 over HTTP: mutated envelopes sent to real store-server routes (the goods and order lists, a
// mutation, the session calls) give typed answers only, never HTTP 5xx or 99999999, and the server keeps
// serving. The parser-level run (100k cases) is libs/secure-transport/test/envelope.fuzz.spec.ts; this one
// adds what only the real server has: Fastify's JSON parser, content types, the token, permission and contract.
import { goodsEndpoints, orderEndpoints, STORE_CODES } from '@merchant/api-contracts';
import { createMemoryStorage, createSecureClient, INTERNAL_ERROR_CODE, REQUEST_TOO_LARGE, SecurityCodes, SESSION_PATHS } from '@merchant/secure-transport';
import fc from 'fast-check';
import { startTestServer, type TestHarness } from '../testing/harness';

const RUNS = Number(process.env.HTTP_FUZZ_RUNS ?? 2_000);
jest.setTimeout(Math.max(180_000, RUNS * 60));

const TYPED = new Set<string>([...Object.values(SecurityCodes), REQUEST_TOO_LARGE, ...Object.values(STORE_CODES)]);

interface Captured {
  path: string;
  body: string;
}

let h: TestHarness;
const captured: Captured[] = [];

beforeAll(async () => {
  h = await startTestServer();
  const token = await h.login('demo_merchant', 'Demo12345');
  for (const mode of ['none', 'rsa', 'aes', 'aes-rsa2-sign'] as const) {
    const client = createSecureClient({
      baseUrl: h.url,
      mode,
      accessToken: token,
      storage: createMemoryStorage(),
      fetch: (url, init) => {
        captured.push({ path: new URL(url).pathname, body: init.body });
        return fetch(url, init);
      },
    });
    await client.request(goodsEndpoints.list.path, { status: 2, pageNum: 1, pageSize: 20 });
    await client.request(orderEndpoints.orderList.path, { pageNum: 1, pageSize: 20 });
    await client.request('/v1/store/alarm/errorReport/insertErrorReport', { errorCode: '10301001', path: '/goods', records: [{ at: 1 }] });
    client.dispose();
  }
});
afterAll(() => h.close());

const flipChar = (text: string, at: number, replacement: string) => text.slice(0, at % text.length) + replacement + text.slice((at % text.length) + 1);

/** A wire body: a captured envelope changed as text, as JSON fields, or replaced outright. */
const bodyArb = (): fc.Arbitrary<{ path: string; body: string; contentType: string }> => {
  const entry = fc.constantFrom(...captured);
  const contentType = fc.constantFrom('application/json', 'application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', '');
  const textual = fc.tuple(entry, fc.nat(), fc.constantFrom('"', '{', '}', '0', '-', 'A', '/', '=', ':', ',', '\\', '\u0000', '\u202e'), fc.boolean()).map(([e, at, replacement, cut]) => ({
    path: e.path,
    body: cut ? e.body.slice(0, at % e.body.length) : flipChar(e.body, at, replacement),
  }));
  const hostile = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom(null, '', 'none', 'aes', '__proto__', 0, -1, 2 ** 60, [], {}));
  const field = fc.tuple(entry, fc.constantFrom('sys', 'biz', 'sys.safeType', 'sys.sessionKey', 'sys.accessToken', 'sys.nonce', 'sys.timestamp', 'sys.secretKey', 'sys.signature', 'sys.__proto__'), hostile).map(([e, key, value]) => {
    const envelope = JSON.parse(e.body) as Record<string, unknown>;
    const [top, inner] = key.split('.');
    if (inner === undefined) envelope[top] = value;
    else if (typeof envelope.sys === 'object' && envelope.sys !== null) Object.defineProperty(envelope.sys, inner, { value, enumerable: true, writable: true, configurable: true });
    return { path: e.path, body: JSON.stringify(envelope) };
  });
  const random = fc.tuple(fc.constantFrom(...captured.map((c) => c.path), SESSION_PATHS.createSession, SESSION_PATHS.handshake, SESSION_PATHS.renewSession), fc.oneof(fc.json({ maxDepth: 3 }), fc.string({ maxLength: 60 }))).map(([path, body]) => ({ path, body }));
  return fc.tuple(fc.oneof({ weight: 3, arbitrary: textual }, { weight: 4, arbitrary: field }, { weight: 1, arbitrary: random }), contentType).map(([b, type]) => ({ ...b, contentType: type }));
};

describe('envelope fuzzing through the real server (issue 34 §4)', () => {
  it('captured the real client in every mode on the list routes', () => {
    expect(captured.filter((c) => c.path === goodsEndpoints.list.path).length).toBeGreaterThanOrEqual(4);
  });

  it(`${RUNS} mutated envelopes get typed answers below HTTP 500, never 99999999; the server keeps serving`, async () => {
    const seen = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(bodyArb(), async ({ path, body, contentType }) => {
        const headers: Record<string, string> = contentType ? { 'content-type': contentType } : {};
        const response = await fetch(`${h.url}${path}`, { method: 'POST', headers, body });
        const text = await response.text();
        let answer: { code?: unknown } = {};
        try {
          answer = JSON.parse(text) as { code?: unknown };
        } catch {
          // an answer that is not JSON fails below
        }
        const code = String(answer.code);
        seen.set(code, (seen.get(code) ?? 0) + 1);
        return response.status < 500 && (TYPED.has(code) || code === '00000000') && code !== INTERNAL_ERROR_CODE;
      }),
      { numRuns: RUNS },
    );
    // The mix reached past the envelope too: refusals of several kinds, not one easy code.
    expect(seen.size).toBeGreaterThanOrEqual(4);
    expect((await fetch(`${h.url}/healthz`)).status).toBe(200);
    const list = await h.call<{ total: number }>(goodsEndpoints.list.path, { status: 2, pageNum: 1, pageSize: 20 }, await h.login('demo_merchant', 'Demo12345'));
    expect(list.code).toBe('00000000');
  });
});
