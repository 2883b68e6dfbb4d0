// The staff module (issue 26 §4): its routes for the composition root; its operation types for other readers.
import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { StoreRoute } from '../../http/route';
import type { Clock } from '../../shared/clock';
import { StaffRepository } from './staff.repository';
import { staffRoutes } from './staff.routes';
import { StaffService, type StaffAuth } from './staff.service';

export { STAFF_OPERATIONS, type StaffAuth } from './staff.service';

/** Wires the staff calls: `auth` gives the caller's codes and ends another account's sessions. */
export function staffModule({ db, auth, clock }: { db: Kysely<StoreDatabase>; auth: StaffAuth; clock: Clock }): { routes: StoreRoute[] } {
  return { routes: staffRoutes(new StaffService(new StaffRepository(db), auth, clock)) };
}
