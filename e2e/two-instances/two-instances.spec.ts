// Issue 34 §2: the console against two store-server instances behind HAProxy, round-robin per request, on one
// PostgreSQL database (global-setup-two-instances.ts). The balancer names the instance that answered in
// X-Served-By, so each flow shows its calls really went to both. docs/operations.md "Running more than one instance".
import { readFileSync } from 'node:fs';
import { test, expect, type Page } from '@playwright/test';
import { MEDIA_UPLOAD_ACTION_PATH, mediaLibraryPaths } from '@merchant/media-library';
import { SESSION_PATHS } from '@merchant/secure-transport';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { LoginPage } from '../pages/login-page';
import { freshPng } from '../pages/media-files';
import { MediaLibraryPage } from '../pages/media-library-page';
import { StatementScreens } from '../pages/trade-statements';
import { BUYER_KEY } from '../support/buyer';
import { inStockSkus, merchantClient } from '../support/merchant';
import { SIMULATOR_SECONDS } from '../global-setup-two-instances';
import { signIn } from '../support/sign-in';
import { CONTRACT_PATHS, DEMO_SIGN_IN, DEMO_STORE_ID, OK, consoleUrl, storeUrl } from '../support/stack';

const FLOW_TIMEOUT = 180_000;
const instanceUrl = (name: string) => (name === 'a' ? process.env.E2E_STORE_A_URL! : process.env.E2E_STORE_B_URL!);
const otherInstance = (name: string) => (name === 'a' ? 'b' : 'a');

interface Served {
  path: string;
  by: string;
  status: number;
}

/** Every answer the page got through the balancer, with the instance that gave it. */
function servedThroughBalancer(page: Page): Served[] {
  const served: Served[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin !== new URL(storeUrl()).origin || response.request().method() === 'OPTIONS') return;
    served.push({ path: url.pathname, by: response.headers()['x-served-by'] ?? '', status: response.status() });
  });
  return served;
}
const instancesOf = (served: Served[], match: (path: string) => boolean) => new Set(served.filter((s) => match(s.path)).map((s) => s.by));

async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    await client.query('set search_path to store');
    return await work(client);
  } finally {
    await client.end();
  }
}

test('sign-in with the graphic verification, the secure session, its renewal and its replay protection work whichever instance answers', async ({ page }) => {
  test.setTimeout(FLOW_TIMEOUT);
  const served = servedThroughBalancer(page);
  const requests: Array<{ path: string; headers: Record<string, string>; body: string }> = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === new URL(storeUrl()).origin && request.method() === 'POST') requests.push({ path: url.pathname, headers: request.headers(), body: request.postData() ?? '' });
  });
  await page.addInitScript(() => window.localStorage.setItem('console.language', 'en-US'));
  const login = new LoginPage(page, consoleUrl());
  await login.open('?redirect=/dashboard');
  // Three failures of one name ask for the graphic verification (counted in the database, whichever instance).
  for (let attempt = 1; attempt <= 3; attempt++) {
    await login.signIn(DEMO_SIGN_IN.userName, 'Wrong12345');
    await expect(login.errorMessage()).toBeVisible();
  }
  await login.signIn(DEMO_SIGN_IN.userName, DEMO_SIGN_IN.password);
  await expect(login.captchaDialog()).toBeVisible();
  // The answer read through the balancer: the image was issued by one instance, is looked up by either.
  const key = await login.captchaKey();
  const { answer } = (await (await fetch(`${storeUrl()}/__test__/captcha?key=${encodeURIComponent(key)}`)).json()) as { answer: string };
  await login.solveCaptcha(answer);
  // The path, not the query: the sign-in page's own address ends in ?redirect=/dashboard.
  await expect(page).toHaveURL(/^[^?]*\/dashboard$/);
  await expect(login.captchaDialog()).toBeHidden();

  // The encrypted session (aes) was set up, and the sign-in calls answered, by both instances.
  const setUp = (path: string) => path === SESSION_PATHS.createSession || path === SESSION_PATHS.handshake || path === CONTRACT_PATHS.login || path.includes('captcha');
  expect(instancesOf(served, (path) => path.startsWith('/v1/'))).toEqual(new Set(['a', 'b']));
  expect(served.filter((s) => setUp(s.path)).length).toBeGreaterThanOrEqual(4);
  expect(served.every((s) => s.status < 500)).toBe(true);

  // Renewal due (as after renewTime): the console renews on its next call, on whichever instance, and carries on.
  await page.evaluate(() => {
    const session = JSON.parse(window.sessionStorage.getItem('merchant.secure.session')!) as { renewTime: number };
    window.sessionStorage.setItem('merchant.secure.session', JSON.stringify({ ...session, renewTime: 0 }));
  });
  const renewed = page.waitForResponse((response) => response.url().endsWith(SESSION_PATHS.renewSession));
  await page.reload();
  const renewal = await renewed;
  expect(renewal.status()).toBe(200);
  expect(['a', 'b']).toContain(renewal.headers()['x-served-by']);
  await expect(page).toHaveURL(/^[^?]*\/dashboard$/);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();

  // A call the console made, sent again word for word: refused as a replay by whichever instance gets it, twice.
  // The user load, a call that needs the session's envelope: the console's last call may be one sent without it (the
  // error-report config, say), which no nonce protects (a fresh-clone run picked one).
  const call = [...requests].reverse().find((r) => r.path.endsWith('/user/getUserByToken'))!;
  const replayedBy = new Set<string>();
  // Round-robin: a few replays reach both instances (the open console's own calls may take a turn in between).
  for (let i = 0; i < 6 && replayedBy.size < 2; i++) {
    const response = await fetch(`${storeUrl()}${call.path}`, { method: 'POST', headers: { 'content-type': call.headers['content-type'] ?? 'application/json' }, body: call.body });
    expect(await response.text()).toContain('10301008');
    replayedBy.add(response.headers.get('x-served-by') ?? '');
  }
  expect(replayedBy).toEqual(new Set(['a', 'b']));
  await page.screenshot({ path: test.info().outputPath('two-instances-dashboard.png'), fullPage: true });
});

