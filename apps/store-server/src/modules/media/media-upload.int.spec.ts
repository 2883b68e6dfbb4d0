import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MAX_UPLOAD_BYTES } from '@merchant/media-library';
import { startTestServer, type TestHarness } from '../../testing/harness';
import { ManualClock } from '../../testing/manual-clock';
import { OK, PATHS, listFiles, md5Of, postForm, uniquePng, uploadFile, verifyOne } from './media.test-helpers';

// verifyObjectMd5ByPath → POST-policy form → callbackResourceFile against the real server, database and
// local-folder store. The demo store is 1001 (demo_merchant); the other store is 1006 (demo_service).

let h: TestHarness;
let mediaDir: string;
const clock = new ManualClock(Date.now());
let merchant: string;
let otherStore: string;

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), 'media-int-'));
  process.env.MEDIA_DIR = mediaDir;
  h = await startTestServer({ clock });
});
afterAll(async () => {
  await h.close();
  delete process.env.MEDIA_DIR;
  await rm(mediaDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await h.reset();
  merchant = await h.login('demo_merchant', 'Demo12345');
  otherStore = await h.login('demo_service', 'Demo12345');
});

describe('verifyObjectMd5ByPath (console-spec §7)', () => {
  it('answers one entry per file with a signed POST-policy ticket whose action is store-server', async () => {
    const bytes = uniquePng();
    const entry = await verifyOne(h, merchant, bytes, 'cover.png', '/noWatermark/covers');
    expect(entry).toMatchObject({ objectMd5: md5Of(bytes), exists: false, fileId: expect.any(Number) });
    const ticket = entry.uploadTicket!;
    expect(ticket.objectKey).toBe(`store-1001/${md5Of(bytes)}.png`);
    expect(ticket).toMatchObject({ contentType: 'image/png', xobsAcl: 'private', accessKey: 'store-1001' });
    expect(ticket.action).toBe(`${h.url}/v1/store/media/objects/upload`);
    const policy = JSON.parse(Buffer.from(ticket.policy, 'base64').toString('utf8'));
    expect(policy.conditions).toEqual([
      { key: ticket.objectKey },
      ['starts-with', '$key', 'store-1001/'],
      { 'content-type': 'image/png' },
      { 'x-obs-acl': 'private' },
      ['content-length-range', 1, MAX_UPLOAD_BYTES],
    ]);
    expect(Date.parse(policy.expiration)).toBe(clock.now().getTime() + 30 * 60 * 1000);
  });

  it('dedupes by md5 per store: a registered file is reported as existing; another store gets its own file', async () => {
    const bytes = uniquePng();
    const fileId = await uploadFile(h, merchant, bytes, 'a.png');
    const again = await verifyOne(h, merchant, bytes, 'renamed.png');
    expect(again).toEqual({ objectMd5: md5Of(bytes), fileId, exists: true });
    const other = await verifyOne(h, otherStore, bytes, 'a.png');
    expect(other.exists).toBe(false);
    expect(other.fileId).not.toBe(fileId);
    expect(other.uploadTicket!.objectKey).toBe(`store-1006/${md5Of(bytes)}.png`);
  });

  it.each([
    ['no files', { path: '/noWatermark', filesMd5List: [] }, 'at least one file must be selected for upload!'],
    ['a path escaping the roots', { path: '/../etc', filesMd5List: [{ objectMd5: 'a'.repeat(32), objectName: 'a.png', objectSuffix: 'png' }] }, 'path'],
    ['a path outside both roots', { path: '/other', filesMd5List: [{ objectMd5: 'a'.repeat(32), objectName: 'a.png', objectSuffix: 'png' }] }, 'under /noWatermark or /watermark'],
    ['a malformed md5', { path: '/noWatermark', filesMd5List: [{ objectMd5: 'xyz', objectName: 'a.png', objectSuffix: 'png' }] }, 'objectMd5'],
    ['a suffix that does not match the name', { path: '/noWatermark', filesMd5List: [{ objectMd5: 'a'.repeat(32), objectName: 'a.png', objectSuffix: 'jpg' }] }, 'objectSuffix'],
    ['a type that cannot be uploaded', { path: '/noWatermark', filesMd5List: [{ objectMd5: 'a'.repeat(32), objectName: 'tool.exe', objectSuffix: 'exe' }] }, 'cannot be uploaded'],
    ['51 files', { path: '/noWatermark', filesMd5List: Array.from({ length: 51 }, (_, i) => ({ objectMd5: i.toString(16).padStart(32, '0'), objectName: `${i}.png`, objectSuffix: 'png' })) }, 'at most 50'],
    ['a biz that is not an object', 'not an object', 'biz'],
  ])('refuses %s with a clear message and creates nothing', async (_label, biz, message) => {
    const result = await h.call(PATHS.verifyObjectMd5ByPath, biz, merchant);
    expect(result.code).toBe('10100001');
    expect(result.msg).toContain(message);
    const catalogs = await h.call<{ path: string }[]>(PATHS.queryCatalogListByPath, { path: '/' }, merchant);
    expect(JSON.stringify(catalogs.data)).not.toMatch(/etc|other/);
  });
});

describe('the POST-policy upload action', () => {
  it('stores the bytes and answers 200; the file is listed only after the callback, with its tags', async () => {
    const bytes = uniquePng();
    const entry = await verifyOne(h, merchant, bytes, 'hero.png');
    const response = await postForm(entry.uploadTicket!, bytes);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ code: OK, data: { fileId: entry.fileId } });
    expect((await listFiles(h, merchant, { searchKey: 'hero' })).data.total).toBe(0);
    const callback = await h.call(PATHS.callbackResourceFile, { callbackFileList: [{ fileId: entry.fileId, tagList: ['spring', ' sale ', 'spring'] }] }, merchant);
    expect(callback.code).toBe(OK);
    const listed = (await listFiles(h, merchant, { searchKey: 'hero' })).data.list;
    expect(listed).toEqual([expect.objectContaining({ fileId: entry.fileId, objectName: 'hero.png', fileTags: [{ tag: 'sale' }, { tag: 'spring' }] })]);
    const image = await fetch(listed[0]!.objectUrl);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(md5Of(new Uint8Array(await image.arrayBuffer()))).toBe(md5Of(bytes));
  });

  it('refuses a tampered policy, signature, key, field, another store\'s access key and an expired ticket', async () => {
    const bytes = uniquePng();
    const ticket = (await verifyOne(h, merchant, bytes)).uploadTicket!;
    const otherTicket = (await verifyOne(h, otherStore, uniquePng())).uploadTicket!;
    const forged = Buffer.from(Buffer.from(ticket.policy, 'base64').toString().replace('store-1001/', 'store-1006/')).toString('base64');
    const cases: [Record<string, string>, number][] = [
      [{ policy: forged }, 403],
      [{ signature: otherTicket.signature }, 403],
      [{ key: otherTicket.objectKey }, 403],
      [{ accessKeyId: 'store-1006' }, 403],
      [{ 'content-type': 'text/html' }, 403],
      [{ 'x-obs-acl': 'public-read' }, 403],
      [{ signature: '' }, 400],
    ];
    for (const [change, status] of cases) {
      const response = await postForm(ticket, bytes, change);
      expect({ change, status: response.status }).toEqual({ change, status });
    }
    // Store 1006's own valid ticket cannot be pointed at store 1001's object.
    expect((await postForm({ ...otherTicket, objectKey: ticket.objectKey }, bytes)).status).toBe(403);
    clock.advanceSeconds(31 * 60);
    const expired = await postForm(ticket, bytes);
    expect(expired.status).toBe(403);
    expect((await expired.json()).msg).toContain('expired');
    expect((await listFiles(h, merchant, { path: '/noWatermark' })).data.total).toBe(6);
  });

  it('sniffs the content: a renamed program or the wrong bytes are refused, whatever the suffix says', async () => {
    const program = new Uint8Array(Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]));
    const entry = await verifyOne(h, merchant, program, 'innocent.png');
    const response = await postForm(entry.uploadTicket!, program);
    expect(response.status).toBe(415);
    expect((await response.json()).msg).toBe('the file content is not a png file');
    const text = new TextEncoder().encode('name,price\nsofa,1999\n');
    const csv = await verifyOne(h, merchant, text, 'prices.csv');
    expect((await postForm(csv.uploadTicket!, text)).status).toBe(200);
    const mismatch = await postForm(csv.uploadTicket!, new TextEncoder().encode('other,bytes\n'));
    expect(mismatch.status).toBe(400);
    expect((await mismatch.json()).msg).toBe('the file content does not match its checksum');
    const callback = await h.call(PATHS.callbackResourceFile, { callbackFileList: [{ fileId: entry.fileId, tagList: [] }] }, merchant);
    expect(callback).toMatchObject({ code: '10100005', msg: `file ${entry.fileId} has not been uploaded` });
  });

  it('checks the size against the policy range and refuses malformed bodies without crashing', async () => {
    const bytes = uniquePng();
    const ticket = (await verifyOne(h, merchant, bytes)).uploadTicket!;
    const tooBig = await postForm(ticket, new Uint8Array(MAX_UPLOAD_BYTES + 1));
    expect(tooBig.status).toBe(413);
    expect((await postForm(ticket, new Uint8Array(0))).status).toBe(413);
    const garbage = await fetch(ticket.action, { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=x' }, body: 'nonsense' });
    expect(garbage.status).toBe(400);
    const noFile = await fetch(ticket.action, { method: 'POST', body: new URLSearchParams({ key: ticket.objectKey }) });
    expect(noFile.status).toBeGreaterThanOrEqual(400);
    expect((await fetch(`${h.url}/healthz`)).status).toBe(200);
  });
});

describe('signed file URLs', () => {
  it('serve only with a valid signature and never another key', async () => {
    const [file] = (await listFiles(h, merchant, { searchKey: 'lamp' })).data.list;
    const url = new URL(file!.objectUrl);
    expect((await fetch(url)).status).toBe(200);
    const swapped = new URL(url);
    swapped.searchParams.set('key', 'store-1006/anything.png');
    expect((await fetch(swapped)).status).toBe(403);
    const tampered = new URL(url);
    tampered.searchParams.set('signature', 'x'.repeat(43));
    expect((await fetch(tampered)).status).toBe(403);
    const bare = new URL(url);
    bare.search = '';
    expect((await fetch(bare)).status).toBe(400);
  });
});
