import { ruleIssue } from '@merchant/api-contracts';
import { z } from 'zod';

/** The four review decisions the platform takes outside the console (docs/onboarding.md). */
export const OPERATOR_ACTIONS = ['approve', 'reject', 'disable', 'enable'] as const;
export type OperatorAction = (typeof OPERATOR_ACTIONS)[number];

/** Our design: a rejection or disabling reason is shown to the merchant, so it is short text. */
export const OPERATOR_REASON_MAX = 200;

export const operatorActionField = z.enum(OPERATOR_ACTIONS, { error: `action must be one of ${OPERATOR_ACTIONS.join(', ')}` });
export const storeIdField = z.coerce
  .number({ error: 'storeId must be a number' })
  .int('storeId must be a whole number')
  .positive('storeId must be positive')
  .max(2_147_483_647, 'storeId is too large');
const reasonField = z
  .string({ error: 'reason must be text' })
  .trim()
  .min(1, 'reason is required')
  .max(OPERATOR_REASON_MAX, `reason must be at most ${OPERATOR_REASON_MAX} characters`);

/** One operator command; reject and disable need a reason, approve and enable take none. */
export const operatorCommandSchema = z
  .object({ action: operatorActionField, storeId: storeIdField, reason: reasonField.optional() })
  .superRefine((command, ctx) => {
    const needsReason = command.action === 'reject' || command.action === 'disable';
    if (needsReason && command.reason === undefined) ctx.addIssue(ruleIssue('reasonNeeded', ['reason'], { values: [command.action] }));
    if (!needsReason && command.reason !== undefined) ctx.addIssue(ruleIssue('noReason', ['reason'], { values: [command.action] }));
  });
export type OperatorCommand = z.output<typeof operatorCommandSchema>;

/** The platform's goods review (docs/goods.md): under review → on shelf, or → rejected with the reason the merchant reads. */
export const GOODS_OPERATOR_ACTIONS = ['approve', 'reject'] as const;
export type GoodsOperatorAction = (typeof GOODS_OPERATOR_ACTIONS)[number];
/** The CLI's names of the goods actions: `npm run operator -- goods-approve|goods-reject <goodsId>`. */
export const GOODS_CLI_ACTIONS = GOODS_OPERATOR_ACTIONS.map((a) => `goods-${a}` as const);

export const goodsOperatorCommandSchema = z
  .object({
    action: z.enum(GOODS_OPERATOR_ACTIONS, { error: `goods action must be one of ${GOODS_OPERATOR_ACTIONS.join(', ')}` }),
    goodsId: z.coerce
      .number({ error: 'goodsId must be a number' })
      .int('goodsId must be a whole number')
      .positive('goodsId must be positive')
      .max(2_147_483_647, 'goodsId is too large'),
    reason: reasonField.optional(),
  })
  .superRefine((command, ctx) => {
    if (command.action === 'reject' && command.reason === undefined) ctx.addIssue(ruleIssue('reasonNeeded', ['reason'], { values: [`goods-${command.action}`] }));
    if (command.action === 'approve' && command.reason !== undefined) ctx.addIssue(ruleIssue('noReason', ['reason'], { values: [`goods-${command.action}`] }));
  });
export type GoodsOperatorCommand = z.output<typeof goodsOperatorCommandSchema>;
export const OPERATOR_GOODS_PATH_PREFIX = '/operator/goods';

/**
 * The platform's brand review (docs/merchant-centre.md "Brands", BRAND_MACHINE): review takes a submitted application
 * under review; approve, or reject with a reason, decides one (a submitted one is taken under review first).
 */
export const BRAND_OPERATOR_ACTIONS = ['review', 'approve', 'reject'] as const;
/** The CLI's names: `npm run operator -- brand-review|brand-approve|brand-reject <applicationId>`. */
export const BRAND_CLI_ACTIONS = BRAND_OPERATOR_ACTIONS.map((a) => `brand-${a}` as const);

