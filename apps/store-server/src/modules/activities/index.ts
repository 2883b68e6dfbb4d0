// The platform activities module (issue 28 §1; docs/marketing.md "Platform activities"): the store's calls for the
// composition root, and the platform's (operator) calls: publish a campaign, approve or reject an application.
import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { StoreRoute } from '../../http/route';
import type { Clock } from '../../shared/clock';
import { ActivitiesRepository } from './activities.repository';
import { activityRoutes } from './activities.routes';
import { ActivitiesService } from './activities.service';

export { ActivitiesService, maxActivityPriceCents, phaseOf } from './activities.service';
export { DEMO_ACTIVITY_REJECT_REASON, DEMO_ACTIVITY_TITLES, seedDemoActivities } from './activities.seed';

/** A store's pending or approved applications to campaigns not yet over (deregistration's blocker; read-only). */
export const openActivityApplicationCount = (db: Kysely<StoreDatabase>, storeId: number, now: Date) => new ActivitiesRepository(db).openApplicationCount(storeId, now);

/** The operator's calls: campaign windows in epoch seconds as the operator endpoint takes them. */
export interface ActivitiesOperatorFacade {
  createCampaign(campaign: {
    titleZh: string;
    titleEn: string | null;
    description: string;
    signUpFrom: number;
    signUpUntil: number;
    runFrom: number;
    runUntil: number;
    minDiscountBp: number;
    categoryIds: number[];
    maxGoods: number;
    quota: number;
  }): Promise<unknown>;
  approve(applicationId: number): Promise<unknown>;
  reject(applicationId: number, reason: string): Promise<unknown>;
}

const at = (seconds: number) => new Date(seconds * 1000);

export function activitiesModule(deps: { db: Kysely<StoreDatabase>; clock: Clock }): { routes: StoreRoute[]; operator: ActivitiesOperatorFacade; service: ActivitiesService } {
  const service = new ActivitiesService(new ActivitiesRepository(deps.db), deps.clock);
  const operator: ActivitiesOperatorFacade = {
    createCampaign: (c) => service.createCampaign({ ...c, signUpFrom: at(c.signUpFrom), signUpUntil: at(c.signUpUntil), runFrom: at(c.runFrom), runUntil: at(c.runUntil) }),
    approve: (applicationId) => service.approve(applicationId),
    reject: (applicationId, reason) => service.reject(applicationId, reason),
  };
  return { routes: activityRoutes(service), operator, service };
}
