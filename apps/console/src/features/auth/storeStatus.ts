// Where a store stands (console-spec §4). The codes and their labels are @merchant/api-contracts'
// STORE_STATUS / STORE_STATUS_LABELS; this file only holds the console's routing rule.
import { STORE_STATUS } from '@merchant/api-contracts';

/** §4: "Only 2 and 4 pass into the app." */
const ENTITLED_STATUSES: readonly number[] = [STORE_STATUS.approved, STORE_STATUS.disabled];

export function isEntitledStoreStatus(status: number | null | undefined): boolean {
  return typeof status === 'number' && ENTITLED_STATUSES.includes(status);
}
