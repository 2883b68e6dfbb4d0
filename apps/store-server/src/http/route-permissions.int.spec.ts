// Issue 26 §4 "The server enforces every code; a refusal changes nothing" (docs/permissions.md "Enforcement").
// Walks every route the running store-server registers: a store call carries a permission code or is on
// CODE_FREE_CALLS with a reason; a route outside the envelope is on NON_ENVELOPE_ROUTES. Then, per code,
// a sub-account whose roles lack it is refused with 10100003 and the database is unchanged, and one that
// holds only that code gets through.
import {
  ALL_PERMISSION_CODES,
  endpointByPath,
  PERMISSION_DENIED,
  PERMISSIONS,
  STORE_CODES,
  type PermissionCode,
} from '@merchant/api-contracts';
import { sql } from 'kysely';
import { DEMO_STAFF } from '../db/seed-staff';
import { startTestServer, type TestHarness } from '../testing/harness';
import { CODE_FREE_CALLS, nonEnvelopeReason } from './code-free-calls';

interface RegisteredRoute {
  path: string;
  methods: string[];
}

/**
 * Every route fastify holds, from its printed route tree (`printRoutes`): a line is a tree edge, a
 * child's text continues its parent's path (fastify splits shared prefixes), `(METHODS)` ends a route.
 */
function registeredRoutes(tree: string): RegisteredRoute[] {
  const stack: string[] = [];
  const routes: RegisteredRoute[] = [];
  for (const line of tree.split('\n')) {
    const edge = /^((?:│ {3}| {4})*)[├└]── (.*)$/.exec(line);
    if (!edge) continue;
    const depth = edge[1]!.length / 4;
    const [, segment, methods] = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(edge[2]!)!;
    const path = (depth > 0 ? stack[depth - 1]! : '') + segment;
    stack[depth] = path;
    stack.length = depth + 1;
    if (methods) routes.push({ path, methods: methods.split(', ') });
  }
  return routes;
}

/** A digest of every table but the transport's session rows (each envelope call may renew its session). */
async function databaseDigest(h: TestHarness): Promise<Record<string, string>> {
  const db = h.database.db;
  const tables = (await db.introspection.getTables()).map((table) => table.name).filter((name) => !/^store_session/.test(name));
  const digest: Record<string, string> = {};
  for (const table of tables.sort()) {
    const row = await sql<{ h: string | null }>`select md5(string_agg(t::text, '|' order by t::text)) as h from ${sql.table(table)} t`.execute(db);
    digest[table] = row.rows[0]?.h ?? '';
  }
  return digest;
}

