import type { DashboardTodoCounts } from '@merchant/api-contracts';
import type { Caller } from '../../http/route';
import type { DashboardRepository } from './dashboard.repository';

/** The dashboard's reads across the store's areas; the caller's own store only. */
export class DashboardService {
  constructor(private readonly repository: DashboardRepository) {}

  todoCounts(caller: Caller): Promise<DashboardTodoCounts> {
    return this.repository.todoCounts(caller.storeId);
  }
}
