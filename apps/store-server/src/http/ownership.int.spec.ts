// Issue 34 §3 "Every endpoint refuses what does not belong to the caller" (docs/security.md "Cross-store ids").
// Generated from api-contracts: every call whose biz takes an id of a store's own rows (ID_FIELDS, whose own spec
// derives the id fields from each contract) is called as store A with store B's ids. A `target` id answers
// 10100004 or 10100003, a `filter` id an empty page, and the database is the same afterwards. Then a staff account
// of store A whose role holds every code but a call's own gets 10100003 on every call with a code, changing nothing.
import {
  ALL_PERMISSION_CODES,
  COUPON_SCOPE,
  GOODS_STATUS,
  STAFF_STATUS,
  allEndpoints,
  ID_FIELDS,
  ownedIdFields,
  PERMISSION_DENIED,
  STORE_CODES,
  type AnyEndpoint,
  type OwnedResourceKind,
  type PermissionCode,
} from '@merchant/api-contracts';
import { sql } from 'kysely';
import { DEMO_STORE } from '../db/seed';
import { OPERATOR_GOODS_PATH_PREFIX, OPERATOR_KEY_HEADER } from '../modules/operator/operator.schemas';
import { startTestServer, type CallResult, type TestHarness } from '../testing/harness';
import { databaseDigest, digestDifference } from '../testing/database-digest';
import { ownedRowsOf, type OwnedKeys, type OwnedRowKey } from '../testing/owned-rows';

const USER = '/v1/store/eshop/store/user';
const OK = STORE_CODES.success;
const REFUSED: readonly string[] = [STORE_CODES.notFound, STORE_CODES.permissionDenied];
const OPERATOR_KEY = 'ownership-spec-operator-key-0123456789';
/** Store B: the demo store, whose seed builds a row of every kind through the modules' own services. */
const B = DEMO_STORE.id;

type Ids = Record<OwnedResourceKind, OwnedRowKey>;
type Biz = Record<string, unknown>;
/** Rows of B a case needs besides the first of each kind: the numbers of orders that have a refund, a complaint, a review. */
interface MoreOfB {
  orderNoWith: Record<'refund' | 'complaint' | 'evaluation', string>;
}

/**
 * The fields a call needs besides its ids, so that its biz passes the contract and only ownership can refuse
 * it; a call may have several cases (e.g. a goods draft: another store's goods, then a new draft naming
 * another store's templates and files). The ids of top-level fields are filled in from ID_FIELDS; nested ones
 * are written here. A call with no entry is sent its ids alone.
 */
