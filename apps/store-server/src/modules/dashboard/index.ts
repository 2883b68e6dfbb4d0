// The dashboard's module (issue 35 §6, docs/console-shell.md "Dashboard"): the to-do counts, read from the
// orders, after-sales and goods tables in one statement, for the composition root.
import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { StoreRoute } from '../../http/route';
import { DashboardRepository } from './dashboard.repository';
import { dashboardRoutes } from './dashboard.routes';
import { DashboardService } from './dashboard.service';

export function dashboardModule(deps: { db: Kysely<StoreDatabase> }): { routes: StoreRoute[] } {
  return { routes: dashboardRoutes(new DashboardService(new DashboardRepository(deps.db))) };
}
