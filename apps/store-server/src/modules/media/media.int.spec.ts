import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestServer, type TestHarness } from '../../testing/harness';
import { OK, PATHS, listFiles, uniquePng, uploadFile } from './media.test-helpers';

// The media library's browse, tag and delete calls against the real server and database.
// demo_merchant (store 1001) has the seeded demo media; demo_service (store 1006) is another store.

let h: TestHarness;
let mediaDir: string;
let merchant: string;
let otherStore: string;

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), 'media-int-'));
  process.env.MEDIA_DIR = mediaDir;
  h = await startTestServer();
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

const names = (list: { objectName: string }[]) => list.map((file) => file.objectName);

describe('queryCatalogListByPath (console-spec §7 directory tree)', () => {
  it('answers the tree below the path, with the two roots for every store', async () => {
    const tree = await h.call(PATHS.queryCatalogListByPath, {}, merchant);
    expect(tree).toMatchObject({ code: OK });
    expect(tree.data).toEqual([
      {
        path: '/noWatermark',
        name: 'noWatermark',
        catalogList: [
          { path: '/noWatermark/banners', name: 'banners' },
          { path: '/noWatermark/products', name: 'products' },
        ],
      },
      { path: '/watermark', name: 'watermark' },
    ]);
    expect((await h.call(PATHS.queryCatalogListByPath, { path: '/noWatermark' }, merchant)).data).toHaveLength(2);
    expect((await h.call(PATHS.queryCatalogListByPath, { path: '/' }, otherStore)).data).toEqual([
      { path: '/noWatermark', name: 'noWatermark' },
      { path: '/watermark', name: 'watermark' },
    ]);
  });

  it('refuses a malformed path and an anonymous caller', async () => {
    expect((await h.call(PATHS.queryCatalogListByPath, { path: '../..' }, merchant)).code).toBe('10100001');
    expect((await h.call(PATHS.queryCatalogListByPath, {}, null)).code).toBe('10302006');
  });
});

describe('queryResourceFileListByPath (console-spec §7 table list)', () => {
  it("defaults to '/noWatermark' with its sub-directories, newest first, paged as {list,pageNum,pageSize,total}", async () => {
    const page = await listFiles(h, merchant);
    expect(page.code).toBe(OK);
    expect(page.data).toMatchObject({ pageNum: 1, pageSize: 5, total: 6 });
    expect(names(page.data.list)).toEqual(['summer-banner.png', 'autumn-banner.png', 'sofa-front.png', 'sofa-side.png', 'lamp.png']);
    const second = await listFiles(h, merchant, { pageNum: 2, pageSize: 5 });
    expect(names(second.data.list)).toEqual(['store-front.png']);
    expect(page.data.list[0]).toEqual({
      fileId: expect.any(Number),
      objectName: 'summer-banner.png',
      objectUrl: expect.stringContaining('/v1/store/media/objects/get?key=store-1001%2F'),
      objectSuffix: 'png',
      catalogPath: '/noWatermark/banners',
      createDate: expect.any(Number),
      referenceCount: 2,
      fileTags: [{ tag: 'banner' }, { tag: 'summer' }],
    });
  });

  it("answers '/watermark' separately and narrows by directory", async () => {
    expect(names((await listFiles(h, merchant, { path: '/watermark' })).data.list)).toEqual(['logo-watermarked.png']);
    expect(names((await listFiles(h, merchant, { path: '/noWatermark/banners' })).data.list)).toEqual(['summer-banner.png', 'autumn-banner.png']);
  });

  it('searches names and tags with searchKey, and filters by referenceCount', async () => {
    expect(names((await listFiles(h, merchant, { searchKey: 'SOFA' })).data.list)).toEqual(['sofa-front.png', 'sofa-side.png']);
    expect(names((await listFiles(h, merchant, { searchKey: 'living' })).data.list)).toEqual(['sofa-front.png']);
    expect(names((await listFiles(h, merchant, { searchKey: '100%' })).data.list)).toEqual([]);
    expect(names((await listFiles(h, merchant, { referenceCount: '0' })).data.list)).toEqual(['autumn-banner.png', 'lamp.png', 'store-front.png']);
    expect((await listFiles(h, merchant, { referenceCount: '' })).data.total).toBe(6);
  });

  it("never shows another store's files", async () => {
    const page = await listFiles(h, otherStore, { pageSize: 200 });
    expect(page.data).toMatchObject({ list: [], total: 0 });
  });

  it.each([
    ['a page size outside the table sizes', { pageSize: 7 }],
    ['a negative reference count', { referenceCount: -1 }],
    ['a non-numeric reference count', { referenceCount: 'many' }],
    ['a page number of zero', { pageNum: 0 }],
    ['a path outside the roots', { path: '/elsewhere' }],
  ])('refuses %s', async (_label, biz) => {
    expect((await listFiles(h, merchant, biz)).code).toBe('10100001');
  });
});

