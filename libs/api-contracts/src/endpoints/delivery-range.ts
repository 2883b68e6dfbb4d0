// Issue 27 §5, delivery range (console-spec §2 /shop distributionRangeMaintenance, +edit, ineffect; docs/merchant-centre.md
// "Delivery range"). A range is a set of towns (the common sowntown list, under the districts of the city list), a
// delivery fee markup in integer cents and a time window: the days it is valid (startTime to endTime, seconds, both
// included) and the daily delivery hours (minutes of the day, end excluded). Its status follows from the window and
// the clock: the §3 "delivery range status" values of the common dictionary (dictType deliveryRangeStatus). A town is
// taken only where a freight template of the store covers it (checkSowntownSetFreightTemplate), and two ranges of a
// store never share a town while both their days and their hours overlap.
import { z } from 'zod';
import { endpointsUnder, pageQueryShape, pageResult } from '../endpoint';
import { PERMISSIONS } from '../permissions';
import { rule } from '../rules';
import { statusTable, type StatusTable } from '../status-tables';
import { STORE_CODES } from '../store-codes';
import { FREIGHT_BASE } from './freight';

export const DELIVERY_RANGE_BASE = '/v1/store/eshop/store/deliveryRange';

/** The values of the common dictionary's deliveryRangeStatus (reference data, migration 0037 words them alike). */
export const DELIVERY_RANGE_STATUS = { effective: 1, pending: 2, ineffective: 3 } as const;
export type DeliveryRangeStatus = (typeof DELIVERY_RANGE_STATUS)[keyof typeof DELIVERY_RANGE_STATUS];
export const DELIVERY_RANGE_STATUS_LABELS: StatusTable<DeliveryRangeStatus> = statusTable({
  [DELIVERY_RANGE_STATUS.effective]: { 'zh-CN': '生效中', 'en-US': 'effective' },
  [DELIVERY_RANGE_STATUS.pending]: { 'zh-CN': '待生效', 'en-US': 'pending' },
  [DELIVERY_RANGE_STATUS.ineffective]: { 'zh-CN': '已失效', 'en-US': 'ineffective' },
});

export const DELIVERY_RANGE_LIMITS = {
  nameMax: 30,
  townsMax: 200,
  markupCentsMax: 9_999_999,
  /** Minutes in a day: the daily hours run from 0 (00:00) to 1440 (24:00). */
  dayMinutes: 1_440,
} as const;

/** The status of a window at `now` (seconds): pending before its first second, ineffective after its last. */
export function deliveryRangeStatusAt(window: { startTime: number; endTime: number }, now: number): DeliveryRangeStatus {
  if (now < window.startTime) return DELIVERY_RANGE_STATUS.pending;
  if (now > window.endTime) return DELIVERY_RANGE_STATUS.ineffective;
  return DELIVERY_RANGE_STATUS.effective;
}

/** Whether two time windows overlap: their days share a second and their daily hours share a minute. */
export function deliveryWindowsOverlap(a: DeliveryWindow, b: DeliveryWindow): boolean {
  return a.startTime <= b.endTime && b.startTime <= a.endTime && a.dailyStartMinute < b.dailyEndMinute && b.dailyStartMinute < a.dailyEndMinute;
}
export interface DeliveryWindow {
  startTime: number;
  endTime: number;
  dailyStartMinute: number;
  dailyEndMinute: number;
}

const id = () => z.number().int().positive();
const seconds = () => z.number().int().nonnegative();

const rangeShape = {
  name: z.string().trim().min(1).max(DELIVERY_RANGE_LIMITS.nameMax),
  sowntownIds: z
    .array(id())
    .min(1)
    .max(DELIVERY_RANGE_LIMITS.townsMax)
    .refine((ids) => new Set(ids).size === ids.length, rule('distinct')),
  markupCents: z.number().refine(Number.isInteger, rule('wholeCents')).min(0).max(DELIVERY_RANGE_LIMITS.markupCentsMax),
  startTime: seconds(),
  endTime: seconds(),
  dailyStartMinute: z.number().int().min(0).max(DELIVERY_RANGE_LIMITS.dayMinutes - 1),
  dailyEndMinute: z.number().int().min(1).max(DELIVERY_RANGE_LIMITS.dayMinutes),
};
type RangeInput = z.output<z.ZodObject<typeof rangeShape>>;

