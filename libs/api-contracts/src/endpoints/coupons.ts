// Issue 28 §4, coupons (console-spec §2 /marketing coupons/couponsMgmt, +add, details, receive; docs/marketing.md
// "Coupons"). A template says what a coupon is worth and who may claim how many; a claimed coupon keeps a copy
// of the template's rules, so editing the template later never changes a coupon already claimed. Money is
// integer cents and times integer seconds, as everywhere on the wire. Buyers claim through store-server's keyed
// routes (`/buyer/coupons/...`, x-buyer-key), not console calls.
import { z } from 'zod';
import { endpointsUnder, pageQueryShape, pageResult } from '../endpoint';
import { PERMISSIONS } from '../permissions';
import { rule } from '../rules';
import { statusTable, type StatusTable } from '../status-tables';
import { STORE_CODES } from '../store-codes';

export const COUPONS_BASE = '/v1/store/eshop/marketing/coupons';

/**
 * 1 a fixed amount off (amountCents); 2 a percentage off up to capCents, in basis points as the price calculation
 * takes it (percentOffBp: 1 bp = 0.01 %, 1500 = 15 % off, a "8.5折" coupon; 1–9,999).
 */
export const COUPON_KIND = { amount: 1, percent: 2 } as const;
export type CouponKind = (typeof COUPON_KIND)[keyof typeof COUPON_KIND];
export const COUPON_KIND_LABELS: StatusTable<CouponKind> = statusTable({
  1: { 'zh-CN': '满减券', 'en-US': 'amount off' },
  2: { 'zh-CN': '折扣券', 'en-US': 'percentage off' },
});

/** Where a coupon applies: 1 the whole store, 2 goods of the listed categories, 3 the listed goods. */
export const COUPON_SCOPE = { store: 1, categories: 2, goods: 3 } as const;
export type CouponScope = (typeof COUPON_SCOPE)[keyof typeof COUPON_SCOPE];
export const COUPON_SCOPE_LABELS: StatusTable<CouponScope> = statusTable({
  1: { 'zh-CN': '全店通用', 'en-US': 'whole store' },
  2: { 'zh-CN': '指定分类', 'en-US': 'categories' },
  3: { 'zh-CN': '指定商品', 'en-US': 'goods' },
});

/** 1 fixed dates (validFrom–validUntil); 2 validDays days from the moment of claiming. */
export const COUPON_VALIDITY = { fixed: 1, afterClaim: 2 } as const;
export type CouponValidity = (typeof COUPON_VALIDITY)[keyof typeof COUPON_VALIDITY];

/** A template is claimable while active; stopped is final for claims (coupons already claimed stay usable). */
export const COUPON_TEMPLATE_STATE = { active: 1, stopped: 2 } as const;
export type CouponTemplateState = (typeof COUPON_TEMPLATE_STATE)[keyof typeof COUPON_TEMPLATE_STATE];
export const COUPON_TEMPLATE_STATE_LABELS: StatusTable<CouponTemplateState> = statusTable({
  1: { 'zh-CN': '进行中', 'en-US': 'active' },
  2: { 'zh-CN': '已停止', 'en-US': 'stopped' },
});

/** A claimed coupon: 1 unused, 2 used in an order, 3 expired (unused past its end; derived, never stored). */
export const COUPON_STATE = { unused: 1, used: 2, expired: 3 } as const;
export type CouponState = (typeof COUPON_STATE)[keyof typeof COUPON_STATE];
export const COUPON_STATE_LABELS: StatusTable<CouponState> = statusTable({
  1: { 'zh-CN': '未使用', 'en-US': 'unused' },
  2: { 'zh-CN': '已使用', 'en-US': 'used' },
  3: { 'zh-CN': '已过期', 'en-US': 'expired' },
});

/** Why a claim was refused; the refusals are logged and counted on the template's details. */
export const COUPON_REFUSAL_REASONS = ['limitReached', 'perBuyerLimit', 'stopped', 'expired'] as const;
export type CouponRefusalReason = (typeof COUPON_REFUSAL_REASONS)[number];

