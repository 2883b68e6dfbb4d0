// The object store's media commands (issue 31; im-client-spec §7 "Upload and media"; docs/im-upload.md
// "Media commands"): processImage, safe short links and getNosOriginUrl, getNosTokenTrans, the mixed-store
// commands, back-source tokens, getGrayscaleConfig and the simple (multipart) upload. Real im-server, real
// sockets and HTTP, real database; im-core's createNosClient over a real ImConnection is the client under
// test, raw clients send what im-core would refuse.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';
import sharp from 'sharp';
import { createNosClient, ImConnection, type WebSocketConstructor } from '@merchant/im-core';
import { FAST_TIMING } from './support/im-core-clients';
import { RawImClient, TEST_APP_KEY, tokenFor } from './support/raw-client';
import { useImServer } from './support/server-fixture';
import { account, makeDataDir } from './support/test-server';
import { CHUNK, md5, nosToken, pngBytes, putChunk, uploadWhole, type ObjectToken } from './support/upload-http';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A 300×200 PNG sharp can decode. */
const pictureBytes = () => sharp({ create: { width: 300, height: 200, channels: 3, background: '#3080c0' } }).png().toBuffer();

describe('media commands and the simple upload (issue 31)', () => {
  let clock = Date.now();
  const data = makeDataDir();
  const objectDir = join(data.dataDir, 'objects');
  const fixture = useImServer({ objectDir, now: () => clock, grayscaleConfig: { newUploader: true, maxThumbSide: 512, banner: 'spring' } });
  const connections: ImConnection[] = [];
  const raws: RawImClient[] = [];
  afterAll(async () => {
    for (const connection of connections) connection.destroy();
    for (const raw of raws) raw.close();
    data.remove();
  });

  /** A raw client of the account, as an Android port (client type 1), so the im-core web port beside it is not kicked. */
  async function rawLogin(name: string): Promise<RawImClient> {
    const raw = await RawImClient.loggedIn(fixture.server.wsUrl, account(name), { clientType: 1 });
    raws.push(raw);
    return raw;
  }

  /** im-core's NOS client over a real ImConnection, and how many commands it sent. */
  async function nosClientOf(name: string) {
    const connection = new ImConnection({
      lbsUrl: `${fixture.server.url}/lbs`,
      appKey: TEST_APP_KEY,
      account: account(name),
      token: tokenFor(account(name)),
      WebSocketImpl: WebSocket as unknown as WebSocketConstructor,
      transports: ['websocket'],
      networkEvents: null,
      timing: FAST_TIMING,
    });
    connections.push(connection);
    await connection.connect();
    const sent: string[] = [];
    const nos = createNosClient((command, body) => {
      sent.push(command);
      return connection.request(command, body);
    });
    return { nos, sent };
  }

  /** Every file under the object folder, to prove a refusal wrote nothing. */
  const storedFiles = (): string[] => readdirSync(objectDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name)).sort();

  async function withClockAhead<T>(ms: number, run: () => Promise<T>): Promise<T> {
    clock += ms;
    try {
      return await run();
    } finally {
      clock -= ms;
    }
  }

  describe('processImage', () => {
    it('answers the address of the processed image, which the object store serves processed', async () => {
      const raw = await rawLogin('mc_img');
      const { nos } = await nosClientOf('mc_img');
      const { url } = await uploadWhole(fixture.server, raw, await pictureBytes(), { fileName: 'blue.png' });

      const processed = await nos.processImage(url, [{ type: 'thumbnail', mode: 'contain', width: 100, height: 100 }, { type: 'rotate', angle: -90 }]);
      expect(processed).toBe(`${url}?imageView&thumbnail=100x100&rotate=270`);
      const response = await fetch(processed);
      expect([response.status, response.headers.get('content-type')]).toEqual([200, 'image/png']);
      const { width, height } = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      // 300×200 fitted into 100×100 is 100×67; turned a quarter, 67×100.
      expect({ width, height }).toEqual({ width: 67, height: 100 });
    });

    it('refuses bad operations, foreign URLs, unknown objects and non-images, and im-core refuses bad operations before sending', async () => {
      const raw = await rawLogin('mc_img_bad');
      const { nos, sent } = await nosClientOf('mc_img_bad');
      const { url } = await uploadWhole(fixture.server, raw, await pictureBytes(), { fileName: 'blue.png' });
      const { url: textUrl } = await uploadWhole(fixture.server, raw, Buffer.from('just some words, not a picture'), { fileName: 'notes.txt' });
      const before = storedFiles();

      const cases: Array<[{ url: string; ops: string }, number, string]> = [
        [{ url, ops: 'imageView&quality=120' }, 414, 'quality must be a number from 0 to 100'],
        [{ url, ops: 'imageView&sharpen=1' }, 414, 'unknown image operation sharpen (expected stripmeta, quality, blur, crop, rotate, thumbnail, interlace or axis)'],
        [{ url, ops: 'quality=80' }, 414, 'the image query must start with imageView'],
        [{ url: 'https://elsewhere.example/pictures/blue.png', ops: 'imageView&quality=80' }, 414, 'url must be an object URL of this server (…/nos/{bucket}/{objectName})'],
        [{ url: `${fixture.server.url}/nos/im/${'0'.repeat(32)}.png`, ops: 'imageView&quality=80' }, 404, 'no such object'],
        [{ url: textUrl, ops: 'imageView&quality=80' }, 414, 'processImage is for images (image/jpeg, image/png, image/webp, image/gif, image/avif, image/tiff); this object is application/octet-stream'],
      ];
      for (const [body, code, errMsg] of cases) {
        const answer = await raw.request('processImage', body);
        expect({ body, code: answer.code, errMsg: answer.body.errMsg }).toEqual({ body, code, errMsg });
      }

      await expect(nos.processImage(url, [{ type: 'quality', quality: 120 }])).rejects.toMatchObject({ errorName: 'Param_Error', message: 'quality must be a number from 0 to 100' });
      await expect(nos.processImage('ftp://x/nos/im/a.png', [{ type: 'quality', quality: 80 }])).rejects.toMatchObject({ errorName: 'Param_Error', message: 'url must be an http(s) address' });
      expect(sent).toEqual([]);
      // A server refusal reaches the app as an ImError with the code and the message.
      await expect(nos.processImage(textUrl, [{ type: 'quality', quality: 80 }])).rejects.toMatchObject({ code: 414 });
      expect(storedFiles()).toEqual(before);
    });

    it('a private image is processed only for a URL that may read it, and the answer keeps its read token', async () => {
      const raw = await rawLogin('mc_img_private');
      const { nos } = await nosClientOf('mc_img_private');
      const { url } = await uploadWhole(fixture.server, raw, await pictureBytes(), { fileName: 'blue.png', nosScene: 'private' });

      const bare = await raw.request('processImage', { url, ops: 'imageView&quality=80' });
      expect([bare.code, bare.body.errMsg]).toEqual([403, 'this object is private; an access token is required']);
      const access = await nos.getNosAccessToken(url);
      const processed = await nos.processImage(access.url, [{ type: 'thumbnail', mode: 'cover', width: 30, height: 20 }]);
      expect(processed).toBe(`${url}?token=${encodeURIComponent(access.token)}&imageView&thumbnail=30z20`);
      const response = await fetch(processed);
      expect(response.status).toBe(200);
      expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width).toBe(30);
    });
  });

  describe('safe short links and getNosOriginUrl', () => {
    it('tokens carry a safe short link; getNosOriginUrl resolves it and im-server redirects it to the object', async () => {
      const raw = await rawLogin('mc_short');
      const { nos } = await nosClientOf('mc_short');
      const bytes = pngBytes(3000);
      const answer = await raw.request('getNosToken', { size: bytes.length, fileName: 'photo.png', count: 1 });
      const [token] = answer.body.tokens ?? [];
      expect(token.shortUrl).toBe(`${fixture.server.url}/nos-s/${token.objectName}?im_url=1`);

      // Not uploaded yet: nothing to resolve.
      await expect(nos.getNosOriginUrl(token.shortUrl!)).rejects.toMatchObject({ code: 404 });
      expect((await fetch(token.shortUrl!, { redirect: 'manual' })).status).toBe(404);

      const objectToken = { bucket: token.bucket!, objectName: token.objectName!, token: token.token! };
      expect((await putChunk(fixture.server, objectToken, 0, bytes, { complete: true })).status).toBe(200);
      const url = `${fixture.server.url}/nos/${token.bucket}/${token.objectName}`;
      expect(await nos.getNosOriginUrl(token.shortUrl!)).toBe(url);
      const redirect = await fetch(token.shortUrl!, { redirect: 'manual' });
      expect([redirect.status, redirect.headers.get('location')]).toEqual([302, `/nos/${token.bucket}/${token.objectName}`]);
      const followed = await fetch(token.shortUrl!);
      expect(md5(new Uint8Array(await followed.arrayBuffer()))).toBe(md5(bytes));
    });

    it('refuses links of another form (im-core before sending) and links of no object', async () => {
      const raw = await rawLogin('mc_short_bad');
      const { nos, sent } = await nosClientOf('mc_short_bad');
      await expect(nos.getNosOriginUrl('https://nos.example/s/abc')).rejects.toMatchObject({ errorName: 'Param_Error', message: 'the content of parameter safeShortUrl is not a file safe short link' });
      expect(sent).toEqual([]);

      const cases: Array<[string, number, string]> = [
        ['https://nos.example/s/abc', 414, 'the content of parameter safeShortUrl is not a file safe short link'],
        ['javascript:alert(1)//im_url=1', 414, 'the content of parameter safeShortUrl is not a file safe short link'],
        [`${fixture.server.url}/elsewhere/abc?im_url=1`, 414, 'safeShortUrl is not a short link of this server (…/nos-s/{objectName}?im_url=1)'],
        [`${fixture.server.url}/nos-s/..%2F..%2Fetc?im_url=1`, 414, 'safeShortUrl is not a short link of this server (…/nos-s/{objectName}?im_url=1)'],
        [`${fixture.server.url}/nos-s/${'a'.repeat(32)}.png?im_url=1`, 404, 'no such object'],
      ];
      for (const [safeShortUrl, code, errMsg] of cases) {
        const answer = await raw.request('getNosOriginUrl', { safeShortUrl });
        expect({ safeShortUrl, code: answer.code, errMsg: answer.body.errMsg }).toEqual({ safeShortUrl, code, errMsg });
      }
    });
  });

  describe('getNosTokenTrans', () => {
    it('gives a token for the transcoding result of the caller\'s upload, honouring nosScene and nosSurvivalTime', async () => {
      const raw = await rawLogin('mc_trans');
      const { nos } = await nosClientOf('mc_trans');
      const source = await uploadWhole(fixture.server, raw, pngBytes(4000), { fileName: 'voice.aac' });
      const result = pngBytes(1500);

      const token = await nos.getNosTokenTrans({ nosToken: { ...source.token, tag: 'voice' }, size: result.length, fileName: 'voice.mp3', nosScene: 'private', nosSurvivalTime: 2 * 86_400 });
      expect(token).toMatchObject({ bucket: 'im', objectName: expect.stringMatching(/^[0-9a-f]{32}\.mp3$/), tag: 'voice', expireTime: clock + DAY_MS });
      expect(token.shortUrl).toBe(`${fixture.server.url}/nos-s/${token.objectName}?im_url=1`);
      // The token is bound to the size declared: one byte more is refused.
      expect((await putChunk(fixture.server, token, 0, Buffer.concat([result, Buffer.from([0])]), { complete: true })).body.errCode).toBe('BEYOND_SIZE');
      expect((await putChunk(fixture.server, token, 0, result, { complete: true })).status).toBe(200);

      const resultUrl = `${fixture.server.url}/nos/im/${token.objectName}`;
      // nosScene 'private': no read without a token; the owner's access token reads it.
      expect((await fetch(resultUrl)).status).toBe(403);
      const access = await nos.getNosAccessToken(resultUrl);
      expect(md5(new Uint8Array(await (await fetch(access.url)).arrayBuffer()))).toBe(md5(result));
      // nosSurvivalTime: two days later the result is gone; the source (no survival time) stays.
      await withClockAhead(2 * DAY_MS + 1000, async () => {
        expect((await fetch(access.url)).status).toBe(404);
        expect((await fetch(source.url)).status).toBe(200);
      });
    });

    it('refuses a bad responseBody, a token not of this server, another account\'s or an expired token, and a source not uploaded', async () => {
      const raw = await rawLogin('mc_trans_bad');
      const other = await rawLogin('mc_trans_other');
      const { nos, sent } = await nosClientOf('mc_trans_bad');
      const source = await uploadWhole(fixture.server, raw, pngBytes(2000));
      const foreign = await uploadWhole(fixture.server, other, pngBytes(2000));
      const unfinished = await nosToken(raw, 5000);
      const body = (nosToken: ObjectToken | { token: string }, responseBody = '{"size":100}') => ({ responseBody, nosToken });
      const before = storedFiles();

      const cases: Array<[ReturnType<typeof body>, number, string]> = [
        [body(source.token, 'not json'), 414, 'responseBody is not JSON'],
        [body(source.token, '{"size":0}'), 414, 'responseBody.size must be an integer from 1 to 41943040000'],
        [body(source.token, ''), 414, 'responseBody must be the transcoding result as JSON {size, fileName?} (at most 1024 characters)'],
        [body({ token: 'forged.token' }), 414, 'nosToken is not an upload token of this server'],
        [body({ ...source.token, objectName: foreign.token.objectName }), 414, 'nosToken names another object than its token does'],
        [body(foreign.token), 403, 'nosToken was issued to another account'],
        [body(unfinished), 404, 'the source object of nosToken is not uploaded'],
      ];
      for (const [request, code, errMsg] of cases) {
        const answer = await raw.request('getNosTokenTrans', request);
        expect({ request, code: answer.code, errMsg: answer.body.errMsg }).toEqual({ request, code, errMsg });
      }
      await withClockAhead(DAY_MS + 1000, async () => {
        const expired = await raw.request('getNosTokenTrans', body(source.token));
        expect([expired.code, expired.body.errMsg]).toEqual([403, 'the source\'s upload token (nosToken) has expired']);
      });

      await expect(nos.getNosTokenTrans({ nosToken: source.token, size: 0 })).rejects.toMatchObject({ errorName: 'Param_Error', message: 'responseBody.size must be an integer from 1 to 41943040000' });
      await expect(nos.getNosTokenTrans({ nosToken: { ...source.token, token: '' }, size: 10 })).rejects.toMatchObject({ errorName: 'Param_Error', message: 'nosToken must be the source\'s upload token' });
      expect(sent).toEqual([]);
      expect(storedFiles()).toEqual(before);
    });
  });

  describe('getMixStoreToken and getMixStorePolicy', () => {
    it('answers a token of this store with provider nos, and a policy that lists nos for the supportTypes asked', async () => {
      const { nos, sent } = await nosClientOf('mc_mix');
      const bytes = pngBytes(2500);
      const { token, provider } = await nos.getMixStoreToken({ size: bytes.length, fileName: 'photo.png', tag: 'album' });
      expect(provider).toBe('nos');
      expect(token).toMatchObject({ bucket: 'im', objectName: expect.stringMatching(/^[0-9a-f]{32}\.png$/), tag: 'album' });
      expect((await putChunk(fixture.server, token, 0, bytes, { complete: true })).status).toBe(200);
      expect(md5(new Uint8Array(await (await fetch(`${fixture.server.url}/nos/im/${token.objectName}`)).arrayBuffer()))).toBe(md5(bytes));

      expect(await nos.getMixStorePolicy(['s3', 'NOS', 'oss'])).toEqual({ providers: ['nos'] });
      await expect(nos.getMixStorePolicy(['s3', 'oss'])).rejects.toMatchObject({ code: 414, message: expect.stringContaining('none of supportTypes (s3, oss) is this server\'s store (nos)') });
      const sentBefore = sent.length;
      await expect(nos.getMixStorePolicy([])).rejects.toMatchObject({ errorName: 'Param_Error', message: 'supportTypes must name 1 to 10 providers' });
      expect(sent.length).toBe(sentBefore);
    });

    it('refuses a missing size and malformed supportTypes', async () => {
      const raw = await rawLogin('mc_mix_bad');
      const noSize = await raw.request('getMixStoreToken', { fileName: 'a.png' });
      expect([noSize.code, noSize.body.errMsg]).toEqual([414, 'size must be an integer from 1 to 41943040000']);
      const cases: Array<[string[], string]> = [
        [[], 'supportTypes must name 1 to 10 providers'],
        [['nos', 'bad type'], 'each of supportTypes must be a provider name of 1 to 32 letters, digits, - or _'],
        [Array.from({ length: 11 }, (_, i) => `p${i}`), 'supportTypes must name 1 to 10 providers'],
      ];
      for (const [supportTypes, errMsg] of cases) {
        const answer = await raw.request('getMixStorePolicy', { supportTypes });
        expect({ supportTypes, code: answer.code, errMsg: answer.body.errMsg }).toEqual({ supportTypes, code: 414, errMsg });
      }
    });
  });

  describe('getBackSourceToken', () => {
    it('lets a CDN read the owner\'s private object with it (also processed); a wrong, foreign or expired token reads nothing', async () => {
      const raw = await rawLogin('mc_cdn');
      const { nos } = await nosClientOf('mc_cdn');
      const bytes = await pictureBytes();
      const { url } = await uploadWhole(fixture.server, raw, bytes, { fileName: 'blue.png', nosScene: 'private' });
      const other = await uploadWhole(fixture.server, raw, pngBytes(100), { nosScene: 'private' });
      const token = await nos.getBackSourceToken(url);

      const read = await fetch(`${url}?backSourceToken=${token}`);
      expect(read.status).toBe(200);
      expect(md5(new Uint8Array(await read.arrayBuffer()))).toBe(md5(bytes));
      const processed = await fetch(`${url}?imageView&thumbnail=30z20&backSourceToken=${token}`);
      expect((await sharp(Buffer.from(await processed.arrayBuffer())).metadata()).width).toBe(30);

      const refusal = async (target: string) => {
        const response = await fetch(target);
        return [response.status, ((await response.json()) as { errCode: string }).errCode];
      };
      expect(await refusal(`${other.url}?backSourceToken=${token}`)).toEqual([403, 'BACK_SOURCE_TOKEN_OBJECT']);
      expect(await refusal(`${url}?backSourceToken=${token.slice(0, -4)}AAAA`)).toEqual([403, 'BACK_SOURCE_TOKEN_INVALID']);
      // An upload token is not a back-source token (another key signs them).
      expect(await refusal(`${url}?backSourceToken=${other.token.token}`)).toEqual([403, 'BACK_SOURCE_TOKEN_INVALID']);
      await withClockAhead(DAY_MS + 1000, async () => {
        expect(await refusal(`${url}?backSourceToken=${token}`)).toEqual([403, 'BACK_SOURCE_TOKEN_EXPIRED']);
      });
    });

    it('is given to the owner only, for an object URL of this server', async () => {
      const owner = await rawLogin('mc_cdn_owner');
      const stranger = await rawLogin('mc_cdn_stranger');
      const { url } = await uploadWhole(fixture.server, owner, pngBytes(100), { nosScene: 'private' });
      const cases: Array<[RawImClient, string, number, string]> = [
        [stranger, url, 403, 'only the owner of an object may get a back-source token to it'],
        [owner, 'https://elsewhere.example/a.png', 414, 'url must be an object URL of this server (…/nos/{bucket}/{objectName})'],
        [owner, `${fixture.server.url}/nos/im/${'0'.repeat(32)}`, 404, 'no such object'],
      ];
      for (const [client, target, code, errMsg] of cases) {
        const answer = await client.request('getBackSourceToken', { url: target });
        expect({ target, code: answer.code, errMsg: answer.body.errMsg }).toEqual({ target, code, errMsg });
      }
    });
  });

  describe('getGrayscaleConfig', () => {
    it('answers the configured settings asked for, never what the client sent', async () => {
      const raw = await rawLogin('mc_gray');
      const { nos } = await nosClientOf('mc_gray');
      expect(await nos.getGrayscaleConfig()).toEqual({ newUploader: true, maxThumbSide: 512, banner: 'spring' });
      expect(await nos.getGrayscaleConfig(['newUploader', 'notConfigured'])).toEqual({ newUploader: true });

      const echoed = await raw.request('getGrayscaleConfig', { config: JSON.stringify({ banner: '<script>alert(1)</script>', injected: 'x' }) });
      expect([echoed.code, JSON.parse(echoed.body.config!)]).toEqual([200, { banner: 'spring' }]);
      for (const [config, errMsg] of [
        ['[1, 2]', 'config must be a JSON object'],
        ['nope', 'config is not JSON'],
        [`{"a":"${'x'.repeat(4100)}"}`, 'config must be a JSON object of at most 4096 characters'],
      ]) {
        const answer = await raw.request('getGrayscaleConfig', { config });
        expect([answer.code, answer.body.errMsg]).toEqual([414, errMsg]);
      }
    });
  });

  describe('simple upload', () => {
    /** One multipart POST to /nos/{bucket}, as the spec's simple upload sends it. */
    async function simpleUpload(fields: Array<[string, string | Blob]>, headers: Record<string, string> = {}) {
      const form = new FormData();
      for (const [name, value] of fields) {
        if (typeof value === 'string') form.append(name, value);
        else form.append(name, value, 'upload.bin');
      }
      const response = await fetch(`${fixture.server.url}/nos/im`, { method: 'POST', body: form, headers });
      return { status: response.status, body: (await response.json()) as { size?: number; md5?: string; url?: string; complete?: boolean; errCode?: string; errMsg?: string } };
    }
    const blob = (bytes: Uint8Array) => new Blob([bytes as Uint8Array<ArrayBuffer>]);

    it('stores the whole file in one multipart POST, with the token as form fields or as headers', async () => {
      const raw = await rawLogin('mc_simple');
      const small = pngBytes(5000);
      const smallToken = await nosToken(raw, small.length);
      const answer = await simpleUpload([['Object', smallToken.objectName], ['x-nos-token', smallToken.token], ['x-nos-entity-type', 'json'], ['file', blob(small)]]);
      expect(answer).toEqual({ status: 200, body: { offset: small.length, context: expect.any(String), complete: true, size: small.length, md5: md5(small), url: `${fixture.server.url}/nos/im/${smallToken.objectName}` } });
      const read = await fetch(answer.body.url!);
      expect([read.status, read.headers.get('content-type')]).toEqual([200, 'image/png']);
      expect(md5(new Uint8Array(await read.arrayBuffer()))).toBe(md5(small));

      // Larger than a chunk, the token in the headers.
      const large = pngBytes(CHUNK + 12_345);
      const largeToken = await nosToken(raw, large.length);
      const headed = await simpleUpload([['file', blob(large)]], { 'x-nos-token': largeToken.token, 'x-nos-entity-type': 'json' });
      expect([headed.status, headed.body.size, headed.body.md5]).toEqual([200, large.length, md5(large)]);
      expect(md5(new Uint8Array(await (await fetch(headed.body.url!)).arrayBuffer()))).toBe(md5(large));
    });

    it('refuses a bad, expired or foreign token, a file of another size, a used token and a bad form, and stores nothing', async () => {
      const raw = await rawLogin('mc_simple_bad');
      const bytes = pngBytes(3000);
      const token = await nosToken(raw, bytes.length);
      const other = await nosToken(raw, bytes.length);
      const before = storedFiles();

      const cases: Array<[string, Array<[string, string | Blob]>, number, string]> = [
        ['no token', [['file', blob(bytes)]], 403, 'TOKEN_INVALID'],
        ['a forged token', [['x-nos-token', `${token.token.slice(0, -4)}AAAA`], ['file', blob(bytes)]], 403, 'TOKEN_INVALID'],
        ['another object\'s name', [['Object', other.objectName], ['x-nos-token', token.token], ['file', blob(bytes)]], 403, 'TOKEN_OBJECT'],
        ['a shorter file', [['x-nos-token', token.token], ['file', blob(bytes.subarray(0, 2999))]], 400, 'INCOMPLETE'],
        ['a longer file', [['x-nos-token', token.token], ['file', blob(Buffer.concat([bytes, Buffer.from([1])]))]], 400, 'BEYOND_SIZE'],
        ['an xml answer', [['x-nos-token', token.token], ['x-nos-entity-type', 'xml'], ['file', blob(bytes)]], 400, 'PARAM_ERROR'],
        ['no file', [['x-nos-token', token.token]], 400, 'PARAM_ERROR'],
      ];
      for (const [what, fields, status, errCode] of cases) {
        const answer = await simpleUpload(fields);
        expect({ what, status: answer.status, errCode: answer.body.errCode }).toEqual({ what, status, errCode });
      }
      expect((await simpleUpload([['x-nos-token', token.token], ['file', blob(bytes.subarray(0, 10))]])).body.errMsg).toBe('the file is 10 bytes; the upload token is for 3000');
      // A file short by a few bytes after a whole chunk was written: what was written goes again.
      const long = pngBytes(CHUNK + 100);
      const longToken = await nosToken(raw, long.length);
      const cut = await simpleUpload([['x-nos-token', longToken.token], ['file', blob(long.subarray(0, CHUNK + 50))]]);
      expect([cut.status, cut.body.errMsg]).toEqual([400, `the file is ${CHUNK + 50} bytes; the upload token is for ${CHUNK + 100}`]);
      const longPosition = await fetch(`${fixture.server.url}/nos/im/${longToken.objectName}?uploadContext&context=`, { headers: { 'x-nos-token': longToken.token } });
      expect(await longPosition.json()).toEqual({ offset: 0, context: '', complete: false });
      const notForm = await fetch(`${fixture.server.url}/nos/im`, { method: 'POST', body: blob(bytes), headers: { 'content-type': 'application/octet-stream', 'x-nos-token': token.token } });
      expect([notForm.status, ((await notForm.json()) as { errMsg: string }).errMsg]).toEqual([400, 'a simple upload is a multipart/form-data body']);
      await withClockAhead(DAY_MS + 1000, async () => {
        expect((await simpleUpload([['x-nos-token', token.token], ['file', blob(bytes)]])).body.errCode).toBe('TOKEN_EXPIRED');
      });

      // Nothing stayed: no file, no object, and the token's object has no upload row (it starts at 0).
      expect(storedFiles()).toEqual(before);
      expect((await fetch(`${fixture.server.url}/nos/im/${token.objectName}`)).status).toBe(404);
      const position = await fetch(`${fixture.server.url}/nos/im/${token.objectName}?uploadContext&context=`, { headers: { 'x-nos-token': token.token } });
      expect(await position.json()).toEqual({ offset: 0, context: '', complete: false });

      // The token still uploads once; a second simple upload with it is refused.
      expect((await simpleUpload([['x-nos-token', token.token], ['file', blob(bytes)]])).status).toBe(200);
      const again = await simpleUpload([['x-nos-token', token.token], ['file', blob(bytes)]]);
      expect([again.status, again.body.errCode]).toEqual([409, 'UPLOAD_STARTED']);
    });

    it('reads only the fields before the file, answers a body cut inside the file or a long field, and reads the rest of a refused body', async () => {
      const raw = await rawLogin('mc_simple_form');
      const bytes = pngBytes(3000);
      const token = await nosToken(raw, bytes.length);
      const other = await nosToken(raw, bytes.length);
      // Run alone, no object was stored yet and the folder does not exist.
      const filesNow = () => (existsSync(objectDir) ? storedFiles() : []);
      const before = filesNow();
      const boundary = 'mc-simple-form-4f1c';
      const part = (name: string, value: string | Uint8Array, fileName?: string) =>
        Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"${fileName ? `; filename="${fileName}"` : ''}\r\n\r\n`), Buffer.from(value), Buffer.from('\r\n')]);
      const end = Buffer.from(`--${boundary}--\r\n`);
      const post = async (...pieces: Buffer[]) => {
        const response = await fetch(`${fixture.server.url}/nos/im`, { method: 'POST', body: Buffer.concat(pieces), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
        return { status: response.status, body: (await response.json()) as { size?: number; md5?: string; url?: string; errCode?: string; errMsg?: string } };
      };

      // The body ends inside the file: its closing boundary never comes.
      const cut = await post(part('x-nos-token', token.token), Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n`), Buffer.from(bytes));
      expect([cut.status, cut.body.errCode, cut.body.errMsg]).toEqual([400, 'PARAM_ERROR', expect.stringMatching(/^the multipart body is malformed/)]);
      // A field before the file longer than 16 KiB.
      const long = await post(part('Object', 'x'.repeat(16 * 1024 + 1)), part('x-nos-token', token.token), part('file', bytes, 'a.png'), end);
      expect([long.status, long.body.errCode, long.body.errMsg]).toEqual([400, 'PARAM_ERROR', expect.stringContaining('longer than 16384 bytes')]);
      // Refused before a byte of a file larger than a chunk is read: the rest is read and dropped, and the answer comes.
      const refused = await post(part('x-nos-token', `${token.token.slice(0, -4)}AAAA`), part('file', pngBytes(CHUNK + 1000), 'big.png'), part('after', 'x'), end);
      expect([refused.status, refused.body.errCode]).toEqual([403, 'TOKEN_INVALID']);
      expect(filesNow()).toEqual(before);

      // The parts after the first file are ignored: another object's name and token, a second file.
      const stored = await post(part('x-nos-token', token.token), part('file', bytes, 'a.png'), part('Object', other.objectName), part('x-nos-token', other.token), part('second', pngBytes(10), 'b.png'), end);
      expect([stored.status, stored.body.size, stored.body.md5, stored.body.url]).toEqual([200, bytes.length, md5(bytes), `${fixture.server.url}/nos/im/${token.objectName}`]);
      expect((await fetch(`${fixture.server.url}/nos/im/${other.objectName}`)).status).toBe(404);
    });
  });
});
