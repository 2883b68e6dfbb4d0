import type { ColumnType, Generated } from 'kysely';

// The deposit's tables (migration 0042), merged into StoreDatabase from here so the deposit's types stay together.
type Bigint = ColumnType<number | string, number | string, number | string>;

export interface StoreDepositTopUpTable {
  id: Generated<number>;
  store_id: number;
  amount_cents: Bigint;
  state: number;
  idempotency_key: string;
  provider_reference: string;
  provider_transfer_id: string | null;
  fail_reason: string | null;
  created_at: Date;
  resolved_at: Date | null;
}

export interface StoreDepositTransferTable {
  id: Generated<number>;
  store_id: number;
  kind: 'wallet_to_deposit' | 'deposit_to_wallet' | 'adjustment';
  amount_cents: Bigint;
  idempotency_key: string;
  remark: string | null;
  created_at: Date;
}

declare module '../../db/schema' {
  interface StoreDatabase {
    store_deposit_top_up: StoreDepositTopUpTable;
    store_deposit_transfer: StoreDepositTransferTable;
  }
}