const CASES: Record<string, ReadonlyArray<(b: Ids, more: MoreOfB) => Biz>> = {
  // One filter at a time: each alone finds store B's rows (the control case), so each is tested on its own.
  '/v1/store/eshop/goods/list': [
    () => ({ freightTemplateId: undefined, cartageTemplateId: undefined }),
    () => ({ goodsId: undefined, cartageTemplateId: undefined }),
    () => ({ goodsId: undefined, freightTemplateId: undefined }),
  ],
  // One number at a time, as with the goods filters.
  '/v1/store/eshop/afterSales/refund/list': [(b, more) => ({ refundNo: undefined, orderNo: more.orderNoWith.refund }), () => ({ orderNo: undefined })],
  '/v1/store/eshop/afterSales/complaint/list': [(b, more) => ({ complaintNo: undefined, orderNo: more.orderNoWith.complaint }), () => ({ orderNo: undefined })],
  '/v1/store/eshop/afterSales/evaluation/list': [(b, more) => ({ orderNo: more.orderNoWith.evaluation })],
  '/v1/store/eshop/trade/refund/list': [(b, more) => ({ refundNo: undefined, orderNo: more.orderNoWith.refund }), () => ({ orderNo: undefined })],
  '/v1/store/eshop/order/ship': [() => ({ carrier: 'SF Express', trackingNo: 'SF1234567890' })],
  '/v1/store/eshop/order/bulkShip': [(b) => ({ rows: [{ orderId: b.order, carrier: 'SF Express', trackingNo: 'SF1234567890' }] })],
  '/v1/store/im/quickReply/edit': [() => ({ text: 'Probe reply' })],
  '/v1/store/im/quickReply/move': [() => ({ toIndex: 0 })],
  '/v1/store/eshop/order/extendReturnPeriod': [() => ({ days: 3 })],
  '/v1/store/eshop/afterSales/refund/pay': [() => ({ idempotencyKey: '6f1d3c2a-8b4e-4f6a-9c1d-2e3f4a5b6c7d' })],
  '/v1/store/eshop/afterSales/refund/reject': [() => ({ reason: 'The goods were returned damaged' })],
  '/v1/store/eshop/afterSales/complaint/respond': [() => ({ content: 'We shipped on time; see the tracking.' })],
  '/v1/store/eshop/afterSales/evaluation/reply': [() => ({ content: 'Thank you for your review' })],
  // A draft of another store's goods; then new drafts naming another store's SKU, files and templates, one at a time.
  '/v1/store/eshop/goods/saveDraft': [
    () => ({}),
    ...(['freightTemplate', 'afterSaleTemplate', 'cartageTemplate'] as const).map((kind) => (b: Ids) => ({ ...newDraft, [`${kind}Id`]: b[kind] })),
    (b) => ({ ...newDraft, specList: [{ specName: 'Size', values: ['600x600'] }], skus: [{ skuId: b.sku, specValues: { Size: '600x600' }, price: 1000, stock: 1 }] }),
    (b) => ({ ...newDraft, images: [{ fileId: b.mediaFile, objectUrl: '/x.png' }] }),
    (b) => ({ ...newDraft, detailImages: [{ fileId: b.mediaFile, objectUrl: '/x.png' }] }),
    (b) => ({ ...newDraft, video: { fileId: b.mediaFile, objectUrl: '/x.mp4', objectSuffix: 'mp4', size: 5_000_000, duration: 30 } }),
  ],
  '/v1/store/eshop/goods/submit': [(b) => ({ ...goodsSubmission(b), goodsId: undefined }), (b) => goodsSubmission(b)],
  '/v1/store/eshop/goods/sku/bulkEdit': [(b) => ({ skus: [{ skuId: b.sku, price: 1000, stock: 5 }] })],
  '/v1/store/eshop/goodsSkuWarning/updateGoodsSkuStock': [() => ({ stock: 7 })],
  '/v1/store/eshop/inventory/item/add': [() => ({ warehouseName: 'Main warehouse' })],
  '/v1/store/eshop/inventory/warningConfig/add': [() => ({ warningLine: 3, enabled: true })],
  '/v1/store/eshop/inventory/warningConfig/edit': [() => ({ warningLine: 3, enabled: true })],
  '/v1/store/eshop/inventory/count/create': [() => ({ warehouseName: 'Main warehouse' })],
  '/v1/store/eshop/inventory/count/complete': [(b) => ({ lines: [{ itemId: b.inventoryItem, countedQuantity: 1 }] })],
  '/v1/store/eshop/inventory/inbound/create': [(b) => ({ warehouseName: 'Main warehouse', lines: [{ itemId: b.inventoryItem, quantity: 1 }], contactName: 'Li Lei', contactMobile: '13900000001' })],
  '/v1/store/eshop/inventory/outbound/create': [
    (b) => ({ warehouseName: 'Main warehouse', lines: [{ itemId: b.inventoryItem, quantity: 1 }], contactName: 'Li Lei', contactMobile: '13900000001', address: '1 Test Road' }),
  ],
  '/v1/store/eshop/savedView/save': [() => ({ resource: 'orders.list', name: 'Not mine', filters: {}, columns: [] })],
  '/v1/store/eshop/resources/file/callbackResourceFile': [(b) => ({ callbackFileList: [{ fileId: b.mediaFile, tagList: ['x'] }] })],
  '/v1/store/eshop/resources/file/updateResourceFileTags': [() => ({ tagList: ['x'] })],
  '/v1/store/eshop/store/staff/add': [() => ({ userName: 'ownership_probe', nickname: 'Probe', password: 'Probe12345' })],
  '/v1/store/eshop/store/staff/edit': [() => ({ nickname: 'Probe' })],
  '/v1/store/eshop/store/staff/setStatus': [() => ({ status: STAFF_STATUS.disabled })],
  '/v1/store/eshop/store/staff/resetPassword': [() => ({ password: 'Probe12345' })],
  '/v1/store/eshop/store/staff/role/edit': [() => ({ name: 'Probe', permissions: ['goods:view'] })],
  '/v1/store/eshop/marketing/coupons/add': [() => couponFields()],
  '/v1/store/eshop/marketing/coupons/edit': [() => couponFields()],
  '/v1/store/eshop/marketing/coupons/dryRun': [() => ({ source: 'template' }), () => ({ ...couponFields(), source: 'rules', templateId: undefined })],
  '/v1/store/eshop/marketing/activities/apply': [(b) => ({ campaignId: 1, items: [{ goodsId: b.goods, skuId: b.sku, activityPriceCents: 100 }] })],
  '/v1/store/eshop/marketing/group-buys/add': [(b) => groupBuyFields(b)],
  '/v1/store/eshop/marketing/group-buys/edit': [(b) => groupBuyFields(b)],
  '/v1/store/eshop/marketing/flash-sales/add': [(b) => flashSaleFields(b)],
  '/v1/store/eshop/marketing/flash-sales/edit': [(b) => flashSaleFields(b)],
  '/v1/store/eshop/goods/brand/apply': [() => ({ brandName: 'Probe Brand', brandOwner: 'Probe Co.', authorisationChain: ['Probe Co.'], brandExpireDate: '2030-01-01' })],
  '/v1/store/eshop/store/providerDelivery/sign': [() => ({ agreementVersion: '2026-01', accepted: true })],
  '/v1/store/eshop/store/providerDelivery/close': [() => ({ reason: 'Probe' })],
  '/v1/store/eshop/store/afterSaleTemplate/edit': [() => ({ name: 'Probe', content: '<p>Probe</p>' })],
  '/v1/store/eshop/store/freight/template/edit': [() => freightFields()],
  '/v1/store/eshop/store/freight/template/quote': [() => ({ regionCode: '310100', items: [{ quantity: 1, unitPriceCents: 1000, unitWeightGrams: 500, unitVolumeCm3: 1000 }] })],
  '/v1/store/eshop/store/deliveryRange/edit': [() => ({ name: 'Probe', sowntownIds: [1], markupCents: 0, startTime: inDays(1), endTime: inDays(30), dailyStartMinute: 480, dailyEndMinute: 1200 })],
  '/v1/store/eshop/store/cartage/template/edit': [() => cartageFields()],
  '/v1/store/eshop/store/cartage/template/quote': [() => ({ pieces: 1, floor: 1, hasLift: true, distanceMeters: 100 })],
};