export const brandOperatorCommandSchema = z
  .object({
    action: z.enum(BRAND_OPERATOR_ACTIONS, { error: `brand action must be one of ${BRAND_OPERATOR_ACTIONS.join(', ')}` }),
    applicationId: z.coerce
      .number({ error: 'applicationId must be a number' })
      .int('applicationId must be a whole number')
      .positive('applicationId must be positive')
      .max(2_147_483_647, 'applicationId is too large'),
    reason: reasonField.optional(),
  })
  .superRefine((command, ctx) => {
    if (command.action === 'reject' && command.reason === undefined) ctx.addIssue(ruleIssue('reasonNeeded', ['reason'], { values: [`brand-${command.action}`] }));
    if (command.action !== 'reject' && command.reason !== undefined) ctx.addIssue(ruleIssue('noReason', ['reason'], { values: [`brand-${command.action}`] }));
  });
export type BrandOperatorCommand = z.output<typeof brandOperatorCommandSchema>;
export const OPERATOR_BRANDS_PATH_PREFIX = '/operator/brands';

/** The platform's decision on a deregistration request (docs/merchant-centre.md "Closing the shop"): approve closes the store. */
export const LOGOUT_OPERATOR_ACTIONS = ['approve', 'reject'] as const;
/** The CLI's names: `npm run operator -- logout-approve|logout-reject <requestId>`. */
export const LOGOUT_CLI_ACTIONS = LOGOUT_OPERATOR_ACTIONS.map((a) => `logout-${a}` as const);

export const logoutOperatorCommandSchema = z
  .object({
    action: z.enum(LOGOUT_OPERATOR_ACTIONS, { error: `logout action must be one of ${LOGOUT_OPERATOR_ACTIONS.join(', ')}` }),
    requestId: z.coerce
      .number({ error: 'requestId must be a number' })
      .int('requestId must be a whole number')
      .positive('requestId must be positive')
      .max(2_147_483_647, 'requestId is too large'),
    reason: reasonField.optional(),
  })
  .superRefine((command, ctx) => {
    if (command.action === 'reject' && command.reason === undefined) ctx.addIssue(ruleIssue('reasonNeeded', ['reason'], { values: [`logout-${command.action}`] }));
    if (command.action === 'approve' && command.reason !== undefined) ctx.addIssue(ruleIssue('noReason', ['reason'], { values: [`logout-${command.action}`] }));
  });
export type LogoutOperatorCommand = z.output<typeof logoutOperatorCommandSchema>;
export const OPERATOR_LOGOUTS_PATH_PREFIX = '/operator/logouts';

/** The platform's decision on a reviewed shop-profile change (docs/merchant-centre.md "Shop profile"). */
export const PROFILE_OPERATOR_ACTIONS = ['approve', 'reject'] as const;
/** The CLI's names: `npm run operator -- profile-approve|profile-reject <changeId>`. */
export const PROFILE_CLI_ACTIONS = PROFILE_OPERATOR_ACTIONS.map((a) => `profile-${a}` as const);

export const profileOperatorCommandSchema = z
  .object({
    action: z.enum(PROFILE_OPERATOR_ACTIONS, { error: `profile action must be one of ${PROFILE_OPERATOR_ACTIONS.join(', ')}` }),
    changeId: z.coerce
      .number({ error: 'changeId must be a number' })
      .int('changeId must be a whole number')
      .positive('changeId must be positive')
      .max(2_147_483_647, 'changeId is too large'),
    reason: reasonField.optional(),
  })
  .superRefine((command, ctx) => {
    if (command.action === 'reject' && command.reason === undefined) ctx.addIssue(ruleIssue('reasonNeeded', ['reason'], { values: [`profile-${command.action}`] }));
    if (command.action === 'approve' && command.reason !== undefined) ctx.addIssue(ruleIssue('noReason', ['reason'], { values: [`profile-${command.action}`] }));
  });
export type ProfileOperatorCommand = z.output<typeof profileOperatorCommandSchema>;
export const OPERATOR_PROFILE_CHANGES_PATH_PREFIX = '/operator/profile-changes';

/** The HTTP endpoint's path (docs/onboarding.md); outside /v1/store, and never behind the store envelope. */
export const OPERATOR_PATH_PREFIX = '/operator/stores';
export const OPERATOR_KEY_HEADER = 'x-operator-key';