/** The window's days and hours each end after they start. */
function windowHolds(value: RangeInput, ctx: z.RefinementCtx): void {
  if (value.endTime <= value.startTime) ctx.addIssue({ code: 'custom', input: value.endTime, ...rule('endBeforeStart', { path: ['endTime'] }) });
  if (value.dailyEndMinute <= value.dailyStartMinute) ctx.addIssue({ code: 'custom', input: value.dailyEndMinute, ...rule('endBeforeStart', { path: ['dailyEndMinute'] }) });
}

export const deliveryRangeAddBiz = z.object(rangeShape).superRefine(windowHolds);
export const deliveryRangeEditBiz = z.object({ rangeId: id(), ...rangeShape }).superRefine(windowHolds);

const town = z.strictObject({ sowntownId: z.number().int(), sowntownName: z.string(), districtCode: z.string() });
const status = z.union([z.literal(DELIVERY_RANGE_STATUS.effective), z.literal(DELIVERY_RANGE_STATUS.pending), z.literal(DELIVERY_RANGE_STATUS.ineffective)]);

export const deliveryRange = z.strictObject({
  rangeId: z.number().int().positive(),
  name: z.string(),
  towns: z.array(town),
  markupCents: z.number().int(),
  startTime: z.number().int(),
  endTime: z.number().int(),
  dailyStartMinute: z.number().int(),
  dailyEndMinute: z.number().int(),
  status,
  updateTime: z.number().int(),
});

/** One town as checkSowntownSetFreightTemplate answers it: whether a freight template of the store covers its district. */
export const sowntownFreightCheck = z.strictObject({ sowntownId: z.number().int(), sowntownName: z.string(), districtCode: z.string(), covered: z.boolean() });

const rangeErrors = [STORE_CODES.notFound, STORE_CODES.notAllowedInCurrentState] as const;
const rangeCall = endpointsUnder(DELIVERY_RANGE_BASE);
const freightCall = endpointsUnder(FREIGHT_BASE);
const listBiz = z.object({ ...pageQueryShape, name: z.string().trim().max(DELIVERY_RANGE_LIMITS.nameMax).optional() });

export const deliveryRangeEndpoints = {
  deliveryRangeList: rangeCall('list', {
    access: 'user',
    permission: PERMISSIONS.shopView,
    summary: 'The ranges in force or to come (effective and pending), the soonest start first',
    biz: listBiz.extend({ status: z.union([z.literal(DELIVERY_RANGE_STATUS.effective), z.literal(DELIVERY_RANGE_STATUS.pending)]).optional() }),
    data: pageResult(deliveryRange),
  }),
  ineffectiveDeliveryRangeList: rangeCall('ineffectList', {
    access: 'user',
    permission: PERMISSIONS.shopView,
    summary: 'The ranges no longer in force (their last day passed or they were stopped), the latest end first',
    biz: listBiz,
    data: pageResult(deliveryRange),
  }),
  deliveryRangeDetails: rangeCall('details', {
    access: 'user',
    permission: PERMISSIONS.shopView,
    summary: 'One range of the store with its towns',
    biz: z.object({ rangeId: id() }),
    data: deliveryRange,
    errors: rangeErrors,
  }),
  addDeliveryRange: rangeCall('add', {
    access: 'user',
    permission: PERMISSIONS.templatesManage,
    summary: 'Create a range: every town covered by a freight template of the store, no overlap with another range in town and time',
    biz: deliveryRangeAddBiz,
    data: deliveryRange,
    errors: rangeErrors,
  }),
  editDeliveryRange: rangeCall('edit', {
    access: 'user',
    permission: PERMISSIONS.templatesManage,
    summary: 'Change an effective or pending range (the same rules as add); an ineffective one answers 10100005',
    biz: deliveryRangeEditBiz,
    data: deliveryRange,
    errors: rangeErrors,
  }),
  stopDeliveryRange: rangeCall('stop', {
    access: 'user',
    permission: PERMISSIONS.templatesManage,
    summary: 'End an effective range now (it moves to the ineffective list); any other answers 10100005',
    biz: z.object({ rangeId: id() }),
    data: deliveryRange,
    errors: rangeErrors,
  }),
  checkSowntownSetFreightTemplate: freightCall('checkSowntownSetFreightTemplate', {
    access: 'user',
    permission: PERMISSIONS.shopView,
    summary: 'For each town, whether a freight template of the store covers its district (a range takes only covered towns)',
    biz: z.object({ sowntownIds: z.array(id()).min(1).max(DELIVERY_RANGE_LIMITS.townsMax) }),
    data: z.strictObject({ list: z.array(sowntownFreightCheck) }),
  }),
};
