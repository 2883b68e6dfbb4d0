import type { SupportedLanguage } from '@merchant/api-contracts';
import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import { bankNameIn } from '../../db/reference-names';
import { balances } from '../ledger';

/** The pay password of a store user and the store's wallet, always addressed by the caller's own ids. */
export class PayRepository {
  constructor(private readonly db: Kysely<StoreDatabase>) {}

  /** The user's pay password hash and the store mobile check codes go to; throws for a user outside the store. */
  findOwner(userId: number, storeId: number): Promise<{ pay_password_hash: string | null; mobile: string }> {
    return this.db
      .selectFrom('store_user as u')
      .innerJoin('store_store as s', 's.id', 'u.store_id')
      .select(['u.pay_password_hash', 's.mobile'])
      .where('u.id', '=', userId)
      .where('u.store_id', '=', storeId)
      .executeTakeFirstOrThrow();
  }

  async setPayPasswordHash(userId: number, hash: string): Promise<void> {
    await this.db.updateTable('store_user').set({ pay_password_hash: hash }).where('id', '=', userId).execute();
  }

  /** The wallet's balances from the double-entry ledger (issue 29, docs/ledger.md). */
  ledgerBalances(storeId: number) {
    return balances(this.db, storeId);
  }

  findBlacklist(storeId: number) {
    return this.db.selectFrom('store_withdraw_blacklist').select('remark').where('store_id', '=', storeId).executeTakeFirst();
  }

  banks(language: SupportedLanguage) {
    return this.db.selectFrom('ref_bank as b').select(['b.bank_code as bankCode', bankNameIn(language).as('bankName')]).orderBy('b.sort').execute();
  }
}
