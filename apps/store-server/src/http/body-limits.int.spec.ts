// Issue 34 §5: a body size limit on every route, and a clear error past it (REQUEST_TOO_LARGE, 10301012) in the
// API's error envelope, with nothing changed and the server still serving. Real server, real sockets.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describeTransportCode } from '@merchant/api-contracts';
import { MAX_UPLOAD_BYTES } from '@merchant/media-library';
import { REQUEST_TOO_LARGE, isSecureTransportError } from '@merchant/secure-transport';
import { postForm, uniquePng, verifyOne } from '../modules/media/media.test-helpers';
import { startTestServer, type TestHarness } from '../testing/harness';
import { ENVELOPE_BODY_LIMIT_BYTES, PLAIN_BODY_LIMIT_BYTES } from './body-limits';

const ERROR_REPORT = '/v1/store/alarm/errorReport/insertErrorReport';
const OK = '00000000';

let h: TestHarness;
let mediaDir: string;
let token: string;

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), 'body-limits-int-'));
  process.env.MEDIA_DIR = mediaDir;
  h = await startTestServer({ config: { buyerKey: 'body-limits-buyer-key' } });
});
afterAll(async () => {
  await h.close();
  delete process.env.MEDIA_DIR;
  await rm(mediaDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await h.reset();
  token = await h.login('demo_merchant', 'Demo12345');
});

const errorReports = async () => (await h.database.db.selectFrom('store_error_report').select('id').execute()).length;
const healthy = async () => (await fetch(`${h.url}/healthz`)).status === 200;
/** An error report whose one record carries `bytes` characters (the largest body the console sends). */
const reportOf = (bytes: number) => ({ errorCode: '10301001', path: '/goods/list', records: [{ response: 'x'.repeat(bytes) }] });

describe('request body limits (issue 34 §5)', () => {
  it('an envelope call past its limit answers 10301012 with the limit; nothing is stored and the same session goes on', async () => {
    for (const mode of ['none', 'aes'] as const) {
      const client = h.client(token, mode);
      const before = await errorReports();
      const refused = await client.request(ERROR_REPORT, reportOf(ENVELOPE_BODY_LIMIT_BYTES), { silent: true }).catch((error: unknown) => error);
      expect(isSecureTransportError(refused)).toBe(true);
      expect(refused).toMatchObject({ code: REQUEST_TOO_LARGE, errInfo: { limitBytes: ENVELOPE_BODY_LIMIT_BYTES } });
      expect(await errorReports()).toBe(before);
      // Not a session failure: the same client, same session, sends the next call.
      expect((await client.request(ERROR_REPORT, reportOf(1000), { silent: true })).code).toBe(OK);
      expect(await errorReports()).toBe(before + 1);
    }
    expect(await healthy()).toBe(true);
  });

  it('a body just under the envelope limit is still accepted (the limit is not lower than documented)', async () => {
    const result = await h.client(token).request(ERROR_REPORT, reportOf(ENVELOPE_BODY_LIMIT_BYTES - 64 * 1024), { silent: true });
    expect(result.code).toBe(OK);
  });

  it('a plain JSON route (buyer side) past 1 MiB answers 413 with the code and a text in the caller language', async () => {
    for (const [language, text] of [
      ['zh-CN', describeTransportCode(REQUEST_TOO_LARGE, 'zh-CN')],
      ['en-US', 'the request is too large, please send less and retry'],
    ] as const) {
      const response = await fetch(`${h.url}/buyer/refunds/request`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': language, 'x-buyer-key': 'body-limits-buyer-key' },
        body: JSON.stringify({ note: 'x'.repeat(PLAIN_BODY_LIMIT_BYTES) }),
      });
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({ code: REQUEST_TOO_LARGE, msg: text, data: null, errInfo: { limitBytes: PLAIN_BODY_LIMIT_BYTES } });
    }
    expect(await healthy()).toBe(true);
  });

  it('the upload action has its own limit (largest file + form fields): past it 413 with the code, nothing stored', async () => {
    const bytes = uniquePng();
    const entry = await verifyOne(h, token, bytes, 'huge.png');
    const stored = async () => (await readdir(mediaDir, { recursive: true })).length;
    const before = await stored();
    const response = await postForm(entry.uploadTicket!, new Uint8Array(MAX_UPLOAD_BYTES + 128 * 1024));
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: REQUEST_TOO_LARGE, errInfo: { limitBytes: expect.any(Number) } });
    expect(await stored()).toBe(before);
    // The ticket still works for the real file: the refusal changed nothing.
    expect((await postForm(entry.uploadTicket!, bytes)).status).toBe(200);
    expect(await healthy()).toBe(true);
  });
});