/** The platform's review of an activity application (docs/marketing.md "Platform activities"): pending → approved (takes a place) or rejected. */
export const ACTIVITY_OPERATOR_ACTIONS = ['approve', 'reject'] as const;
/** The CLI's names: `npm run operator -- activity-approve|activity-reject <applicationId>`, and `activity-create`. */
export const ACTIVITY_CLI_ACTIONS = [...ACTIVITY_OPERATOR_ACTIONS.map((a) => `activity-${a}` as const), 'activity-create'] as const;

export const activityOperatorCommandSchema = z
  .object({
    action: z.enum(ACTIVITY_OPERATOR_ACTIONS, { error: `activity action must be one of ${ACTIVITY_OPERATOR_ACTIONS.join(', ')}` }),
    activityApplicationId: z.coerce
      .number({ error: 'applicationId must be a number' })
      .int('applicationId must be a whole number')
      .positive('applicationId must be positive')
      .max(2_147_483_647, 'applicationId is too large'),
    reason: reasonField.optional(),
  })
  .superRefine((command, ctx) => {
    if (command.action === 'reject' && command.reason === undefined) ctx.addIssue(ruleIssue('reasonNeeded', ['reason'], { values: [`activity-${command.action}`] }));
    if (command.action === 'approve' && command.reason !== undefined) ctx.addIssue(ruleIssue('noReason', ['reason'], { values: [`activity-${command.action}`] }));
  });
export type ActivityOperatorCommand = z.output<typeof activityOperatorCommandSchema>;
export const OPERATOR_ACTIVITY_APPLICATIONS_PATH_PREFIX = '/operator/activity-applications';
export const OPERATOR_ACTIVITIES_PATH = '/operator/activities';

/** An instant: epoch seconds, or an ISO date-time text (the CLI's flags and files), as epoch seconds. */
const instantField = (name: string) =>
  z.union([z.number().int().nonnegative(), z.string().trim().min(1)], { error: `${name} must be epoch seconds or an ISO date-time` }).transform((value, ctx) => {
    if (typeof value === 'number') return value;
    const ms = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value);
    if (!Number.isFinite(ms)) {
      ctx.addIssue({ code: 'custom', message: `${name} must be epoch seconds or an ISO date-time` });
      return z.NEVER;
    }
    return Math.floor(ms / 1000);
  });
const wholeNumber = (name: string, min: number, max: number) =>
  z.coerce.number({ error: `${name} must be a number` }).int(`${name} must be a whole number`).min(min, `${name} must be at least ${min}`).max(max, `${name} must be at most ${max}`);

/** A campaign the platform publishes (`activity-create`, POST /operator/activities): windows in seconds, the minimum discount in basis points. */
export const activityCreateSchema = z
  .object({
    titleZh: z.string({ error: 'titleZh must be text' }).trim().min(1, 'titleZh is required').max(60, 'titleZh must be at most 60 characters'),
    titleEn: z.string({ error: 'titleEn must be text' }).trim().min(1).max(60, 'titleEn must be at most 60 characters').nullish().transform((v) => v ?? null),
    description: z.string({ error: 'description must be text' }).trim().max(500, 'description must be at most 500 characters').default(''),
    signUpFrom: instantField('signUpFrom'),
    signUpUntil: instantField('signUpUntil'),
    runFrom: instantField('runFrom'),
    runUntil: instantField('runUntil'),
    minDiscountBp: wholeNumber('minDiscountBp', 0, 9_999),
    categoryIds: z.array(wholeNumber('categoryIds', 1, 2_147_483_647), { error: 'categoryIds must be a list of category ids' }).max(50).default([]),
    maxGoods: wholeNumber('maxGoods', 1, 100),
    quota: wholeNumber('quota', 1, 100_000),
  })
  .superRefine((campaign, ctx) => {
    if (campaign.signUpUntil <= campaign.signUpFrom) ctx.addIssue({ code: 'custom', path: ['signUpUntil'], message: 'signUpUntil must be after signUpFrom' });
    if (campaign.runUntil <= campaign.runFrom) ctx.addIssue({ code: 'custom', path: ['runUntil'], message: 'runUntil must be after runFrom' });
    if (campaign.signUpUntil > campaign.runUntil) ctx.addIssue({ code: 'custom', path: ['signUpUntil'], message: 'signUpUntil must not be after runUntil' });
  });
export type ActivityCreateCommand = z.output<typeof activityCreateSchema>;
