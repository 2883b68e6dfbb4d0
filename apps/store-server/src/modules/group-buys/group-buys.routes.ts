import { describeValidationError, groupBuyEndpoints as api } from '@merchant/api-contracts';
import type { z } from 'zod';
import { keyedRoute, type KeyedHandler } from '../../http/keyed-route';
import { callerLanguage, contractRoute, type StoreRoute } from '../../http/route';
import { joinTeamSchema, startTeamSchema } from './group-buys.buyer';
import type { GroupBuysService } from './group-buys.service';

/** Issue 28 §2 group buys (contracts: @merchant/api-contracts endpoints/group-buys). */
export function groupBuyRoutes(groupBuys: GroupBuysService): StoreRoute[] {
  return [
    contractRoute(api.groupBuyList, (biz, caller, ctx) => groupBuys.list(caller, biz, callerLanguage(ctx.request))),
    contractRoute(api.addGroupBuy, (biz, caller, ctx) => groupBuys.add(caller, biz, callerLanguage(ctx.request))),
    contractRoute(api.editGroupBuy, (biz, caller, ctx) => groupBuys.edit(caller, biz, callerLanguage(ctx.request))),
    contractRoute(api.groupBuyDetails, (biz, caller, ctx) => groupBuys.details(caller, biz.groupBuyId, callerLanguage(ctx.request))),
    contractRoute(api.stopGroupBuy, (biz, caller, ctx) => groupBuys.stop(caller, biz.groupBuyId, callerLanguage(ctx.request))),
    contractRoute(api.groupBuyTeams, (biz, caller) => groupBuys.teams(caller, biz)),
    contractRoute(api.groupBuyOrders, (biz, caller) => groupBuys.orderList(caller, biz)),
  ];
}

export const BUYER_GROUP_BUYS_PATH = '/buyer/group-buys';
const BUYER_KEY_HEADER = 'x-buyer-key';

/** Parses the body with one schema: a refusal is the first broken rule, in English (a machine reads it). */
function parsed<S extends z.ZodType>(schema: S, input: Record<string, unknown>, run: (value: z.output<S>) => Promise<unknown>): ReturnType<KeyedHandler> {
  const result = schema.safeParse(input);
  if (!result.success) return { ok: false, message: describeValidationError(result.error, input) };
  return { ok: true, run: () => run(result.data) };
}

/**
 * The buyer side of group buying (docs/marketing.md "Group buying"): plain JSON with `x-buyer-key`, like the
 * orders area's buyer routes; absent when no buyer key is configured. Starting or joining places and pays the
 * buyer's order in the same transaction as the seat.
 */
export function buyerGroupBuyRoutes(groupBuys: GroupBuysService, buyerKey: string | undefined): StoreRoute[] {
  if (!buyerKey) return [];
  const options = { header: BUYER_KEY_HEADER, key: buyerKey, keyRequired: 'buyer key required' };
  const route = (path: string, handler: KeyedHandler) => keyedRoute(`${BUYER_GROUP_BUYS_PATH}${path}`, options, handler);
  return [
    route('/start', (_params, body) => parsed(startTeamSchema, body, (input) => groupBuys.start(input))),
    route('/join', (_params, body) => parsed(joinTeamSchema, body, (input) => groupBuys.join(input))),
  ];
}
