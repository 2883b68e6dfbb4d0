import { activityEndpoints as api } from '@merchant/api-contracts';
import { callerLanguage, contractRoute, type StoreRoute } from '../../http/route';
import type { ActivitiesService } from './activities.service';

/** Issue 28 §1 platform activities, the store's calls (contracts: @merchant/api-contracts endpoints/activities). */
export function activityRoutes(activities: ActivitiesService): StoreRoute[] {
  return [
    contractRoute(api.activityCampaigns, (biz, caller) => activities.campaigns(caller, biz)),
    contractRoute(api.activityCampaign, (biz, caller) => activities.campaign(caller, biz.campaignId)),
    contractRoute(api.activityList, (biz, caller) => activities.list(caller, biz)),
    contractRoute(api.applyActivity, (biz, caller, ctx) => activities.apply(caller, biz, callerLanguage(ctx.request))),
    contractRoute(api.activityDetails, (biz, caller, ctx) => activities.details(caller, biz.applicationId, callerLanguage(ctx.request))),
    contractRoute(api.withdrawActivity, (biz, caller) => activities.withdraw(caller, biz.applicationId)),
  ];
}