describe('callbackResourceFile and tags', () => {
  it("refuses another store's file id and changes nothing", async () => {
    const theirs = await uploadFile(h, otherStore, uniquePng(), 'theirs.png');
    const result = await h.call(PATHS.callbackResourceFile, { callbackFileList: [{ fileId: theirs, tagList: ['stolen'] }] }, merchant);
    expect(result).toMatchObject({ code: '10100004', msg: `file ${theirs} does not exist` });
    expect((await listFiles(h, otherStore)).data.list[0]!.fileTags).toEqual([]);
  });

  it('replaces tags of an own file; refuses another store\'s file and bad tags', async () => {
    const [lamp] = (await listFiles(h, merchant, { searchKey: 'lamp' })).data.list;
    const updated = await h.call(PATHS.updateResourceFileTags, { fileId: lamp!.fileId, tagList: ['desk', 'lighting'] }, merchant);
    expect(updated).toMatchObject({ code: OK, data: { fileId: lamp!.fileId, tagList: ['desk', 'lighting'] } });
    expect((await listFiles(h, merchant, { searchKey: 'desk' })).data.list[0]!.fileTags).toEqual([{ tag: 'desk' }, { tag: 'lighting' }]);
    expect((await h.call(PATHS.updateResourceFileTags, { fileId: lamp!.fileId, tagList: ['x'] }, otherStore)).code).toBe('10100004');
    expect((await h.call(PATHS.updateResourceFileTags, { fileId: lamp!.fileId, tagList: ['a'.repeat(21)] }, merchant)).code).toBe('10100001');
    expect((await h.call(PATHS.updateResourceFileTags, { fileId: 'one', tagList: [] }, merchant)).code).toBe('10100001');
  });
});

describe('deleteResourceFile', () => {
  it('deletes unreferenced files with their objects', async () => {
    const fileId = await uploadFile(h, merchant, uniquePng(), 'old.png');
    const [listed] = (await listFiles(h, merchant, { searchKey: 'old' })).data.list;
    const result = await h.call(PATHS.deleteResourceFile, { fileIdList: [fileId] }, merchant);
    expect(result).toMatchObject({ code: OK, data: { fileIdList: [fileId] } });
    expect((await listFiles(h, merchant, { searchKey: 'old' })).data.total).toBe(0);
    expect((await fetch(listed!.objectUrl)).status).toBe(404);
  });

  it('keeps a file that goods still reference, and the whole request with it', async () => {
    const list = (await listFiles(h, merchant, { pageSize: 10 })).data.list;
    const unused = list.find((file) => file.referenceCount === 0)!;
    const used = list.find((file) => file.objectName === 'sofa-front.png')!;
    const result = await h.call(PATHS.deleteResourceFile, { fileIdList: [unused.fileId, used.fileId] }, merchant);
    expect(result).toMatchObject({ code: '10100005', msg: 'sofa-front.png is still used in 3 place(s) and cannot be deleted' });
    expect((await listFiles(h, merchant)).data.total).toBe(6);
  });

  it('refuses demo_staff (no media:delete) with 10100003 and deletes nothing, while demo_staff may browse', async () => {
    const staff = await h.login('demo_staff', 'Demo12345');
    const [lamp] = (await listFiles(h, staff, { searchKey: 'lamp' })).data.list;
    expect(lamp).toBeDefined();
    const refused = await h.call(PATHS.deleteResourceFile, { fileIdList: [lamp!.fileId] }, staff);
    expect(refused.code).toBe('10100003');
    expect((await listFiles(h, merchant, { searchKey: 'lamp' })).data.total).toBe(1);
    expect((await fetch(lamp!.objectUrl)).status).toBe(200);
  });

  it("refuses another store's file ids and bad input without deleting anything", async () => {
    const [mine] = (await listFiles(h, merchant, { searchKey: 'lamp' })).data.list;
    expect((await h.call(PATHS.deleteResourceFile, { fileIdList: [mine!.fileId] }, otherStore)).code).toBe('10100004');
    expect((await h.call(PATHS.deleteResourceFile, { fileIdList: [] }, merchant)).code).toBe('10100001');
    expect((await h.call(PATHS.deleteResourceFile, { fileIdList: [-3] }, merchant)).code).toBe('10100001');
    expect((await h.call(PATHS.deleteResourceFile, {}, merchant)).code).toBe('10100001');
    expect((await fetch(mine!.objectUrl)).status).toBe(200);
    expect((await listFiles(h, merchant)).data.total).toBe(6);
  });
});
