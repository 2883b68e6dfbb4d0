import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { imEndpoints, objectKeyOfMediaUrl, type AvatarObject } from '@merchant/api-contracts';
import { verifyImToken } from '@merchant/im-core/server';
import { sql } from 'kysely';
import { STORE_MIGRATIONS } from '../../db/database';
import { startTestServer, type TestHarness } from '../../testing/harness';
import { ManualClock } from '../../testing/manual-clock';
import { listFiles, uniquePng, uploadFile } from '../media/media.test-helpers';

// The IM info dialog's save (console-spec §2, §5) against the real server, database and media library: both
// fields required, the nickname trimmed, the avatar a file of the store's own library kept by its object key
// (§3 avatar object), every read signing a fresh URL, and a refusal changing nothing.

const USER = '/v1/store/eshop/store/user';
const DEV_IM_KEY = 'dev-im-shared-key-change-me';
const DAY_SECONDS = 24 * 3600;
const clock = new ManualClock(Date.now());
let h: TestHarness;
let mediaDir: string;
let token: string;

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), 'im-int-'));
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
  token = await h.login('demo_merchant', 'Demo12345');
});

const userInfo = async (accessToken = token) => (await h.call<{ nickname: string; avatarUrl: string }>(`${USER}/getUserByToken`, { token: accessToken })).data;
const imTokenAvatar = async () => {
  const im = await h.call<{ imToken: string }>(imEndpoints.getCccUserImToken.path, {}, token);
  return verifyImToken(im.data.imToken, DEV_IM_KEY).avatar;
};
const statusOf = async (url: string) => (await fetch(url)).status;

/** Uploads a new image to the caller's library and answers it as the picker would hand it to the dialog. */
async function libraryAvatar(accessToken = token): Promise<AvatarObject> {
  const fileId = await uploadFile(h, accessToken, uniquePng(), 'avatar.png');
  const file = (await listFiles(h, accessToken, { pageSize: 200 })).data.list.find((listed) => listed.fileId === fileId)!;
  return { objectKey: objectKeyOfMediaUrl(file.objectUrl)!, objectUrl: file.objectUrl };
}

