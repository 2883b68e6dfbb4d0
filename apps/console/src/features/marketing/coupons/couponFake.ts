// Coupon templates and claims as the console's specs serve them (contract couponEndpoints): an in-memory store
// answering the list, details and claim-record calls from what the test gave, paged and filtered by state and
// name as store-server does. A test adds handlers of its own for the changes it checks.
import { COUPON_KIND, COUPON_REFUSAL_REASONS, COUPON_SCOPE, COUPON_STATE, COUPON_TEMPLATE_STATE, COUPON_VALIDITY, STORE_CODES, couponEndpoints as C } from '@merchant/api-contracts';
import { ok, type FakeStoreServer } from '../../../../test/fakeStoreServer';
import type { CouponClaimRow, CouponDryRunResult, CouponTemplateDetails, CouponTemplateRow } from './api';

export const couponTemplate = (templateId: number, patch: Partial<CouponTemplateRow> = {}): CouponTemplateRow => ({
  templateId,
  name: `Coupon ${templateId}`,
  kind: COUPON_KIND.amount,
  amountCents: 1_000,
  percentOffBp: null,
  capCents: null,
  thresholdCents: 5_000,
  scope: COUPON_SCOPE.store,
  scopeIds: [],
  issueLimit: 100,
  perBuyerLimit: 1,
  validity: COUPON_VALIDITY.afterClaim,
  validFrom: null,
  validUntil: null,
  validDays: 7,
  state: COUPON_TEMPLATE_STATE.active,
  taken: 0,
  createTime: 1_780_000_000,
  ...patch,
});

export const couponClaim = (couponId: number, patch: Partial<CouponClaimRow> = {}): CouponClaimRow => ({
  couponId,
  buyerAccid: `buyer_${couponId}`,
  buyerPhone: '138****0001',
  claimTime: 1_780_100_000,
  state: COUPON_STATE.unused,
  validUntil: 1_780_704_800,
  orderId: null,
  orderNo: null,
  useTime: null,
  ...patch,
});

/** A dry run's answer: 12 orders in the window, 5 qualifying, ¥42.00 off in all (patch any figure). */
export const couponDryRunResult = (patch: Partial<CouponDryRunResult> = {}): CouponDryRunResult => ({
  from: 1_780_000_000 - 30 * 24 * 60 * 60,
  to: 1_780_000_000,
  orders: 12,
  qualifying: 5,
  discountCents: 4_200,
  averageDiscountCents: 840,
  revenueCents: 180_000,
  revenueShareBp: 233,
  top: [
    { orderId: 9001, orderNo: 'SO202612010001', createTime: 1_779_900_000, linesCents: 60_000, discountCents: 1_000 },
    { orderId: 9002, orderNo: null, createTime: 1_779_800_000, linesCents: 8_000, discountCents: 800 },
  ],
  ...patch,
});

export interface CouponFakeData {
  templates: CouponTemplateRow[];
  /** Claim records by template id. */
  claims?: Record<number, CouponClaimRow[]>;
  /** Counts of the details answer by template id (0 for what is not given). */
  counts?: Record<number, Partial<Omit<CouponTemplateDetails, 'template'>>>;
  /** The dry run's answer (couponDryRunResult() unless given); a test that checks progress adds its own handler. */
  dryRun?: CouponDryRunResult;
}

const page = <Row>(rows: readonly Row[], biz: Record<string, unknown>) => {
  const pageSize = Number(biz.pageSize ?? 20);
  const pageNum = Number(biz.pageNum ?? 1);
  const from = (pageNum - 1) * pageSize;
  return { pageNum, pageSize, total: rows.length, list: rows.slice(from, from + pageSize) };
};

export function fakeCoupons(server: FakeStoreServer, data: CouponFakeData) {
  server.on(C.couponList.path, ({ biz }) => {
    const rows = data.templates.filter((row) => (biz.state === undefined || row.state === biz.state) && (!biz.name || row.name.includes(String(biz.name))));
    return ok(page(rows, biz));
  });
  server.on(C.couponDetails.path, ({ biz }) => {
    const template = data.templates.find((row) => row.templateId === biz.templateId);
    if (!template) return { code: STORE_CODES.notFound, msg: 'coupon not found' };
    const counts = data.counts?.[template.templateId] ?? {};
    const refused = Object.fromEntries(COUPON_REFUSAL_REASONS.map((reason) => [reason, counts.refused?.[reason] ?? 0]));
    return ok({ template, claimed: counts.claimed ?? 0, used: counts.used ?? 0, expired: counts.expired ?? 0, refused });
  });
  server.on(C.couponDryRun.path, ({ biz }) => {
    if (biz.source === 'template' && !data.templates.some((row) => row.templateId === biz.templateId)) return { code: STORE_CODES.notFound, msg: 'coupon not found' };
    return ok(data.dryRun ?? couponDryRunResult());
  });
  server.on(C.couponReceiveList.path, ({ biz }) => {
    const rows = (data.claims?.[Number(biz.templateId)] ?? []).filter((row) => biz.state === undefined || row.state === biz.state);
    return ok(page(rows, biz));
  });
}