const newDraft = { goodsId: undefined, freightTemplateId: undefined, afterSaleTemplateId: undefined, cartageTemplateId: undefined, title: 'Probe goods', categoryId: 11 };
/** A whole submission (as goods.int.spec's tileGoods) whose every id is another store's. */
const goodsSubmission = (b: Ids): Biz => ({
  goodsId: b.goods,
  categoryId: 11,
  brandName: 'Marco Tiles',
  title: 'Probe tile',
  unitId: 3,
  specList: [{ specName: 'Size', values: ['600x600'] }],
  skus: [{ skuId: b.sku, specValues: { Size: '600x600' }, price: 9900, stock: 30 }],
  images: [{ fileId: b.mediaFile, objectUrl: '/static/demo/tile.png' }],
  video: { fileId: b.mediaFile, objectUrl: '/static/demo/tile.mp4', objectSuffix: 'mp4', size: 5_000_000, duration: 30 },
  detailType: 2,
  detailHtml: '',
  detailImages: [{ fileId: b.mediaFile, objectUrl: '/static/demo/tile.png' }],
  freightTemplateId: b.freightTemplate,
  afterSaleTemplateId: b.afterSaleTemplate,
  cartageTemplateId: b.cartageTemplate,
});
const couponFields = (): Biz => ({ name: 'Probe coupon', kind: 1, amountCents: 100, thresholdCents: 0, scope: COUPON_SCOPE.goods, issueLimit: 10, perBuyerLimit: 1, validity: 2, validDays: 7 });
const DAY = 24 * 60 * 60;
const inDays = (days: number) => Math.floor(Date.now() / 1000) + days * DAY;
const groupBuyFields = (b: Ids): Biz => ({ name: 'Probe', skus: [{ skuId: b.sku, groupPriceCents: 100 }], teamSize: 2, formMinutes: 60, perBuyerLimit: 1, totalLimit: 10, startTime: inDays(1), endTime: inDays(3) });
const flashSaleFields = (b: Ids): Biz => ({ name: 'Probe', startTime: inDays(1), endTime: inDays(3), slots: [{ startMinute: 600, endMinute: 720 }], perBuyerLimit: 1, skus: [{ skuId: b.sku, priceCents: 100, stock: 1 }] });
const freightFields = (): Biz => ({ name: 'Probe', pricing: 1, defaultBlock: { firstUnits: 1, firstCents: 100, additionalUnits: 1, additionalCents: 100 }, regionGroups: [] });
const cartageFields = (): Biz => ({ name: 'Probe', freeFloors: 1, perFloorWithLiftCents: 0, perFloorWithoutLiftCents: 100, distanceBands: [{ fromMeters: 0, toMeters: 1000, cents: 100 }], minimumCents: 0 });