export const COUPON_LIMITS = {
  nameMax: 30,
  amountMaxCents: 99_999_999,
  percentOffBpMin: 1,
  percentOffBpMax: 9_999,
  issueLimitMax: 1_000_000,
  perBuyerLimitMax: 100,
  validDaysMax: 365,
  scopeIdsMax: 200,
  /** Coupons one batch issue may hand out. */
  batchMax: 500,
} as const;

const id = () => z.number().int().positive();
const cents = () => z.number().refine(Number.isInteger, rule('wholeCents')).min(0).max(COUPON_LIMITS.amountMaxCents);
const seconds = () => z.number().int().nonnegative();

/** The rules of a template as the merchant writes them (add and edit). */
const templateShape = {
  name: z.string().trim().min(1).max(COUPON_LIMITS.nameMax),
  kind: z.union([z.literal(COUPON_KIND.amount), z.literal(COUPON_KIND.percent)]),
  /** Amount off in cents (kind 1). */
  amountCents: cents().optional(),
  /** The part taken off in basis points, 1–9,999 (kind 2): 1500 takes 15 % off the eligible amount. */
  percentOffBp: z.number().int().min(COUPON_LIMITS.percentOffBpMin).max(COUPON_LIMITS.percentOffBpMax).optional(),
  /** The most a percentage coupon takes off, in cents (kind 2). */
  capCents: cents().optional(),
  /** The eligible amount must reach this many cents; 0: no threshold. */
  thresholdCents: cents(),
  scope: z.union([z.literal(COUPON_SCOPE.store), z.literal(COUPON_SCOPE.categories), z.literal(COUPON_SCOPE.goods)]),
  /** Category ids (scope 2) or goods ids of this store (scope 3); [] for the whole store. */
  scopeIds: z
    .array(id())
    .max(COUPON_LIMITS.scopeIdsMax)
    .refine((ids) => new Set(ids).size === ids.length, rule('distinct'))
    .default([]),
  issueLimit: z.number().int().min(1).max(COUPON_LIMITS.issueLimitMax),
  perBuyerLimit: z.number().int().min(1).max(COUPON_LIMITS.perBuyerLimitMax),
  validity: z.union([z.literal(COUPON_VALIDITY.fixed), z.literal(COUPON_VALIDITY.afterClaim)]),
  /** Fixed dates (validity 1), seconds. */
  validFrom: seconds().optional(),
  validUntil: seconds().optional(),
  /** Days from claiming (validity 2). */
  validDays: z.number().int().min(1).max(COUPON_LIMITS.validDaysMax).optional(),
};

type TemplateInput = z.output<z.ZodObject<typeof templateShape>>;

/** The cross-field rules, each reported on the field the merchant must change. */
function templateRulesHold(value: TemplateInput, ctx: z.RefinementCtx): void {
  const need = (field: keyof TemplateInput) => ctx.addIssue({ code: 'custom', input: value[field], ...rule('required', { path: [field] }) });
  if (value.kind === COUPON_KIND.amount && value.amountCents === undefined) need('amountCents');
  if (value.kind === COUPON_KIND.amount && value.amountCents === 0) ctx.addIssue({ code: 'custom', input: 0, ...rule('positive', { path: ['amountCents'] }) });
  if (value.kind === COUPON_KIND.percent && value.percentOffBp === undefined) need('percentOffBp');
  if (value.kind === COUPON_KIND.percent && value.capCents === undefined) need('capCents');
  if (value.kind === COUPON_KIND.percent && value.capCents === 0) ctx.addIssue({ code: 'custom', input: 0, ...rule('positive', { path: ['capCents'] }) });
  if (value.scope !== COUPON_SCOPE.store && value.scopeIds.length === 0) ctx.addIssue({ code: 'custom', input: value.scopeIds, ...rule('minItems', { limit: 1, path: ['scopeIds'] }) });
  if (value.perBuyerLimit > value.issueLimit) {
    ctx.addIssue({ code: 'custom', input: value.perBuyerLimit, ...rule('max', { limit: value.issueLimit, path: ['perBuyerLimit'] }) });
  }
  if (value.validity === COUPON_VALIDITY.fixed) {
    if (value.validFrom === undefined) need('validFrom');
    if (value.validUntil === undefined) need('validUntil');
    if (value.validFrom !== undefined && value.validUntil !== undefined && value.validUntil <= value.validFrom) {
      ctx.addIssue({ code: 'custom', input: value.validUntil, ...rule('endBeforeStart', { path: ['validUntil'] }) });
    }
  }
  if (value.validity === COUPON_VALIDITY.afterClaim && value.validDays === undefined) need('validDays');
}

