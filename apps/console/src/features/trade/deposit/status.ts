// The deposit screens' code tables: top-up states (api-contracts TOP_UP_STATE), transfer kinds and account sides.
import { DEPOSIT_TRANSFER_KINDS, TOP_UP_STATE, type DepositTransferRecord } from '@merchant/api-contracts';
import type { ResourceStatus, ResourceTextContext } from '../../../resource-kit';

export const TOP_UP_STATUS: ResourceStatus = {
  options: [
    { value: TOP_UP_STATE.pending, label: 'deposit.state.1', color: 'warning' },
    { value: TOP_UP_STATE.paid, label: 'deposit.state.2', color: 'success' },
    { value: TOP_UP_STATE.failed, label: 'deposit.state.3', color: 'error' },
  ],
};

const KIND_COLORS = { wallet_to_deposit: 'info', deposit_to_wallet: 'primary', adjustment: 'warning' } as const;
export const TRANSFER_KIND: ResourceStatus = { options: DEPOSIT_TRANSFER_KINDS.map((kind) => ({ value: kind, label: `deposit.kind.${kind}`, color: KIND_COLORS[kind] })) };

export const sideText = (side: DepositTransferRecord['from'], context: ResourceTextContext) => context.t(`deposit.account.${side}`);

/** + when the deposit gains, − when it loses, nothing when it is not a side. */
export function depositSign(record: Pick<DepositTransferRecord, 'from' | 'to'>): '+' | '-' | '' {
  if (record.to === 'deposit') return '+';
  if (record.from === 'deposit') return '-';
  return '';
}
