// Issue 28 §1, platform activities (console-spec §2 /marketing activity/activityList, +apply; docs/marketing.md
// "Platform activities"). The platform publishes campaigns (the operator CLI, `npm run operator -- activity-create`);
// a store applies with goods and SKUs at activity prices, within the campaign's rules; the platform approves or
// rejects the application (operator CLI). An approved application holds one of the campaign's places (quota).
// Money is integer cents, times integer seconds, discounts basis points (1 bp = 0.01 %).
import { z } from 'zod';
import { endpointsUnder, pageQueryShape, pageResult } from '../endpoint';
import { PERMISSIONS } from '../permissions';
import { rule } from '../rules';
import { statusTable, type StatusTable } from '../status-tables';
import { STORE_CODES } from '../store-codes';
import { skuSpecLabelsSchema } from './goods';

export const ACTIVITIES_BASE = '/v1/store/eshop/marketing/activities';

/** An application: 1 pending review, 2 approved (holds a place), 3 rejected (with the reason), 4 withdrawn by the store. */
export const ACTIVITY_APPLICATION_STATE = { pending: 1, approved: 2, rejected: 3, withdrawn: 4 } as const;
export type ActivityApplicationState = (typeof ACTIVITY_APPLICATION_STATE)[keyof typeof ACTIVITY_APPLICATION_STATE];
export const ACTIVITY_APPLICATION_STATE_LABELS: StatusTable<ActivityApplicationState> = statusTable({
  1: { 'zh-CN': '待审核', 'en-US': 'pending' },
  2: { 'zh-CN': '已通过', 'en-US': 'approved' },
  3: { 'zh-CN': '已驳回', 'en-US': 'rejected' },
  4: { 'zh-CN': '已撤回', 'en-US': 'withdrawn' },
});

/**
 * Where a campaign is in time (derived from its windows at the server's clock, never stored): 1 sign-up not yet
 * open, 2 open for sign-up, 3 sign-up closed and not started, 4 running, 5 ended. A campaign running while its
 * sign-up is still open is 4 (running) with `signUpOpen` true.
 */
export const ACTIVITY_PHASE = { upcoming: 1, open: 2, closed: 3, running: 4, ended: 5 } as const;
export type ActivityPhase = (typeof ACTIVITY_PHASE)[keyof typeof ACTIVITY_PHASE];
export const ACTIVITY_PHASE_LABELS: StatusTable<ActivityPhase> = statusTable({
  1: { 'zh-CN': '未开始报名', 'en-US': 'sign-up not open' },
  2: { 'zh-CN': '报名中', 'en-US': 'open for sign-up' },
  3: { 'zh-CN': '报名已截止', 'en-US': 'sign-up closed' },
  4: { 'zh-CN': '进行中', 'en-US': 'running' },
  5: { 'zh-CN': '已结束', 'en-US': 'ended' },
});

export const ACTIVITY_LIMITS = {
  /** SKU lines one application may hold. */
  itemsMax: 100,
  priceMaxCents: 99_999_999,
  titleMax: 60,
  descriptionMax: 500,
  reasonMax: 200,
  quotaMax: 100_000,
  maxGoodsMax: 100,
  categoryIdsMax: 50,
  /** The largest minimum discount: 99.99 %. */
  minDiscountBpMax: 9_999,
} as const;

const id = () => z.number().int().positive();
const phase = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]);
const applicationState = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);

/** A campaign as a store sees it: its windows, rules, places and the caller's own active application. */
export const activityCampaign = z.strictObject({
  campaignId: z.number().int().positive(),
  titleZh: z.string(),
  /** null: the campaign has one title, titleZh, said in every language. */
  titleEn: z.string().nullable(),
  description: z.string(),
  signUpFrom: z.number().int(),
  signUpUntil: z.number().int(),
  runFrom: z.number().int(),
  runUntil: z.number().int(),
  /** The activity price must be at most list × (1 − minDiscountBp / 10,000), rounded down to the cent. */
  minDiscountBp: z.number().int(),
  /** Level-2 categories the goods must be in; [] any category. */
  categoryIds: z.array(z.number().int()),
  /** Distinct goods one application may hold. */
  maxGoods: z.number().int(),
  quota: z.number().int(),
  /** Approved applications holding a place (never above quota). */
  placesTaken: z.number().int(),
  placesLeft: z.number().int(),
  phase,
  signUpOpen: z.boolean(),
  /** The caller's pending or approved application of this campaign, else null. */
  myApplication: z.strictObject({ applicationId: z.number().int().positive(), state: applicationState }).nullable(),
});

