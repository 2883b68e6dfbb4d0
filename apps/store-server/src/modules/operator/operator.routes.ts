import type { StoreRoute } from '../../http/route';
import { keyedRoute, type KeyedHandler } from '../../http/keyed-route';
import { describeValidationError } from '@merchant/api-contracts';
import {
  brandOperatorCommandSchema,
  goodsOperatorCommandSchema,
  OPERATOR_BRANDS_PATH_PREFIX,
  logoutOperatorCommandSchema,
  OPERATOR_GOODS_PATH_PREFIX,
  OPERATOR_KEY_HEADER,
  OPERATOR_LOGOUTS_PATH_PREFIX,
  OPERATOR_PATH_PREFIX,
  OPERATOR_PROFILE_CHANGES_PATH_PREFIX,
  operatorCommandSchema,
  profileOperatorCommandSchema,
} from './operator.schemas';
import {
  activityCreateSchema,
  activityOperatorCommandSchema,
  OPERATOR_ACTIVITIES_PATH,
  OPERATOR_ACTIVITY_APPLICATIONS_PATH_PREFIX,
  type ActivityCreateCommand,
} from './operator.schemas';
import type { OperatorService } from './operator.service';

const operatorRoute = (path: string, operatorKey: string, handler: KeyedHandler): StoreRoute =>
  keyedRoute(path, { header: OPERATOR_KEY_HEADER, key: operatorKey, keyRequired: 'operator key required' }, handler);

/**
 * The platform's review decisions: POST /operator/stores/:storeId/:action, /operator/goods/:goodsId/:action
 * and /operator/brands/:applicationId/:action
 * with `x-operator-key`. Plain JSON, not the store envelope: no store access token is accepted here, only
 * the operator key, and with no key configured the routes do not exist at all (docs/onboarding.md, docs/goods.md).
 */
export function operatorRoutes(operator: OperatorService, operatorKey: string | undefined): StoreRoute[] {
  if (!operatorKey) return [];
  return [
    operatorRoute(`${OPERATOR_PATH_PREFIX}/:storeId/:action`, operatorKey, (params, body) => {
      const input = { action: params.action, storeId: params.storeId, reason: body.reason };
      const parsed = operatorCommandSchema.safeParse(input);
      return parsed.success ? { ok: true, run: () => operator.run(parsed.data) } : { ok: false, message: describeValidationError(parsed.error, input) };
    }),
    operatorRoute(`${OPERATOR_GOODS_PATH_PREFIX}/:goodsId/:action`, operatorKey, (params, body) => {
      const input = { action: params.action, goodsId: params.goodsId, reason: body.reason };
      const parsed = goodsOperatorCommandSchema.safeParse(input);
      return parsed.success ? { ok: true, run: () => operator.reviewGoods(parsed.data) } : { ok: false, message: describeValidationError(parsed.error, input) };
    }),
    operatorRoute(`${OPERATOR_BRANDS_PATH_PREFIX}/:applicationId/:action`, operatorKey, (params, body) => {
      const input = { action: params.action, applicationId: params.applicationId, reason: body.reason };
      const parsed = brandOperatorCommandSchema.safeParse(input);
      return parsed.success ? { ok: true, run: () => operator.reviewBrand(parsed.data) } : { ok: false, message: describeValidationError(parsed.error, input) };
    }),
    operatorRoute(`${OPERATOR_PROFILE_CHANGES_PATH_PREFIX}/:changeId/:action`, operatorKey, (params, body) => {
      const input = { action: params.action, changeId: params.changeId, reason: body.reason };
      const parsed = profileOperatorCommandSchema.safeParse(input);
      return parsed.success ? { ok: true, run: () => operator.reviewStoreInfoChange(parsed.data) } : { ok: false, message: describeValidationError(parsed.error, input) };
    }),
    operatorRoute(`${OPERATOR_LOGOUTS_PATH_PREFIX}/:requestId/:action`, operatorKey, (params, body) => {
      const input = { action: params.action, requestId: params.requestId, reason: body.reason };
      const parsed = logoutOperatorCommandSchema.safeParse(input);
      return parsed.success ? { ok: true, run: () => operator.reviewLogout(parsed.data) } : { ok: false, message: describeValidationError(parsed.error, input) };
    }),
  ];
}

/** What the activities module gives the operator's routes (docs/marketing.md "Platform activities"). */
export interface ActivityOperatorCalls {
  createCampaign(campaign: ActivityCreateCommand): Promise<unknown>;
  approve(applicationId: number): Promise<unknown>;
  reject(applicationId: number, reason: string): Promise<unknown>;
}

/**
 * The platform's campaigns and its review of applications: POST /operator/activities (a campaign) and
 * /operator/activity-applications/:applicationId/approve|reject, with `x-operator-key`; absent without a key.
 */
export function activityOperatorRoutes(activities: ActivityOperatorCalls, operatorKey: string | undefined): StoreRoute[] {
  if (!operatorKey) return [];
  return [
    operatorRoute(OPERATOR_ACTIVITIES_PATH, operatorKey, (_params, body) => {
      const parsed = activityCreateSchema.safeParse(body);
      return parsed.success ? { ok: true, run: () => activities.createCampaign(parsed.data) } : { ok: false, message: describeValidationError(parsed.error, body) };
    }),
    operatorRoute(`${OPERATOR_ACTIVITY_APPLICATIONS_PATH_PREFIX}/:applicationId/:action`, operatorKey, (params, body) => {
      const input = { action: params.action, activityApplicationId: params.applicationId, reason: body.reason };
      const parsed = activityOperatorCommandSchema.safeParse(input);
      if (!parsed.success) return { ok: false, message: describeValidationError(parsed.error, input) };
      const command = parsed.data;
      return { ok: true, run: () => (command.action === 'approve' ? activities.approve(command.activityApplicationId) : activities.reject(command.activityApplicationId, command.reason!)) };
    }),
  ];
}