const templateBiz = z.object(templateShape).superRefine(templateRulesHold);
const templateIdBiz = z.object({ templateId: id() });

/** The rules a claimed coupon copies (the template's, at the moment of claiming). */
const couponRules = {
  kind: z.union([z.literal(COUPON_KIND.amount), z.literal(COUPON_KIND.percent)]),
  amountCents: z.number().int().nullable(),
  percentOffBp: z.number().int().nullable(),
  capCents: z.number().int().nullable(),
  thresholdCents: z.number().int(),
  scope: z.union([z.literal(COUPON_SCOPE.store), z.literal(COUPON_SCOPE.categories), z.literal(COUPON_SCOPE.goods)]),
  scopeIds: z.array(z.number().int()),
};

export const couponTemplate = z.strictObject({
  templateId: z.number().int().positive(),
  name: z.string(),
  ...couponRules,
  issueLimit: z.number().int(),
  perBuyerLimit: z.number().int(),
  validity: z.union([z.literal(COUPON_VALIDITY.fixed), z.literal(COUPON_VALIDITY.afterClaim)]),
  validFrom: z.number().int().nullable(),
  validUntil: z.number().int().nullable(),
  validDays: z.number().int().nullable(),
  state: z.union([z.literal(COUPON_TEMPLATE_STATE.active), z.literal(COUPON_TEMPLATE_STATE.stopped)]),
  /** Coupons claimed or issued so far (never above issueLimit). */
  taken: z.number().int(),
  createTime: z.number().int(),
});

export const couponTemplateDetails = z.strictObject({
  template: couponTemplate,
  claimed: z.number().int(),
  used: z.number().int(),
  expired: z.number().int(),
  /** Refused claims by reason (every reason listed, 0 when none). */
  refused: z.strictObject(Object.fromEntries(COUPON_REFUSAL_REASONS.map((reason) => [reason, z.number().int()])) as Record<CouponRefusalReason, z.ZodNumber>),
});

export const couponClaimRecord = z.strictObject({
  couponId: z.number().int().positive(),
  buyerAccid: z.string(),
  /** First 3 and last 4 digits. */
  buyerPhone: z.string(),
  claimTime: z.number().int(),
  state: z.union([z.literal(COUPON_STATE.unused), z.literal(COUPON_STATE.used), z.literal(COUPON_STATE.expired)]),
  validUntil: z.number().int(),
  /** The order it was used in, else null. */
  orderId: z.number().int().nullable(),
  orderNo: z.string().nullable(),
  useTime: z.number().int().nullable(),
});

/** The dry run's look-back (docs/marketing.md "Dry run"): the orders placed in the last 30 days. */
export const COUPON_DRY_RUN_DAYS = 30;
/** How many of the orders with the largest discounts the dry run lists. */
export const COUPON_DRY_RUN_TOP = 5;

/**
 * What to replay: a saved template (`source: 'template'`), or rules typed in the add or edit form before saving
 * (`source: 'rules'`, the add call's fields, checked by the same rules and reported on the same fields).
 */
const dryRunBiz = z.discriminatedUnion('source', [
  z.object({ source: z.literal('template'), templateId: id() }),
  z.object({ source: z.literal('rules'), ...templateShape }).superRefine(templateRulesHold),
]);

/** One replayed order with the discount the coupon would have given it. */
export const couponDryRunOrder = z.strictObject({
  orderId: z.number().int().positive(),
  orderNo: z.string().nullable(),
  createTime: z.number().int(),
  /** What the order's lines paid before any coupon (Σ unit price × quantity), cents. */
  linesCents: z.number().int(),
  discountCents: z.number().int(),
});

