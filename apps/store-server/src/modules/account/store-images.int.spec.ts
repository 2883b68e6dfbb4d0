// The shop profile's images past the 24 h a signed library URL lives (issue 26 leftovers, docs/merchant-centre.md
// "Images of the shop profile"): the logo, the licence image of the approved profile, of a reviewed change and of
// an onboarding draft are answered signed afresh on every read when they are files of the store's own library;
// another store's file and outside addresses are answered exactly as stored. Real server, database and library.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { objectKeyOfMediaUrl } from '@merchant/api-contracts';
import { MEDIA_OBJECT_PATH } from '@merchant/media-library';
import { startTestServer, type TestHarness } from '../../testing/harness';
import { ManualClock } from '../../testing/manual-clock';
import { listFiles, uniquePng, uploadFile } from '../media/media.test-helpers';
import { parseOperatorArgs, runOperatorCommand } from '../operator/operator.cli';

const USER = '/v1/store/eshop/store/user';
const OK = '00000000';
const KEY = 'operator-key-for-tests-0123456789abcdef';
/** Past the library's 24 h signature, and past the hour its expiry is rounded up to. */
const PAST_SIGNATURE_SECONDS = 24 * 3600 + 2 * 3600;
const LICENSE = { licenseNumber: '91310000MA1FL9999Y', licenseExpireTime: 1_900_000_000 };

type Change = { changeId: number; kind: string; status: number; changes: Record<string, unknown> };