describe('every store route is behind its permission code', () => {
  let h: TestHarness;
  let staffToken: string;
  beforeAll(async () => {
    // With the operator and buyer keys set, their keyed routes are registered too, and walked.
    h = await startTestServer({ config: { operatorKey: 'route-permissions-operator', buyerKey: 'route-permissions-buyer' } });
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    await h.reset();
    staffToken = await h.login(DEMO_STAFF.userName, DEMO_STAFF.password);
  });

  /** demo_staff's role holds exactly these codes from now on. */
  const grantStaff = async (codes: readonly string[]) => {
    const db = h.database.db;
    const role = await db.selectFrom('store_role').select('id').where('store_id', '=', DEMO_STAFF.storeId).where('name', '=', DEMO_STAFF.roleName).executeTakeFirstOrThrow();
    await db.deleteFrom('store_role_permission').where('role_id', '=', role.id).execute();
    if (codes.length) await db.insertInto('store_role_permission').values(codes.map((permission_code) => ({ role_id: role.id, permission_code }))).execute();
  };

  it('registers no route that is neither a contract call nor a listed non-envelope route, and no user call without a code or a reason', () => {
    const routes = registeredRoutes(h.server.app.printRoutes({ commonPrefix: false }));
    expect(routes.length).toBeGreaterThan(100);
    const unexplained: string[] = [];
    const userCalls: string[] = [];
    for (const route of routes) {
      const contract = endpointByPath(route.path);
      if (contract && route.methods.includes('POST')) {
        if (contract.access === 'user') userCalls.push(route.path);
        if (contract.access === 'user' && !contract.permission && !CODE_FREE_CALLS[route.path]) unexplained.push(`${route.path}: a store call with no code`);
      } else if (!nonEnvelopeReason(route.path)) {
        unexplained.push(`${route.path} (${route.methods.join(', ')}): not a contract call and not on NON_ENVELOPE_ROUTES`);
      }
    }
    expect(unexplained).toEqual([]);
    // The code-free list holds only store calls that are served and have no code (no stale entries).
    for (const path of Object.keys(CODE_FREE_CALLS)) {
      expect([path, userCalls.includes(path), endpointByPath(path)?.permission]).toEqual([path, true, undefined]);
      expect(CODE_FREE_CALLS[path]!.length).toBeGreaterThan(20);
    }
    // The keyed and ticket routes are walked too, so a store call cannot hide among them.
    expect(routes.some((route) => route.path.startsWith('/operator/'))).toBe(true);
    expect(routes.some((route) => route.path.startsWith('/buyer/'))).toBe(true);
  });

  it('refuses a sub-account with no codes on every route with a code (10100003) and lets it use the code-free ones', async () => {
    await grantStaff([]);
    const routes = registeredRoutes(h.server.app.printRoutes({ commonPrefix: false }));
    const wrong: string[] = [];
    for (const { path } of routes) {
      const contract = endpointByPath(path);
      if (contract?.access !== 'user') continue;
      const answer = await h.call(path, {}, staffToken);
      const refused = answer.code === PERMISSION_DENIED;
      if (refused !== Boolean(contract.permission)) wrong.push(`${path}: ${answer.code} ${answer.msg}`);
    }
    expect(wrong).toEqual([]);
  });

  /**
   * One call per code. `write` calls change the database when allowed, so "nothing changed" is proven
   * on a call that would change it; the others are reads (a holder gets success) or need data the
   * sample does not set up (a holder passes the permission check and meets the body's own rules).
   */
  type Sample = { path: string; biz?: Record<string, unknown>; expect: 'success' | 'write' | 'passes-permission'; refusal?: string };
  const SAMPLES: Record<PermissionCode, Sample | null> = {
    [PERMISSIONS.dashboardView]: { path: '/v1/store/eshop/store/user/storePcHome', expect: 'success' },
    [PERMISSIONS.accountView]: { path: '/v1/store/eshop/store/user/getStoreInfoByToken', expect: 'success' },
    [PERMISSIONS.accountEdit]: { path: '/v1/store/eshop/store/user/sendUpdateEmailCheckCode', expect: 'write' },
    [PERMISSIONS.payPassword]: { path: '/v1/store/pay/user/sendInitPayPasswordCheckCode', expect: 'write' },
    [PERMISSIONS.staffManage]: { path: '/v1/store/eshop/store/staff/list', expect: 'success' },
    [PERMISSIONS.shopView]: { path: '/v1/store/eshop/store/user/getStoreInfo', expect: 'success' },
    // Not storeAcceptAgreement: an approved store's agreement on record is never signed again (docs/onboarding.md).
    [PERMISSIONS.shopEdit]: { path: '/v1/store/eshop/store/user/updateStoreInfo', biz: { storeIntro: 'A permission sample' }, expect: 'write' },
    [PERMISSIONS.shopCategories]: { path: '/v1/store/eshop/store/user/applyStoreCategoriesChange', expect: 'passes-permission' },
    [PERMISSIONS.shopDeregister]: { path: '/v1/store/eshop/store/logout/checkStoreCanLogout', expect: 'success' },
    [PERMISSIONS.templatesManage]: {
      path: '/v1/store/eshop/store/afterSaleTemplate/add',
      biz: { name: 'A permission sample', content: '<p>A permission sample</p>' },
      expect: 'write',
    },
    [PERMISSIONS.brandManage]: { path: '/v1/store/eshop/goods/brand/applicationList', expect: 'success' },
    [PERMISSIONS.providerDeliveryManage]: { path: '/v1/store/eshop/store/providerDelivery/close', expect: 'passes-permission' },
    [PERMISSIONS.goodsView]: { path: '/v1/store/eshop/goods/list', expect: 'success' },
    [PERMISSIONS.goodsEdit]: { path: '/v1/store/eshop/goods/saveDraft', expect: 'write' },
    [PERMISSIONS.goodsShelf]: { path: '/v1/store/eshop/goods/offShelf', expect: 'passes-permission' },
    [PERMISSIONS.goodsDelete]: { path: '/v1/store/eshop/goods/delete', expect: 'passes-permission' },
    [PERMISSIONS.goodsStock]: { path: '/v1/store/eshop/goodsSkuWarning/updateGoodsSkuStock', expect: 'passes-permission' },
    [PERMISSIONS.orderView]: { path: '/v1/store/eshop/order/queryStoreOrderCount', expect: 'success' },
    [PERMISSIONS.orderShip]: { path: '/v1/store/eshop/order/ship', expect: 'passes-permission' },
    [PERMISSIONS.orderExport]: { path: '/v1/store/export/create', biz: { resource: 'orders.list', fileName: 'orders' }, expect: 'write', refusal: 'you may not export this list' },
    [PERMISSIONS.afterSalesView]: { path: '/v1/store/eshop/afterSales/refund/list', expect: 'success' },
    [PERMISSIONS.afterSalesHandle]: { path: '/v1/store/eshop/afterSales/refund/reject', expect: 'passes-permission' },
    [PERMISSIONS.evaluationReply]: { path: '/v1/store/eshop/afterSales/evaluation/reply', expect: 'passes-permission' },
    [PERMISSIONS.marketingView]: { path: '/v1/store/eshop/marketing/coupons/list', expect: 'success' },
    [PERMISSIONS.marketingEdit]: { path: '/v1/store/eshop/marketing/activities/withdraw', expect: 'passes-permission' },
    [PERMISSIONS.couponsManage]: {
      path: '/v1/store/eshop/marketing/coupons/add',
      biz: { name: 'A permission sample', kind: 1, amountCents: 100, thresholdCents: 0, scope: 1, issueLimit: 10, perBuyerLimit: 1, validity: 2, validDays: 7 },
      expect: 'write',
    },
    [PERMISSIONS.inventoryView]: { path: '/v1/store/eshop/inventory/item/list', expect: 'success' },
    [PERMISSIONS.inventoryEdit]: { path: '/v1/store/eshop/inventory/count/create', expect: 'passes-permission' },
    [PERMISSIONS.tradeView]: { path: '/v1/store/eshop/trade/tradeOrder/list', expect: 'success' },
    [PERMISSIONS.walletView]: { path: '/v1/store/pay/account/queryPayAccountByUser', expect: 'success' },
    [PERMISSIONS.walletWithdraw]: { path: '/v1/store/pay/withdrawal/applyWithdrawal', expect: 'passes-permission' },
    [PERMISSIONS.walletTopUp]: { path: '/v1/store/pay/deposit/applyTransfer', expect: 'passes-permission' },
    [PERMISSIONS.mediaView]: { path: '/v1/store/eshop/resources/file/queryResourceFileListByPath', expect: 'success' },
    [PERMISSIONS.mediaUpload]: { path: '/v1/store/eshop/resources/file/updateResourceFileTags', expect: 'passes-permission' },
    [PERMISSIONS.mediaDelete]: { path: '/v1/store/eshop/resources/file/deleteResourceFile', expect: 'passes-permission' },
    [PERMISSIONS.imChat]: { path: '/v1/store/im/getCccUserImToken', expect: 'success' },
  };

  it('has a sample for every code that some route carries, and no sample for a code no route carries', () => {
    const routes = registeredRoutes(h.server.app.printRoutes({ commonPrefix: false }));
    const carried = new Set(routes.map((route) => endpointByPath(route.path)?.permission).filter(Boolean));
    carried.add(PERMISSIONS.orderExport); // carried by export/create's kind, checked in the service
    const sampled = ALL_PERMISSION_CODES.filter((code) => SAMPLES[code]);
    expect(sampled.sort()).toEqual([...carried].sort());
  });

  it("answers an export's status, with its download link, only to a holder of the export kind's code", async () => {
    const owner = await h.login('demo_merchant', 'Demo12345');
    const job = await h.call<{ jobId: number }>('/v1/store/export/create', { resource: 'orders.list', fileName: 'orders' }, owner);
    expect(job.code).toBe(STORE_CODES.success);
    await grantStaff(ALL_PERMISSION_CODES.filter((code) => code !== PERMISSIONS.orderExport));
    expect((await h.call('/v1/store/export/status', { jobId: job.data.jobId }, staffToken)).code).toBe(PERMISSION_DENIED);
    await grantStaff([PERMISSIONS.orderExport]);
    expect((await h.call('/v1/store/export/status', { jobId: job.data.jobId }, staffToken)).code).toBe(STORE_CODES.success);
  });

  const sampled = ALL_PERMISSION_CODES.flatMap((code) => (SAMPLES[code] ? [[code, SAMPLES[code]] as const] : []));
  it.each(sampled)('%s: lacking it is refused and changes nothing; holding it gets through', async (code, sample) => {
    const biz = sample.biz ?? {};
    await grantStaff(ALL_PERMISSION_CODES.filter((other) => other !== code));
    const before = await databaseDigest(h);
    const refused = await h.call(sample.path, biz, staffToken);
    expect([refused.code, refused.msg, refused.data]).toEqual([PERMISSION_DENIED, sample.refusal ?? 'no permission, please ask the store administrator for access', null]);
    expect(await databaseDigest(h)).toEqual(before);

    await grantStaff([code]);
    const allowed = await h.call(sample.path, biz, staffToken);
    if (sample.expect === 'passes-permission') {
      expect(allowed.code).not.toBe(PERMISSION_DENIED);
    } else {
      expect([allowed.code, allowed.msg]).toEqual([STORE_CODES.success, expect.any(String)]);
    }
    if (sample.expect === 'write') expect(await databaseDigest(h)).not.toEqual(before);
  });
});