export const couponDryRunResult = z.strictObject({
  /** The window replayed, seconds: orders created from `from` (inclusive) to `to` (exclusive). */
  from: z.number().int(),
  to: z.number().int(),
  /** Paid orders that stand (status 1–4) in the window. */
  orders: z.number().int(),
  /** Of those, the orders the coupon would have applied to (scope and threshold met). */
  qualifying: z.number().int(),
  /** Σ of the discounts, cents. */
  discountCents: z.number().int(),
  /** discountCents / qualifying, rounded half up; 0 when none qualifies. */
  averageDiscountCents: z.number().int(),
  /** Σ of the window's orders' lines, cents. */
  revenueCents: z.number().int(),
  /** discountCents / revenueCents in basis points (10,000 = 100 %), rounded half up; 0 with no revenue. */
  revenueShareBp: z.number().int(),
  /** The orders with the largest discounts (at most COUPON_DRY_RUN_TOP), largest first, then older first. */
  top: z.array(couponDryRunOrder),
});

const couponErrors = [STORE_CODES.notFound, STORE_CODES.notAllowedInCurrentState] as const;
const couponCall = endpointsUnder(COUPONS_BASE);

export const couponEndpoints = {
  couponList: couponCall('list', {
    access: 'user',
    permission: PERMISSIONS.marketingView,
    summary: "The store's coupon templates, newest first, by state and name",
    biz: z.object({
      ...pageQueryShape,
      state: z.union([z.literal(COUPON_TEMPLATE_STATE.active), z.literal(COUPON_TEMPLATE_STATE.stopped)]).optional(),
      name: z.string().trim().max(COUPON_LIMITS.nameMax).optional(),
    }),
    data: pageResult(couponTemplate),
  }),
  addCoupon: couponCall('add', {
    access: 'user',
    permission: PERMISSIONS.couponsManage,
    summary: 'Create a coupon template (active at once)',
    biz: templateBiz,
    data: couponTemplate,
    errors: couponErrors,
  }),
  couponDetails: couponCall('details', {
    access: 'user',
    permission: PERMISSIONS.marketingView,
    summary: 'A template with its claimed, used and expired counts and its refused claims by reason',
    biz: templateIdBiz,
    data: couponTemplateDetails,
    errors: couponErrors,
  }),
  editCoupon: couponCall('edit', {
    access: 'user',
    permission: PERMISSIONS.couponsManage,
    summary: "Change a template's rules; coupons already claimed keep the rules they were claimed with",
    biz: z.object({ templateId: id(), ...templateShape }).superRefine(templateRulesHold),
    data: couponTemplate,
    errors: couponErrors,
  }),
  stopCoupon: couponCall('stop', {
    access: 'user',
    permission: PERMISSIONS.couponsManage,
    summary: 'Stop a template: no more claims; claimed coupons stay usable',
    biz: templateIdBiz,
    data: couponTemplate,
    errors: couponErrors,
  }),
  deleteCoupon: couponCall('delete', {
    access: 'user',
    permission: PERMISSIONS.couponsManage,
    summary: 'Delete a template nobody has claimed (refused once anything is claimed)',
    biz: templateIdBiz,
    data: z.strictObject({ templateId: z.number().int().positive() }),
    errors: couponErrors,
  }),
  couponReceiveList: couponCall('receiveList', {
    access: 'user',
    permission: PERMISSIONS.marketingView,
    summary: "A template's claim records, newest first: buyer (phone masked), time, state and the order it was used in",
    biz: z.object({
      ...pageQueryShape,
      templateId: id(),
      state: z.union([z.literal(COUPON_STATE.unused), z.literal(COUPON_STATE.used), z.literal(COUPON_STATE.expired)]).optional(),
    }),
    data: pageResult(couponClaimRecord),
    errors: couponErrors,
  }),
  couponDryRun: couponCall('dryRun', {
    access: 'user',
    permission: PERMISSIONS.marketingView,
    summary: "What a coupon would have cost over the last 30 days of the store's orders, as if each order's buyer had had it",
    biz: dryRunBiz,
    data: couponDryRunResult,
    errors: couponErrors,
  }),
};
