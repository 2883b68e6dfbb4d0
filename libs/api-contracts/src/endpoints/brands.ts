// Brands (issue 27 area 4; console-spec §2 /shop/brandQuery/BrandApply, /shop/brandManagement, /goods/brandApply;
// docs/merchant-centre.md "Brands"): one application is one row, from submitted through the platform's review to
// approved (the store may sell the brand until its authorisation ends) or rejected, and approved → expired.
// The states and moves are BRAND_MACHINE; store-server enforces it (an illegal move answers 10100005, nothing changed).
import { z } from 'zod';
import { defineEndpoint, emptyBiz, pageQueryShape, pageResult } from '../endpoint';
import { PERMISSIONS } from '../permissions';
import { rule } from '../rules';
import { defineStateMachine } from '../state-machine';
import { statusTable, type StatusTable } from '../status-tables';
import { STORE_CODES } from '../store-codes';

/**
 * Brand application status: 0 submitted, 1 under review, 2 approved, 3 rejected, 4 expired. 1–3 are the codes
 * migration 0012 stored (brandApply before issue 27), so its rows keep their meaning in the same table.
 */
export const BRAND_APPLICATION_STATUS = { submitted: 0, underReview: 1, approved: 2, rejected: 3, expired: 4 } as const;
export type BrandApplicationStatus = (typeof BRAND_APPLICATION_STATUS)[keyof typeof BRAND_APPLICATION_STATUS];
export const BRAND_APPLICATION_STATUS_VALUES = Object.values(BRAND_APPLICATION_STATUS) as BrandApplicationStatus[];
export const BRAND_APPLICATION_STATUS_LABELS: StatusTable<BrandApplicationStatus> = statusTable({
  [BRAND_APPLICATION_STATUS.submitted]: { 'zh-CN': '已提交', 'en-US': 'submitted' },
  [BRAND_APPLICATION_STATUS.underReview]: { 'zh-CN': '审核中', 'en-US': 'under review' },
  [BRAND_APPLICATION_STATUS.approved]: { 'zh-CN': '已通过', 'en-US': 'approved' },
  [BRAND_APPLICATION_STATUS.rejected]: { 'zh-CN': '已驳回', 'en-US': 'rejected' },
  [BRAND_APPLICATION_STATUS.expired]: { 'zh-CN': '已过期', 'en-US': 'expired' },
});

export type BrandEvent = 'startReview' | 'approve' | 'reject' | 'expire';

/**
 * The brand application's states and moves, written once. The merchant's apply creates it submitted; the platform
 * (operator CLI `brand-review|brand-approve|brand-reject`) takes it under review and decides; the system expires an
 * approved brand on the day its authorisation ends. Rejected and expired are final: the store applies again.
 */
export const BRAND_MACHINE = defineStateMachine<BrandApplicationStatus, BrandEvent>({
  name: 'brand application',
  states: [0, 1, 2, 3, 4],
  initial: 0,
  transitions: [
    { event: 'startReview', from: [0], to: 1, actors: ['platform'] },
    { event: 'approve', from: [1], to: 2, actors: ['platform'] },
    { event: 'reject', from: [1], to: 3, actors: ['platform'] },
    { event: 'expire', from: [2], to: 4, actors: ['system'] },
  ],
});

/** Live applications: at most one per store and brand name (a unique index). */
export const BRAND_LIVE_STATUSES: readonly BrandApplicationStatus[] = [0, 1, 2];

/** Our design: a brand 0 to 60 days from the end of its authorisation is flagged (brandManagement, dashboard). */
export const BRAND_EXPIRY_WARNING_DAYS = 60;

export const BRAND_LIMITS = {
  nameMax: 30,
  ownerMax: 60,
  /** The chain from the brand owner down to the store: up to 5 links, each a company name. */
  chainMax: 5,
  chainLinkMax: 60,
  rejectReasonMax: 200,
} as const;