describe('updateImInfo', () => {
  const someAvatar: AvatarObject = { objectKey: 'store-1001/0123456789abcdef0123456789abcdef.png', objectUrl: 'http://127.0.0.1/a.png' };

  it.each([
    ['a blank nickname', { nickname: '   ', avatar: someAvatar }],
    ['no avatar', { nickname: 'Shop Ann' }],
    ['an avatar without its object key', { nickname: 'Shop Ann', avatar: { objectUrl: 'http://127.0.0.1/a.png' } }],
    ['an avatar URL alone (the old shape)', { nickname: 'Shop Ann', avatarUrl: 'http://127.0.0.1/a.png' }],
    ['a nickname over 20 characters', { nickname: 'x'.repeat(21), avatar: someAvatar }],
  ])('refuses %s with 10100001 and changes nothing', async (_label, biz) => {
    const before = await userInfo();
    const result = await h.call(imEndpoints.updateImInfo.path, biz, token);
    expect(result.code).toBe('10100001');
    expect(result.msg).toMatch(/please fill in IM info|(nickname|avatar|avatar\.objectKey) is required|at most 20/);
    expect(await userInfo()).toEqual(before);
  });

  it('needs a signed-in user', async () => {
    expect((await h.call(imEndpoints.updateImInfo.path, { nickname: 'Shop Ann', avatar: someAvatar })).code).toBe('10302006');
  });

  it("refuses an object key that is not a file of the caller's own library (another store's, or none at all)", async () => {
    const otherStoreAvatar = await libraryAvatar(await h.login('demo_service', 'Demo12345'));
    const before = await userInfo();
    for (const avatar of [otherStoreAvatar, someAvatar]) {
      const result = await h.call(imEndpoints.updateImInfo.path, { nickname: 'Shop Ann', avatar }, token);
      expect(result).toMatchObject({ code: '10100001', msg: 'the avatar is not in your media library' });
    }
    expect(await userInfo()).toEqual(before);
  });

  it('saves the trimmed nickname and the avatar; user info and the next IM token carry them, signed for reading', async () => {
    const avatar = await libraryAvatar();
    const saved = await h.call(imEndpoints.updateImInfo.path, { nickname: '  Shop Ann  ', avatar }, token);
    expect(saved.code).toBe('00000000');
    const info = await userInfo();
    expect(info.nickname).toBe('Shop Ann');
    expect(objectKeyOfMediaUrl(info.avatarUrl)).toBe(avatar.objectKey);
    expect(await statusOf(info.avatarUrl)).toBe(200);
    const im = await h.call<{ imToken: string }>(imEndpoints.getCccUserImToken.path, {}, token);
    expect(verifyImToken(im.data.imToken, DEV_IM_KEY)).toMatchObject({ accid: 's_1001', nick: 'Shop Ann' });
    expect(objectKeyOfMediaUrl((await imTokenAvatar())!)).toBe(avatar.objectKey);
  });

  it('keeps the avatar loading past the 24 h a signed URL lives: reads sign afresh, the old URL is refused', async () => {
    await h.call(imEndpoints.updateImInfo.path, { nickname: 'Shop Ann', avatar: await libraryAvatar() }, token);
    const dayOld = (await userInfo()).avatarUrl;
    const dayOldInToken = (await imTokenAvatar())!;
    expect(await statusOf(dayOld)).toBe(200);

    clock.advanceSeconds(DAY_SECONDS + 2 * 3600);
    token = await h.login('demo_merchant', 'Demo12345');

    expect(await statusOf(dayOld)).toBe(403);
    expect(await statusOf(dayOldInToken)).toBe(403);
    const fresh = (await userInfo()).avatarUrl;
    expect(fresh).not.toBe(dayOld);
    expect(await statusOf(fresh)).toBe(200);
    expect(await statusOf((await imTokenAvatar())!)).toBe(200);
  });

  it('answers no avatar, rather than a dead link, once the file is deleted from the library', async () => {
    const avatar = await libraryAvatar();
    await h.call(imEndpoints.updateImInfo.path, { nickname: 'Shop Ann', avatar }, token);
    // The media module's own table (not in the shared schema type): a file removed behind the library's back.
    await sql`delete from store_media_file where object_key = ${avatar.objectKey}`.execute(h.database.db);
    expect((await userInfo()).avatarUrl).toBe('');
    expect(await imTokenAvatar()).toBeUndefined();
  });

  it("changes only the caller's own user: another store's user keeps its info", async () => {
    const other = await h.login('demo_service', 'Demo12345');
    const otherBefore = await userInfo(other);
    await h.call(imEndpoints.updateImInfo.path, { nickname: 'Shop Ann', avatar: await libraryAvatar() }, token);
    expect(await userInfo(other)).toEqual(otherBefore);
  });
});

describe('migration 0018: avatars kept as URLs become object keys', () => {
  const migration = STORE_MIGRATIONS['0018-im-avatar-object-key']!;

  it("keeps the key of a URL naming the user's own library file and clears every other URL", async () => {
    const own = await libraryAvatar();
    const otherStore = await libraryAvatar(await h.login('demo_service', 'Demo12345'));
    const db = h.database.db;
    await migration.down!(db);
    const setUrl = (username: string, url: string) => sql`update store_user set avatar_url = ${url} where username = ${username}`.execute(db);
    await setUrl('demo_merchant', own.objectUrl);
    await setUrl('demo_staff', otherStore.objectUrl); // store 1001's sub-account holding store 1006's file
    await setUrl('demo_service', 'https://cdn.example.com/outside.png');
    await migration.up(db);

    const keys = await db.selectFrom('store_user').select(['username', 'avatar_object_key']).where('username', 'in', ['demo_merchant', 'demo_staff', 'demo_service']).orderBy('username').execute();
    expect(keys).toEqual([
      { username: 'demo_merchant', avatar_object_key: own.objectKey },
      { username: 'demo_service', avatar_object_key: null },
      { username: 'demo_staff', avatar_object_key: null },
    ]);
    expect(await statusOf((await userInfo()).avatarUrl)).toBe(200);
  });
});
