import type { Kysely, Updateable } from 'kysely';
import type { StoreDatabase, StoreTable } from '../../db/schema';

export interface OperatorStoreView {
  id: number;
  storeName: string;
  storeStatus: number;
  rejectReason: string | null;
  forbiddenReason: string | null;
}

/** Store status changes made by the platform; every update is conditional on the status it expects. */
export class OperatorRepository {
  constructor(readonly db: Kysely<StoreDatabase>) {}

  async findStore(storeId: number): Promise<OperatorStoreView | undefined> {
    return this.db
      .selectFrom('store_store')
      .select(['id', 'store_name as storeName', 'store_status as storeStatus', 'reject_reason as rejectReason', 'forbidden_reason as forbiddenReason'])
      .where('id', '=', storeId)
      .executeTakeFirst();
  }

  /** Applies the change only while the store is in one of `from`; false when it was not (a concurrent change). */
  async transition(storeId: number, from: readonly number[], values: Updateable<StoreTable>): Promise<boolean> {
    const result = await this.db
      .updateTable('store_store')
      .set({ ...values, updated_at: new Date() })
      .where('id', '=', storeId)
      .where('store_status', 'in', [...from])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