/** How a call answers another store's id when it is not a plain refusal (its contract says so). */
const ANSWERS: Record<string, (answer: CallResult) => boolean> = {
  // One result per row, so one bad row never stops the others: the row is refused with 10100004.
  '/v1/store/eshop/order/bulkShip': (answer) => answer.code === OK && (answer.data as { results: Array<{ code: string }> }).results.every((row) => row.code === STORE_CODES.notFound),
  // The contract: "null: no such task of this store".
  '/v1/store/common/asyncTask/queryById': (answer) => answer.code === OK && answer.data === null,
};
/**
 * Calls whose documented answer to another store's media file in a form is a field error (10100001 on that field,
 * docs/goods.md "Images" and "Brands"), the same answer as for a file that does not exist: nothing is revealed.
 */
const MEDIA_FIELD_REFUSALS: Record<string, RegExp> = {
  '/v1/store/eshop/goods/saveDraft': /^media files are not in your media library: \d+$/,
  '/v1/store/eshop/goods/submit': /^media files are not in your media library: \d+$/,
  '/v1/store/eshop/goods/brand/apply': /^certificate files are not in your media library: \d+$/,
};
const emptyPage = (answer: CallResult) => answer.code === OK && (answer.data as { total: number; list: unknown[] }).total === 0 && (answer.data as { list: unknown[] }).list.length === 0;

/** What the answer to a case must be: its call's own (ANSWERS), an empty page for filters only, else a refusal. */
function expectedAnswer(path: string, foreign: readonly string[]): (answer: CallResult) => boolean {
  const special = ANSWERS[path];
  if (special) return special;
  const uses = foreign.map((field) => ID_FIELDS[path]![field]!);
  if (uses.every((use) => use.use === 'filter')) return emptyPage;
  const mediaField = MEDIA_FIELD_REFUSALS[path];
  if (mediaField && uses.some((use) => use.kind === 'mediaFile')) return (answer) => answer.code === STORE_CODES.invalidParameter && mediaField.test(answer.msg);
  return (answer) => REFUSED.includes(answer.code);
}

const BATCH = 8;
/** The calls that only read: the control case runs them as store B's owner, who must see a row. */
const READ_CALL = /\/(detail|details|list|stockList|queryById|campaign|applicationDetail|effectiveAccess|receiveList|teams|orders|deliverySlip|salesCertificate|status|quote|query[A-Za-z]+Detail|queryLedgerTransfer)$/;
function inBatches<T>(items: readonly T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
  return batches;
}