/** Our design: up to 3 certificate images (front, back, an extension page). */
export const BRAND_CERTIFICATES_MAX = 3;
/** A calendar day as the date input gives it. */
export const BRAND_EXPIRE_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day 'YYYY-MM-DD' (not 2026-02-30). */
export function isCalendarDay(text: string): boolean {
  if (!BRAND_EXPIRE_DATE_PATTERN.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

/** Whole days from `today` to `day` (both 'YYYY-MM-DD'); negative once past. */
export function daysBetween(today: string, day: string): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** A brand whose authorisation ends 0 to 60 days from today. */
export const isBrandExpiringSoon = (daysLeft: number) => daysLeft >= 0 && daysLeft <= BRAND_EXPIRY_WARNING_DAYS;

const trimmed = (max: number) => z.string().trim().min(1).max(max);
const positiveId = () => z.number().int().positive();

export const brandApplyBiz = z.object({
  brandName: trimmed(BRAND_LIMITS.nameMax),
  /** The company that owns the brand (trademark holder). */
  brandOwner: trimmed(BRAND_LIMITS.ownerMax),
  /** The authorisation chain from the owner down to this store, e.g. owner → general agent; at least the owner's grantee. */
  authorisationChain: z.array(trimmed(BRAND_LIMITS.chainLinkMax)).min(1).max(BRAND_LIMITS.chainMax),
  /** When the authorisation ends; the server also refuses today or a past day (its clock) on this field. */
  brandExpireDate: z.string().trim().refine(isCalendarDay, rule('date')),
  /** Authorisation certificate images picked from the store's own media library, by fileId. */
  certificateFileIds: z
    .array(positiveId())
    .min(1)
    .max(BRAND_CERTIFICATES_MAX)
    .refine((ids) => new Set(ids).size === ids.length, rule('distinct')),
});
export type BrandApplyInput = z.input<typeof brandApplyBiz>;

const brandApplicationStatusValue = z.number().int() as unknown as z.ZodType<BrandApplicationStatus>;

export const brandApplicationListBiz = z.object({
  ...pageQueryShape,
  status: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).optional(),
});

export const brandApplicationRowSchema = z.object({
  applicationId: z.number(),
  brandName: z.string(),
  /** '' on applications made before migration 0035 (the field did not exist). */
  brandOwner: z.string(),
  authorisationChain: z.array(z.string()),
  brandExpireDate: z.string(),
  status: brandApplicationStatusValue,
  rejectReason: z.string(),
  /** Signed afresh on read, like goods images; a file no longer in the library answers GOODS_MEDIA_UNAVAILABLE_URL. */
  certificates: z.array(z.object({ fileId: z.number(), objectUrl: z.string() })),
  createTime: z.number(),
  /** 0 until decided. */
  reviewTime: z.number(),
  /** Days until the authorisation ends (negative once past). */
  daysLeft: z.number(),
  /** Approved and 0 to 60 days from its end. */
  expiringSoon: z.boolean(),
});
export type BrandApplicationRow = z.infer<typeof brandApplicationRowSchema>;

export const brandApplyAnswerSchema = z.object({ applicationId: z.number(), status: brandApplicationStatusValue });

/** queryStoreBrandList: the store's approved brands whose authorisation has not ended (goodRelease's brand field). */
export const storeBrandListSchema = z.object({ list: z.array(z.object({ brandName: z.string(), brandExpireDate: z.string() })) });

export const brandApplicationIdBiz = z.object({ applicationId: positiveId() });

export const brandManagementListBiz = z.object({
  ...pageQueryShape,
  /** Only the brands 0 to 60 days from their end. */
  expiringSoon: z.boolean().optional(),
});

/** The old paths of /goods/brandApply stay; the new calls sit beside them. */
export const BRAND_BASE = '/v1/store/eshop/goods/brand';
const { notFound, alreadyExists } = STORE_CODES;

export const brandEndpoints = {
  brandApply: defineEndpoint({ path: `${BRAND_BASE}/apply`, biz: brandApplyBiz, data: brandApplyAnswerSchema, errors: [alreadyExists], access: 'user', permission: PERMISSIONS.brandManage, summary: 'BrandApply add: apply for a brand (submitted)' }),
  brandApplicationList: defineEndpoint({ path: `${BRAND_BASE}/applicationList`, biz: brandApplicationListBiz, data: pageResult(brandApplicationRowSchema), access: 'user', permission: PERMISSIONS.brandManage, summary: "brandQuery: the store's brand applications, newest first" }),
  brandApplicationDetail: defineEndpoint({ path: `${BRAND_BASE}/applicationDetail`, biz: brandApplicationIdBiz, data: brandApplicationRowSchema, errors: [notFound], access: 'user', permission: PERMISSIONS.brandManage, summary: 'BrandApply details: one application' }),
  brandManagementList: defineEndpoint({ path: `${BRAND_BASE}/managementList`, biz: brandManagementListBiz, data: pageResult(brandApplicationRowSchema), access: 'user', permission: PERMISSIONS.brandManage, summary: 'brandManagement: approved brands the store may sell, soonest end first' }),
  queryStoreBrandList: defineEndpoint({ path: `${BRAND_BASE}/queryStoreBrandList`, biz: emptyBiz, data: storeBrandListSchema, access: 'user', permission: PERMISSIONS.goodsView, summary: 'approved, unexpired brands for goodRelease' }),
} as const;
