import { sql, type Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { Caller } from '../../http/route';
import { toEpochSeconds } from '../../shared/clock';
import { STORE_CODES, StoreError } from '../../shared/store-error';

/** Deregistration request status (our design): 1 pending review, 2 completed, 3 rejected. */
export const LogoutRecordStatus = { pending: 1, completed: 2, rejected: 3 } as const;

export interface LogoutCheck {
  canLogout: boolean;
  /** Why not, in the merchant's words; empty when canLogout. */
  reasons: string[];
}

/** A store may ask to be deregistered only with no money left with the platform and nothing pending. */
export class DeregistrationService {
  constructor(private readonly db: Kysely<StoreDatabase>) {}

  async check(caller: Caller): Promise<LogoutCheck> {
    const reasons: string[] = [];
    const account = await this.db.selectFrom('store_pay_account').selectAll().where('store_id', '=', caller.storeId).executeTakeFirst();
    if (Number(account?.balance_cents ?? 0) > 0) reasons.push('the wallet balance must be withdrawn first');
    if (Number(account?.frozen_cents ?? 0) > 0) reasons.push('there are frozen funds awaiting settlement');
    if (Number(account?.deposit_cents ?? 0) > 0) reasons.push('the warranty deposit must be refunded first');
    const blacklisted = await this.db.selectFrom('store_withdraw_blacklist').select('store_id').where('store_id', '=', caller.storeId).executeTakeFirst();
    if (blacklisted) reasons.push('the store is on the withdrawal blacklist');
    if (await this.pending(caller)) reasons.push('a deregistration request is already under review');
    return { canLogout: reasons.length === 0, reasons };
  }

  private pending(caller: Caller) {
    return this.db
      .selectFrom('store_logout_record')
      .select(['id', 'status', 'created_at'])
      .where('store_id', '=', caller.storeId)
      .where('status', '=', LogoutRecordStatus.pending)
      .executeTakeFirst();
  }

  async submit(caller: Caller, logoutReason: string) {
    const check = await this.check(caller);
    if (!check.canLogout) throw new StoreError(STORE_CODES.notAllowedInCurrentState, check.reasons.join('; '));
    const row = await this.db
      .insertInto('store_logout_record')
      .values({ store_id: caller.storeId, user_id: caller.userId, logout_reason: logoutReason, status: LogoutRecordStatus.pending })
      // The partial unique index decides between concurrent submissions; its predicate must be a literal to be inferred.
      .onConflict((oc) => oc.column('store_id').where('status', '=', sql.lit(LogoutRecordStatus.pending)).doNothing())
      .returning(['id', 'status', 'created_at'])
      .executeTakeFirst();
    if (!row) throw new StoreError(STORE_CODES.alreadyExists, 'a deregistration request is already under review');
    return { id: row.id, status: row.status, createTime: toEpochSeconds(row.created_at) };
  }
}