test('an upload (verify, upload, callback) through the balancer lands in the library whichever instance takes each step', async ({ page }) => {
  test.setTimeout(FLOW_TIMEOUT);
  const served = servedThroughBalancer(page);
  const media = new MediaLibraryPage(page, consoleUrl());
  await signIn(page, '/shop/mediaLibrary');
  await media.table().getByRole('row').nth(1).waitFor();
  const paths = mediaLibraryPaths();
  const files = [freshPng(`two-a-${Date.now()}.png`), freshPng(`two-b-${Date.now()}.png`), freshPng(`two-c-${Date.now()}.png`)];
  await media.chooseFiles(files, files.length);
  await media.uploadToServer();
  await expect(media.notice('upload succeeded!')).toBeVisible();
  for (const file of files) await expect(media.row(file.name)).toBeVisible();
  const steps = [paths.verifyObjectMd5ByPath, MEDIA_UPLOAD_ACTION_PATH, paths.callbackResourceFile];
  for (const step of steps) expect(served.filter((s) => s.path === step).length).toBeGreaterThanOrEqual(1);
  expect(served.filter((s) => steps.includes(s.path)).every((s) => s.status === 200)).toBe(true);
  // Round-robin over the steps of three files: both instances took part.
  expect(instancesOf(served, (path) => steps.includes(path))).toEqual(new Set(['a', 'b']));
});

test('an export job runs exactly once and downloads through the balancer', async ({ page }) => {
  test.setTimeout(FLOW_TIMEOUT);
  const served = servedThroughBalancer(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  const screens = new StatementScreens(page);
  await signIn(page, '/trade/billManagement/bills');
  await screens.bills.waitForRows();
  const before = await withDatabase(async (db) => Number((await db.query('select coalesce(max(id), 0) as id from store_export_job')).rows[0].id));
  const download = await screens.download();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync(await download.path()) as unknown as ArrayBuffer);
  expect(workbook.worksheets[0]!.rowCount).toBeGreaterThan(1);
  const jobs = await withDatabase(async (db) => (await db.query('select state, attempts from store_export_job where id > $1', [before])).rows);
  // One job, claimed once (state 3: done), though both instances run a runner.
  expect(jobs).toEqual([{ state: 3, attempts: 1 }]);
  const exportCalls = served.filter((s) => s.path.startsWith('/v1/store/export/'));
  expect(exportCalls.length).toBeGreaterThanOrEqual(2);
  expect(exportCalls.every((s) => s.status === 200)).toBe(true);
});

