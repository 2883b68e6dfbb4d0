import type { SupportedLanguage } from '@merchant/api-contracts';
import type { Kysely, Transaction } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import { insertSessionOperation } from '../../db/operation-log';
import { bankNameIn } from '../../db/reference-names';

type Db = Kysely<StoreDatabase> | Transaction<StoreDatabase>;

/** The settlement card as stored (full number: it never leaves the service unmasked). */
export interface StoredCard {
  bank_code: string;
  card_number: string;
  account_name: string;
  branch_name: string;
}

/** The store's settlement card, its changes and their operation-log entries; always addressed by the caller's store id. */
export class SettlementRepository {
  constructor(private readonly db: Db) {}

  /** Runs `work` in one transaction: every read and write of the repository it receives is part of it. */
  transaction<T>(work: (repository: SettlementRepository) => Promise<T>): Promise<T> {
    return (this.db as Kysely<StoreDatabase>).transaction().execute((trx) => work(new SettlementRepository(trx)));
  }

  storeMobile(storeId: number): Promise<{ mobile: string } | undefined> {
    return this.db.selectFrom('store_store').select('mobile').where('id', '=', storeId).executeTakeFirst();
  }

  /** The card with its bank's name (null when the bank left the reference list). */
  findCard(storeId: number, language: SupportedLanguage = 'en-US') {
    return this.db
      .selectFrom('store_bank_card as c')
      .leftJoin('ref_bank as b', 'b.bank_code', 'c.bank_code')
      .select(['c.bank_code', bankNameIn(language).$castTo<string | null>().as('bank_name'), 'c.card_number', 'c.account_name', 'c.branch_name', 'c.updated_at', 'c.withdrawals_paused_until'])
      .where('c.store_id', '=', storeId)
      .executeTakeFirst();
  }

  /** The store row locked until the transaction ends: two changes of one store's card run one after the other. */
  async lockStore(storeId: number): Promise<void> {
    await this.db.selectFrom('store_store').select('id').where('id', '=', storeId).forUpdate().executeTakeFirst();
  }

  findBank(bankCode: string) {
    return this.db.selectFrom('ref_bank').select(['bank_code', 'bank_name']).where('bank_code', '=', bankCode).executeTakeFirst();
  }

  async saveCard(storeId: number, card: StoredCard, changedAt: Date, pausedUntil: Date | null): Promise<void> {
    const values = { ...card, updated_at: changedAt, withdrawals_paused_until: pausedUntil };
    await this.db
      .insertInto('store_bank_card')
      .values({ store_id: storeId, ...values })
      .onConflict((oc) => oc.column('store_id').doUpdateSet(values))
      .execute();
  }

  /** The change in the operation log and its detail (who, which session, when, masked before and after). */
  async recordChange(change: {
    storeId: number;
    userId: number;
    sessionTokenHash: string;
    operationType: string;
    previousCard: Record<string, unknown> | null;
    newCard: Record<string, unknown>;
    pausedUntil: Date | null;
    at: Date;
  }): Promise<void> {
    const logId = await insertSessionOperation(this.db, change);
    await this.db
      .insertInto('store_bank_card_change')
      .values({
        store_id: change.storeId,
        user_id: change.userId,
        session_token_hash: change.sessionTokenHash,
        operation_log_id: logId,
        previous_card: change.previousCard === null ? null : JSON.stringify(change.previousCard),
        new_card: JSON.stringify(change.newCard),
        withdrawals_paused_until: change.pausedUntil,
        changed_at: change.at,
      })
      .execute();
  }
}