describe('shop profile images: signed afresh on every read', () => {
  const clock = new ManualClock(Date.now());
  let h: TestHarness;
  let mediaDir: string;
  beforeAll(async () => {
    mediaDir = await mkdtemp(path.join(tmpdir(), 'store-images-int-'));
    process.env.MEDIA_DIR = mediaDir;
    h = await startTestServer({ clock, config: { operatorKey: KEY } });
  });
  afterAll(async () => {
    await h.close();
    delete process.env.MEDIA_DIR;
    await rm(mediaDir, { recursive: true, force: true });
  });
  beforeEach(() => h.reset());

  const operator = async (...argv: string[]) => {
    const parsed = parseOperatorArgs(argv);
    if (!parsed.ok) throw new Error(parsed.message);
    return runOperatorCommand(parsed.command, { STORE_SERVER_URL: h.url, OPERATOR_KEY: KEY });
  };
  const info = async (token: string) => (await h.call<Record<string, unknown>>(`${USER}/getStoreInfo`, {}, token)).data;
  const licenseChange = async (token: string) =>
    (await h.call<{ list: Change[] }>(`${USER}/queryStoreInfoChanges`, {}, token)).data.list.find((change) => change.kind === 'license')!;
  const statusOf = async (url: string) => (await fetch(url)).status;
  const signatureOf = (url: string) => new URL(url).searchParams.get('signature');

  /** Uploads a new image to the caller's library and answers its URL as the media picker hands it over. */
  async function libraryImage(token: string, name: string): Promise<string> {
    const fileId = await uploadFile(h, token, uniquePng(), name);
    return (await listFiles(h, token, { pageSize: 200 })).data.list.find((file) => file.fileId === fileId)!.objectUrl;
  }

  /** A fresh URL of the same object: this library's, a new signature, and it loads. */
  async function expectSignedAfresh(answered: unknown, stored: string) {
    expect(typeof answered).toBe('string');
    const url = answered as string;
    expect(url.startsWith(`${h.url}${MEDIA_OBJECT_PATH}?`)).toBe(true);
    expect(objectKeyOfMediaUrl(url)).toBe(objectKeyOfMediaUrl(stored));
    expect(signatureOf(url)).not.toBe(signatureOf(stored));
    expect(await statusOf(url)).toBe(200);
  }

  it('keeps the logo and the licence image (approved and under review) loading after their stored signature expired', async () => {
    let token = await h.login('demo_merchant', 'Demo12345');
    const logo = await libraryImage(token, 'logo.png');
    const licence = await libraryImage(token, 'licence.png');
    expect((await h.call(`${USER}/updateStoreInfo`, { storeLogoUrl: logo }, token)).code).toBe(OK);
    // The demo data's pending licence change goes first (one pending change per kind).
    expect((await operator('profile-approve', String((await licenseChange(token)).changeId))).code).toBe(OK);
    const asked = await h.call<Change>(`${USER}/applyStoreLicenseChange`, { ...LICENSE, licenseImageUrl: licence }, token);
    expect(asked.code).toBe(OK);
    expect(await statusOf(logo)).toBe(200);

    clock.advanceSeconds(PAST_SIGNATURE_SECONDS);
    token = await h.login('demo_merchant', 'Demo12345');
    // What was stored no longer loads ...
    expect(await statusOf(logo)).toBe(403);
    expect(await statusOf(licence)).toBe(403);
    // ... but every read answers the same objects signed afresh.
    await expectSignedAfresh((await info(token)).storeLogoUrl, logo);
    await expectSignedAfresh((await licenseChange(token)).changes.licenseImageUrl, licence);
    const byToken = await h.call<{ storeInfo: Record<string, unknown> }>(`${USER}/getStoreInfoByToken`, {}, token);
    await expectSignedAfresh(byToken.data.storeInfo.storeLogoUrl, logo);
    // Until the decision the approved licence image stays the demo's site path, as stored.
    expect((await info(token)).licenseImageUrl).toBe('/static/demo/license.png');

    expect((await operator('profile-approve', String(asked.data.changeId))).code).toBe(OK);
    await expectSignedAfresh((await info(token)).licenseImageUrl, licence);
    const afterApproval = await h.call<{ storeInfo: Record<string, unknown> }>(`${USER}/getStoreInfoByToken`, {}, token);
    await expectSignedAfresh(afterApproval.data.storeInfo.licenseImageUrl, licence);
    // The database keeps what was saved: the reads sign, they do not rewrite the store.
    const row = await h.database.db.selectFrom('store_store').select('store_info').where('id', '=', 1001).executeTakeFirstOrThrow();
    expect(row.store_info).toMatchObject({ storeLogoUrl: logo, licenseImageUrl: licence });
  });

  it("signs an onboarding draft's licence image afresh", async () => {
    const token = await h.login('demo_new', 'Demo12345');
    const licence = await libraryImage(token, 'licence.png');
    expect((await h.call(`${USER}/temporaryStorageStoreInfo`, { storeName: 'Draft shop', licenseImageUrl: licence }, token)).code).toBe(OK);
    clock.advanceSeconds(PAST_SIGNATURE_SECONDS);
    const again = await h.login('demo_new', 'Demo12345');
    expect(await statusOf(licence)).toBe(403);
    const draft = await h.call<Record<string, unknown>>(`${USER}/getStorageStoreInfoByToken`, {}, again);
    expect(draft.data.storeName).toBe('Draft shop');
    await expectSignedAfresh(draft.data.licenseImageUrl, licence);
  });

  it("answers another store's file and outside addresses exactly as stored, never signed for this store", async () => {
    const token = await h.login('demo_merchant', 'Demo12345');
    const otherStoreFile = await libraryImage(await h.login('demo_service', 'Demo12345'), 'theirs.png');
    const ownKey = objectKeyOfMediaUrl(await libraryImage(token, 'mine.png'))!;
    // An outside address carrying this store's key in a `key` parameter is not a library URL.
    const outside = `https://cdn.example.com/logo.png?key=${encodeURIComponent(ownKey)}`;
    for (const stored of [otherStoreFile, outside]) {
      expect((await h.call(`${USER}/updateStoreInfo`, { storeLogoUrl: stored }, token)).code).toBe(OK);
      expect((await info(token)).storeLogoUrl).toBe(stored);
    }
    // Another store's file stays as stored after its signature expired: this store gets no URL of it.
    expect((await h.call(`${USER}/updateStoreInfo`, { storeLogoUrl: otherStoreFile }, token)).code).toBe(OK);
    clock.advanceSeconds(PAST_SIGNATURE_SECONDS);
    const again = await h.login('demo_merchant', 'Demo12345');
    expect((await info(again)).storeLogoUrl).toBe(otherStoreFile);
    expect(await statusOf(otherStoreFile)).toBe(403);
    // A site path is answered as stored too.
    expect((await info(again)).licenseImageUrl).toBe('/static/demo/license.png');
  });
});