/** One row of the store's applications. */
export const activityApplication = z.strictObject({
  applicationId: z.number().int().positive(),
  campaignId: z.number().int().positive(),
  campaignTitleZh: z.string(),
  campaignTitleEn: z.string().nullable(),
  runFrom: z.number().int(),
  runUntil: z.number().int(),
  campaignPhase: phase,
  state: applicationState,
  /** The platform's reason of a rejection, else null. */
  reason: z.string().nullable(),
  goodsCount: z.number().int(),
  skuCount: z.number().int(),
  createTime: z.number().int(),
  reviewTime: z.number().int().nullable(),
});

export const activityApplicationItem = z.strictObject({
  goodsId: z.number().int().positive(),
  goodsTitle: z.string(),
  skuId: z.number().int().positive(),
  /** The SKU's spec values, e.g. { Size: '600x600' }. */
  specValues: z.record(z.string(), z.string()),
  /** Their labels in the caller's language (issue 35 §8; skuSpecText writes the line). Additive: older answers lack it. */
  specLabels: skuSpecLabelsSchema.optional(),
  /** The SKU's price when the application was made. */
  listPriceCents: z.number().int(),
  activityPriceCents: z.number().int(),
});

export const activityApplicationDetails = z.strictObject({
  application: activityApplication,
  campaign: activityCampaign,
  items: z.array(activityApplicationItem),
});

const priceCents = () => z.number().refine(Number.isInteger, rule('wholeCents')).min(1).max(ACTIVITY_LIMITS.priceMaxCents);

export const activityApplyItem = z.object({ goodsId: id(), skuId: id(), activityPriceCents: priceCents() });

const applyBiz = z.object({
  campaignId: id(),
  items: z
    .array(activityApplyItem)
    .min(1)
    .max(ACTIVITY_LIMITS.itemsMax)
    .superRefine((items, ctx) => {
      const seen = new Set<number>();
      items.forEach((item, index) => {
        if (seen.has(item.skuId)) ctx.addIssue({ code: 'custom', input: item.skuId, ...rule('distinct', { path: [index, 'skuId'] }) });
        seen.add(item.skuId);
      });
    }),
});

const activityErrors = [STORE_CODES.notFound, STORE_CODES.notAllowedInCurrentState] as const;
const activityCall = endpointsUnder(ACTIVITIES_BASE);

export const activityEndpoints = {
  activityCampaigns: activityCall('campaigns', {
    access: 'user',
    permission: PERMISSIONS.marketingView,
    summary: "The platform's campaigns, newest run first, by phase, with places left and the caller's own application",
    biz: z.object({ ...pageQueryShape, phase: phase.optional() }),
    data: pageResult(activityCampaign),
  }),
  activityCampaign: activityCall('campaign', {
    access: 'user',
    permission: PERMISSIONS.marketingView,
    summary: 'One campaign with its rules and places left',
    biz: z.object({ campaignId: id() }),
    data: activityCampaign,
    errors: activityErrors,
  }),
  activityList: activityCall('list', {
    access: 'user',
    permission: PERMISSIONS.marketingView,
    summary: "The store's applications, newest first, by state, with the platform's reason of a rejection",
    biz: z.object({ ...pageQueryShape, state: applicationState.optional() }),
    data: pageResult(activityApplication),
  }),
  applyActivity: activityCall('apply', {
    access: 'user',
    permission: PERMISSIONS.marketingEdit,
    summary: "Apply for a campaign open for sign-up with the store's goods and SKUs at activity prices (pending review)",
    biz: applyBiz,
    data: activityApplicationDetails,
    errors: activityErrors,
  }),
  activityDetails: activityCall('details', {
    access: 'user',
    permission: PERMISSIONS.marketingView,
    summary: 'One application with its campaign and its goods, SKUs and prices',
    biz: z.object({ applicationId: id() }),
    data: activityApplicationDetails,
    errors: activityErrors,
  }),
  withdrawActivity: activityCall('withdraw', {
    access: 'user',
    permission: PERMISSIONS.marketingEdit,
    summary: 'Withdraw a pending application (approved, rejected or withdrawn ones are refused)',
    biz: z.object({ applicationId: id() }),
    data: activityApplication,
    errors: activityErrors,
  }),
};