/** The value(s) at a field path of a biz (`rows[].orderId` reads every row). */
function valuesAt(biz: unknown, path: string): unknown[] {
  let values: unknown[] = [biz];
  for (const part of path.split('.')) {
    const many = part.endsWith('[]');
    const key = many ? part.slice(0, -2) : part;
    values = values.flatMap((value) => {
      const next = value && typeof value === 'object' ? (value as Biz)[key] : undefined;
      if (many) return Array.isArray(next) ? next : [];
      return Array.isArray(next) ? next : [next];
    });
  }
  return values.filter((value) => value !== undefined);
}

interface Case {
  contract: AnyEndpoint;
  biz: Biz;
  /** The owned fields this case sends another store's ids in. */
  foreign: string[];
}

/** The cases of every call with an owned id field: its CASES (or one plain case) with B's ids in every top-level id field. */
function casesOf(keys: OwnedKeys, more: MoreOfB): { cases: Case[]; problems: string[] } {
  const b = keys.first;
  const cases: Case[] = [];
  const problems: string[] = [];
  for (const contract of allEndpoints) {
    const owned = ownedIdFields(contract.path);
    if (!owned.length) continue;
    const covered = new Set<string>();
    for (const make of CASES[contract.path] ?? [() => ({})]) {
      const biz: Biz = {};
      const extra = make(b, more);
      for (const [field, use] of owned) {
        if (field.includes('.') || field.includes('[]') || field in extra) continue;
        biz[field] = /Ids$|IdList$/.test(field) ? [b[use.kind]] : b[use.kind];
      }
      for (const [key, value] of Object.entries(extra)) if (value === undefined) delete biz[key];
      for (const [key, value] of Object.entries(extra)) if (value !== undefined) biz[key] = value;
      const foreign = owned.filter(([field, use]) => valuesAt(biz, field).some((value) => keys.all[use.kind].has(value as OwnedRowKey))).map(([field]) => field);
      foreign.forEach((field) => covered.add(field));
      const parsed = contract.biz.safeParse(contract.idempotent ? { ...biz, idempotencyKey: '00000000-0000-4000-8000-000000000000' } : biz);
      if (!parsed.success) problems.push(`${contract.path}: the case ${JSON.stringify(biz)} breaks the contract (${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}); fix its entry in CASES`);
      cases.push({ contract, biz, foreign });
    }
    for (const [field, use] of owned) {
      if (!covered.has(field)) problems.push(`${contract.path}: no case sends another store's ${use.kind} in ${field}; add one to CASES in ownership.int.spec.ts`);
    }
  }
  return { cases, problems };
}

