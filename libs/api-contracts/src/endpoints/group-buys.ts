// Issue 28 §2, group buying (console-spec §2 /marketing/SpellGroup, +team, order; docs/marketing.md "Group
// buying"). An activity sells SKUs at a group price to teams of `teamSize` buyers: a buyer starts a team (its
// leader) or joins a forming one, paying at once; the team forms when its last seat is taken (its orders may
// ship from then on) or fails when its time runs out (every member refunded in full, once). Money is integer
// cents and times integer seconds, as everywhere on the wire. Buyers start and join through store-server's keyed
// routes (`/buyer/group-buys/...`, x-buyer-key), not console calls.
import { z } from 'zod';
import { endpointsUnder, pageQueryShape, pageResult } from '../endpoint';
import { PERMISSIONS } from '../permissions';
import { rule } from '../rules';
import { statusTable, type StatusTable } from '../status-tables';
import { STORE_CODES } from '../store-codes';

export const GROUP_BUYS_BASE = '/v1/store/eshop/marketing/group-buys';

/** An activity takes joins while active and within its run window; stopped is final (forming teams run out). */
export const GROUP_BUY_STATE = { active: 1, stopped: 2 } as const;
export type GroupBuyState = (typeof GROUP_BUY_STATE)[keyof typeof GROUP_BUY_STATE];
export const GROUP_BUY_STATE_LABELS: StatusTable<GroupBuyState> = statusTable({
  1: { 'zh-CN': '进行中', 'en-US': 'active' },
  2: { 'zh-CN': '已停止', 'en-US': 'stopped' },
});

/** A team: 1 forming (seats left, time left), 2 formed (full: its orders may ship), 3 failed (time ran out: refunded). */
export const GROUP_BUY_TEAM_STATE = { forming: 1, formed: 2, failed: 3 } as const;
export type GroupBuyTeamState = (typeof GROUP_BUY_TEAM_STATE)[keyof typeof GROUP_BUY_TEAM_STATE];
export const GROUP_BUY_TEAM_STATE_LABELS: StatusTable<GroupBuyTeamState> = statusTable({
  1: { 'zh-CN': '拼团中', 'en-US': 'forming' },
  2: { 'zh-CN': '已成团', 'en-US': 'formed' },
  3: { 'zh-CN': '未成团', 'en-US': 'failed' },
});

export const GROUP_BUY_LIMITS = {
  nameMax: 30,
  teamSizeMin: 2,
  teamSizeMax: 20,
  /** The time a team has to form, in minutes: 5 minutes to 7 days. */
  formMinutesMin: 5,
  formMinutesMax: 7 * 24 * 60,
  perBuyerLimitMax: 100,
  totalLimitMax: 1_000_000,
  skusMax: 50,
  priceMaxCents: 99_999_999,
} as const;

const id = () => z.number().int().positive();
const seconds = () => z.number().int().nonnegative();
const teamState = z.union([z.literal(GROUP_BUY_TEAM_STATE.forming), z.literal(GROUP_BUY_TEAM_STATE.formed), z.literal(GROUP_BUY_TEAM_STATE.failed)]);
const activityState = z.union([z.literal(GROUP_BUY_STATE.active), z.literal(GROUP_BUY_STATE.stopped)]);

/** An activity's rules as the merchant writes them (add and edit). */
const groupBuyShape = {
  name: z.string().trim().min(1).max(GROUP_BUY_LIMITS.nameMax),
  /** The SKUs on sale and each one's group price in cents (at most the SKU's list price; not below its floor). */
  skus: z
    .array(
      z.object({
        skuId: id(),
        groupPriceCents: z.number().refine(Number.isInteger, rule('wholeCents')).min(1).max(GROUP_BUY_LIMITS.priceMaxCents),
      }),
    )
    .min(1)
    .max(GROUP_BUY_LIMITS.skusMax)
    .refine((skus) => new Set(skus.map((sku) => sku.skuId)).size === skus.length, rule('distinct')),
  teamSize: z.number().int().min(GROUP_BUY_LIMITS.teamSizeMin).max(GROUP_BUY_LIMITS.teamSizeMax),
  /** Minutes a team has to fill its seats from the moment its leader starts it. */
  formMinutes: z.number().int().min(GROUP_BUY_LIMITS.formMinutesMin).max(GROUP_BUY_LIMITS.formMinutesMax),
  /** Orders one buyer may place through the activity (a failed team's orders give theirs back). */
  perBuyerLimit: z.number().int().min(1).max(GROUP_BUY_LIMITS.perBuyerLimitMax),
  /** Orders the whole activity may take (a failed team's orders give theirs back). */
  totalLimit: z.number().int().min(1).max(GROUP_BUY_LIMITS.totalLimitMax),
  /** The run window, seconds: teams start and join only within it. */
  startTime: seconds(),
  endTime: seconds(),
};

type GroupBuyInput = z.output<z.ZodObject<typeof groupBuyShape>>;

function groupBuyRulesHold(value: GroupBuyInput, ctx: z.RefinementCtx): void {
  if (value.endTime <= value.startTime) ctx.addIssue({ code: 'custom', input: value.endTime, ...rule('endBeforeStart', { path: ['endTime'] }) });
  if (value.perBuyerLimit > value.totalLimit) ctx.addIssue({ code: 'custom', input: value.perBuyerLimit, ...rule('max', { limit: value.totalLimit, path: ['perBuyerLimit'] }) });
}