test('an order paid through the other instance reaches the console on the dashboard, and the demo simulator runs once', async ({ page }) => {
  test.setTimeout(FLOW_TIMEOUT);
  // The instance holding this console's event stream, named by the balancer on the stream's answer.
  const stream = page.waitForResponse((response) => response.url().includes(CONTRACT_PATHS.eventStream) && response.status() === 200);
  // The orders the console's stream delivered, in the order it got them: the tab holding the stream passes each
  // to the store's other tabs (features/notifications/sharedStoreEvents.ts), and this records what it passes.
  // The notice itself shows only the newest order, and the demo simulators pay one every few seconds.
  await page.addInitScript(() => {
    const post = BroadcastChannel.prototype.postMessage;
    BroadcastChannel.prototype.postMessage = function (this: BroadcastChannel, message: unknown) {
      const seen = ((window as unknown as { e2eStoreEvents?: unknown[] }).e2eStoreEvents ??= []);
      if (this.name.startsWith('merchant-console-store-events:')) seen.push(message);
      return post.call(this, message);
    };
  });
  await signIn(page, '/dashboard');
  const holder = (await stream).headers()['x-served-by']!;
  expect(['a', 'b']).toContain(holder);

  // A buyer pays through the instance that does not hold the stream, straight, not through the balancer.
  const merchant = await merchantClient();
  const [skuId] = await inStockSkus(merchant);
  const other = instanceUrl(otherInstance(holder));
  const buyer = async <T>(path: string, body: unknown): Promise<T> => {
    const response = await fetch(`${other}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-buyer-key': BUYER_KEY }, body: JSON.stringify(body) });
    const answer = (await response.json()) as { code: string; msg: string; data: T };
    expect([answer.code, answer.msg]).toEqual([OK, expect.any(String)]);
    return answer.data;
  };
  const buyerAccid = `c_e2e_two_${Date.now().toString(36)}`;
  const placed = await buyer<{ orderId: number }>('/buyer/orders/place', {
    storeId: DEMO_STORE_ID, buyerAccid, buyerName: 'E2E two instances', buyerPhone: '13800138000',
    receiver: { name: 'E2E two instances', phone: '13800138000', address: '88 Test Road, Hangzhou' },
    items: [{ skuId, quantity: 1 }],
  });
  await buyer(`/buyer/orders/${placed.orderId}/pay`, { buyerAccid });
  const received = () => page.evaluate(() => ((window as unknown as { e2eStoreEvents?: Array<{ orderId: number }> }).e2eStoreEvents ?? []).map((order) => order.orderId));
  await expect.poll(received).toContain(placed.orderId);
  // And the console shows the newest paid order's notice (ours or a simulated one paid since).
  const notice = page.getByTestId('notification').filter({ hasText: 'You have a new paid order' });
  await expect(notice.first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('two-instances-live-order.png'), fullPage: true });

  // The demo order simulator: both instances tick every interval, one order per turn, not one per instance.
  const simulated = () =>
    withDatabase(async (db) => {
      // Plain orders of the demo buyers placed in the last half hour (the seed's are older than an hour; the
      // promotion simulator's carry a coupon or a promotion).
      const orders = Number((await db.query(
        `select count(*) as n from store_order where store_id = $1 and buyer_accid like 'c_demo%' and coupon_id is null and promotion_kind is null
           and paid_at is not null and created_at > extract(epoch from now())::bigint - 1800`,
        [DEMO_STORE_ID],
      )).rows[0].n);
      const turn = (await db.query(`select turn from store_task_turn where task = 'demo-order-simulator'`)).rows[0];
      return { orders, turns: turn ? Number(turn.turn) + 1 : 0 };
    });
  await expect.poll(async () => {
    const { orders, turns } = await simulated();
    return turns >= 3 && orders === turns;
  }, { timeout: 90_000 }).toBe(true);
  // Turns an interval apart by the database's clock (each take sets next_run_at to now() + interval - 1 s): were
  // each instance to run on its own ticks, one gap of every two would be at most half an interval.
  const takenAt = new Map<number, number>();
  const gaps = () => [...takenAt].filter(([turn]) => takenAt.has(turn + 1)).map(([turn, at]) => takenAt.get(turn + 1)! - at);
  await withDatabase(async (db) => {
    const deadline = Date.now() + 60_000;
    while (gaps().length < 2 && Date.now() < deadline) {
      const row = (await db.query(`select turn, next_run_at from store_task_turn where task = 'demo-order-simulator'`)).rows[0];
      if (row) takenAt.set(Number(row.turn), new Date(row.next_run_at).getTime());
      // fixed wait: the poll interval of this deadline-bounded read of turns the two processes take
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
  });
  expect(gaps().length).toBeGreaterThanOrEqual(2);
  for (const gap of gaps()) expect(gap).toBeGreaterThanOrEqual((SIMULATOR_SECONDS - 1) * 1000);
});