describe('every call that takes an id refuses the ids of another store (issue 34 §3)', () => {
  let h: TestHarness;
  let ownerA: string;
  let staffA: string;
  let roleA: number;
  let storeA: number;
  let b: OwnedKeys;
  let more: MoreOfB;

  /** Registers a store through the product's calls and has the operator approve it; answers its owner's token. */
  async function registerStore(userName: string, mobile: string): Promise<{ token: string; storeId: number }> {
    expect((await h.call(`${USER}/sendRegisterCheckCode`, { mobile })).code).toBe(OK);
    const registered = await h.call<{ accessToken: string }>(`${USER}/registerUser`, { userName, password: 'Owner12345', mobile, checkCode: await h.lastCheckCode(mobile) });
    expect(registered.code).toBe(OK);
    const token = registered.data.accessToken;
    expect((await h.call(`${USER}/storeAcceptAgreement`, {}, token)).code).toBe(OK);
    const info = {
      storeName: `Store ${userName}`,
      storeType: 1,
      principalType: 2,
      cityCode: '310100',
      address: '2 Probe Road',
      contactName: 'Probe Owner',
      contactMobile: mobile,
      legalPersonName: 'Probe Owner',
      legalPersonIdNumber: '11010519491231002X',
      licenseNumber: '91310000MA1PROBE0X',
      licenseImageUrl: '/static/demo/license.png',
      categoryIds: [11, 21],
    };
    const submitted = await h.call(`${USER}/registerStore`, info, token);
    expect([submitted.code, submitted.msg]).toEqual([OK, expect.any(String)]);
    const user = await h.database.db.selectFrom('store_user').select('store_id').where('username', '=', userName).executeTakeFirstOrThrow();
    const approved = await h.keyed(`/operator/stores/${user.store_id}/approve`, {}, OPERATOR_KEY, OPERATOR_KEY_HEADER);
    expect(approved.code).toBe(OK);
    return { token: await h.login(userName, 'Owner12345'), storeId: user.store_id };
  }

  beforeAll(async () => {
    h = await startTestServer({ config: { operatorKey: OPERATOR_KEY } });
    const a = await registerStore('ownership_a', '13900034001');
    ownerA = a.token;
    storeA = a.storeId;
    const role = await h.call<{ id: number }>(`${USER.replace('/user', '')}/staff/role/add`, { name: 'Probe role', permissions: [...ALL_PERMISSION_CODES] }, ownerA);
    expect(role.code).toBe(OK);
    roleA = (await h.database.db.selectFrom('store_role').select('id').where('store_id', '=', storeA).where('name', '=', 'Probe role').executeTakeFirstOrThrow()).id;
    const staff = await h.call(`${USER.replace('/user', '')}/staff/add`, { userName: 'ownership_a_staff', nickname: 'A staff', password: 'Staff12345', roleIds: [roleA] }, ownerA);
    expect([staff.code, staff.msg]).toEqual([OK, expect.any(String)]);
    staffA = await h.login('ownership_a_staff', 'Staff12345');
    // Rows of store B that its seed does not make: made by B's own owner through the product's calls.
    const ownerB = await h.login(DEMO_STORE.userName, DEMO_STORE.password);
    const beforeExport = await databaseDigest(h.database.db);
    expect((await h.call('/v1/store/export/create', { resource: 'orders.list', fileName: 'orders' }, ownerB)).code).toBe(OK);
    // The digest the refusals are compared by sees a write (so "changed nothing" can fail).
    expect(Object.keys(beforeExport).length).toBeGreaterThan(80);
    expect(digestDifference(beforeExport, await databaseDigest(h.database.db))).toContain('store_export_job');
    expect((await h.call('/v1/store/eshop/savedView/save', { resource: 'orders.list', name: 'Mine', filters: {}, columns: [] }, ownerB)).code).toBe(OK);
    // A goods snapshot is kept when the platform approves goods under review.
    const underReview = await h.database.db.selectFrom('store_goods').select('id').where('store_id', '=', B).where('status', '=', GOODS_STATUS.underReview).orderBy('id').executeTakeFirstOrThrow();
    expect((await h.keyed(`${OPERATOR_GOODS_PATH_PREFIX}/${underReview.id}/approve`, {}, OPERATOR_KEY, OPERATOR_KEY_HEADER)).code).toBe(OK);
    // No call of today's product makes an async task (the export jobs replaced them); a finished one as account.int.spec has it.
    await h.database.db.insertInto('store_async_task').values({ store_id: B, kind: 'export', status: 2, fail_reason: '', result: null }).execute();
    b = await ownedRowsOf(h.database.db, B);
    const orderNoWith = async (table: 'store_refund' | 'store_complaint' | 'store_evaluation') => {
      const { rows } = await sql<{ order_no: string }>`select o.order_no from ${sql.table(table)} x join store_order o on o.id = x.order_id where x.store_id = ${B} order by x.id limit 1`.execute(h.database.db);
      return rows[0]!.order_no;
    };
    more = { orderNoWith: { refund: await orderNoWith('store_refund'), complaint: await orderNoWith('store_complaint'), evaluation: await orderNoWith('store_evaluation') } };
  });
  afterAll(() => h.close());

  it('has a case for every call that takes an owned id, each a valid biz sending store B its ids', () => {
    const { cases, problems } = casesOf(b, more);
    expect(problems).toEqual([]);
    // Every call in ID_FIELDS with an owned field is here, so a new contract with an id has a case or fails above.
    const called = new Set(cases.map((c) => c.contract.path));
    const owned = Object.keys(ID_FIELDS).filter((path) => ownedIdFields(path).length > 0);
    expect([...called].sort()).toEqual(owned.sort());
    expect(called.size).toBeGreaterThan(100);
  });

  it("lets store B's owner read each of its rows these cases name (the ids are real, the biz is valid)", async () => {
    const ownerB = await h.login(DEMO_STORE.userName, DEMO_STORE.password);
    const reads = casesOf(b, more).cases.filter((c) => READ_CALL.test(c.contract.path));
    const wrong: string[] = [];
    for (const batch of inBatches(reads, BATCH)) {
      const answers = await Promise.all(batch.map(({ contract, biz }) => h.call(contract.path, biz, ownerB)));
      batch.forEach(({ contract, biz }, index) => {
        const answer = answers[index]!;
        const seen = answer.code === OK && answer.data !== null && !emptyPage(answer);
        if (!seen) wrong.push(`${contract.path} ${JSON.stringify(biz)}: answered store B ${answer.code} ${answer.msg} ${JSON.stringify(answer.data)?.slice(0, 80)}`);
      });
    }
    expect(wrong).toEqual([]);
    expect(reads.length).toBeGreaterThan(40);
  });

  it("answers not-found or no-permission to store B's ids on every call (an empty page for a list filter), and changes nothing", async () => {
    const { cases } = casesOf(b, more);
    const wrong: string[] = [];
    // A few calls at a time (they are all refused, so they cannot disturb each other), the database read around each batch.
    for (const batch of inBatches(cases, BATCH)) {
      const before = await databaseDigest(h.database.db);
      const answers = await Promise.all(batch.map(({ contract, biz }) => h.call(contract.path, biz, ownerA)));
      batch.forEach(({ contract, biz, foreign }, index) => {
        const answer = answers[index]!;
        if (!expectedAnswer(contract.path, foreign)(answer)) wrong.push(`${contract.path} ${JSON.stringify(biz)}: answered ${answer.code} ${answer.msg}`);
      });
      const changed = digestDifference(before, await databaseDigest(h.database.db));
      if (changed.length) wrong.push(`one of ${batch.map((c) => c.contract.path).join(', ')} changed ${changed.join(', ')}`);
    }
    expect(wrong).toEqual([]);
  });

  it("refuses a staff account of store A with 10100003 on every call with a code it lacks, and changes nothing", async () => {
    const { cases } = casesOf(b, more);
    const bizOf = (contract: AnyEndpoint) => cases.find((c) => c.contract === contract)?.biz ?? {};
    const byCode = new Map<PermissionCode, AnyEndpoint[]>();
    for (const contract of allEndpoints) {
      if (contract.access !== 'user' || !contract.permission) continue;
      byCode.set(contract.permission, [...(byCode.get(contract.permission) ?? []), contract]);
    }
    const wrong: string[] = [];
    for (const [code, contracts] of byCode) {
      const edited = await h.call(`${USER.replace('/user', '')}/staff/role/edit`, { roleId: roleA, name: 'Probe role', permissions: ALL_PERMISSION_CODES.filter((other) => other !== code) }, ownerA);
      expect([code, edited.code, edited.msg]).toEqual([code, OK, expect.any(String)]);
      const before = await databaseDigest(h.database.db);
      const answers = await Promise.all(contracts.map((contract) => h.call(contract.path, bizOf(contract), staffA)));
      contracts.forEach((contract, index) => {
        if (answers[index]!.code !== PERMISSION_DENIED) wrong.push(`${contract.path} without ${code}: answered ${answers[index]!.code} ${answers[index]!.msg}`);
      });
      const changed = digestDifference(before, await databaseDigest(h.database.db));
      if (changed.length) wrong.push(`calls with ${code}: changed ${changed.join(', ')}`);
    }
    expect(wrong).toEqual([]);
    expect(byCode.size).toBeGreaterThan(30);
  });
});
