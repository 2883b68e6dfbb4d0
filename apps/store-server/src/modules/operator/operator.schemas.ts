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

/** The platform's brand review (docs/goods.md "Brand applications"): under review → approved, or → rejected with a reason. */
export const BRAND_OPERATOR_ACTIONS = ['approve', 'reject'] as const;
/** The CLI's names: `npm run operator -- brand-approve|brand-reject <applicationId>`. */
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
    if (command.action === 'approve' && command.reason !== undefined) ctx.addIssue(ruleIssue('noReason', ['reason'], { values: [`brand-${command.action}`] }));
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
