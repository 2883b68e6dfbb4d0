import { dashboardEndpoints as e } from '@merchant/api-contracts';
import { contractRoute, type StoreRoute } from '../../http/route';
import type { DashboardService } from './dashboard.service';

/** The dashboard's own calls (storePcHome stays with the account module, store init's entry). */
export function dashboardRoutes(dashboard: DashboardService): StoreRoute[] {
  return [contractRoute(e.queryStoreTodoCounts, (_biz, caller) => dashboard.todoCounts(caller))];
}