const groupBuyIdBiz = z.object({ groupBuyId: id() });

export const groupBuySku = z.strictObject({
  skuId: z.number().int().positive(),
  goodsId: z.number().int().positive(),
  title: z.string(),
  /** The SKU's spec by its labels in the caller's language, as skuSpecText writes it: "颜色：白 / 尺寸：600x600" (issue 35 §8). */
  specText: z.string(),
  listPriceCents: z.number().int(),
  groupPriceCents: z.number().int(),
});

export const groupBuy = z.strictObject({
  groupBuyId: z.number().int().positive(),
  name: z.string(),
  skus: z.array(groupBuySku),
  teamSize: z.number().int(),
  formMinutes: z.number().int(),
  perBuyerLimit: z.number().int(),
  totalLimit: z.number().int(),
  /** Orders taken so far (within totalLimit; a failed team's are given back). */
  taken: z.number().int(),
  startTime: z.number().int(),
  endTime: z.number().int(),
  state: activityState,
  /** Teams by state. */
  formingTeams: z.number().int(),
  formedTeams: z.number().int(),
  failedTeams: z.number().int(),
  createTime: z.number().int(),
});

export const groupBuyTeamMember = z.strictObject({
  orderId: z.number().int().positive(),
  orderNo: z.string(),
  buyerAccid: z.string(),
  buyerName: z.string(),
  leader: z.boolean(),
  joinTime: z.number().int(),
});

export const groupBuyTeam = z.strictObject({
  teamId: z.number().int().positive(),
  leaderAccid: z.string(),
  leaderName: z.string(),
  teamSize: z.number().int(),
  members: z.number().int(),
  state: teamState,
  startTime: z.number().int(),
  /** When a forming team fails; the console counts down to it from serverTime. */
  expiresAt: z.number().int(),
  /** When it formed or failed, else null. */
  endedAt: z.number().int().nullable(),
  memberList: z.array(groupBuyTeamMember),
});

export const groupBuyOrder = z.strictObject({
  orderId: z.number().int().positive(),
  orderNo: z.string(),
  /** The order's shipping-order status (console-spec §4, 1..6). */
  orderStatus: z.number().int(),
  amountCents: z.number().int(),
  buyerAccid: z.string(),
  buyerName: z.string(),
  teamId: z.number().int().positive(),
  teamState: teamState,
  leader: z.boolean(),
  joinTime: z.number().int(),
});

const groupBuyErrors = [STORE_CODES.notFound, STORE_CODES.notAllowedInCurrentState] as const;
const groupBuyCall = endpointsUnder(GROUP_BUYS_BASE);

export const groupBuyEndpoints = {
  groupBuyList: groupBuyCall('list', {
    access: 'user',
    permission: PERMISSIONS.marketingView,
    summary: "The store's group-buy activities, newest first, by state and name",
    biz: z.object({ ...pageQueryShape, state: activityState.optional(), name: z.string().trim().max(GROUP_BUY_LIMITS.nameMax).optional() }),
    data: pageResult(groupBuy),
  }),
  addGroupBuy: groupBuyCall('add', {
    access: 'user',
    permission: PERMISSIONS.marketingEdit,
    summary: 'Create a group-buy activity (active at once; takes teams within its run window)',
    biz: z.object(groupBuyShape).superRefine(groupBuyRulesHold),
    data: groupBuy,
    errors: groupBuyErrors,
  }),
  editGroupBuy: groupBuyCall('edit', {
    access: 'user',
    permission: PERMISSIONS.marketingEdit,
    summary: "Change an activity's rules; teams already started keep their size and expiry, orders already placed their prices",
    biz: z.object({ groupBuyId: id(), ...groupBuyShape }).superRefine(groupBuyRulesHold),
    data: groupBuy,
    errors: groupBuyErrors,
  }),
  groupBuyDetails: groupBuyCall('details', {
    access: 'user',
    permission: PERMISSIONS.marketingView,
    summary: 'An activity with its SKUs and its teams by state',
    biz: groupBuyIdBiz,
    data: groupBuy,
    errors: groupBuyErrors,
  }),
  stopGroupBuy: groupBuyCall('stop', {
    access: 'user',
    permission: PERMISSIONS.marketingEdit,
    summary: 'Stop an activity: no more teams or joins; forming teams form or run out as before',
    biz: groupBuyIdBiz,
    data: groupBuy,
    errors: groupBuyErrors,
  }),
  groupBuyTeams: groupBuyCall('teams', {
    access: 'user',
    permission: PERMISSIONS.marketingView,
    summary: "An activity's teams, newest first: leader, members, state and expiry, with the server's time for the countdown",
    biz: z.object({ ...pageQueryShape, groupBuyId: id(), state: teamState.optional() }),
    data: pageResult(groupBuyTeam).extend({ serverTime: z.number().int() }),
    errors: groupBuyErrors,
  }),
  groupBuyOrders: groupBuyCall('orders', {
    access: 'user',
    permission: PERMISSIONS.marketingView,
    summary: 'The orders placed through an activity, newest first, with their order status and team state',
    biz: z.object({ ...pageQueryShape, groupBuyId: id(), teamState: teamState.optional() }),
    data: pageResult(groupBuyOrder),
    errors: groupBuyErrors,
  }),
};
