import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { Caller } from '../../http/route';
import type { CheckCodeService } from '../../shared/check-codes';
import { hashSecret, verifySecret } from '../../shared/passwords';
import type { RateLimit, RateLimiter } from '../../shared/rate-limiter';
import { STORE_CODES, StoreError, text } from '../../shared/store-error';

/** Wrong pay passwords per store: 5 per hour, then the check is refused until the window passes (our design). */
export const PAY_PASSWORD_FAILURE_LIMIT: RateLimit = { bucket: 'pay-password-failure', max: 5, windowSeconds: 60 * 60 };

/**
 * The pay password guards money movements. It is separate from the sign-in password and hashed
 * the same way; check codes go to the store's mobile.
 */
export class PayService {
  constructor(
    private readonly db: Kysely<StoreDatabase>,
    private readonly checkCodes: CheckCodeService,
    private readonly rateLimiter: RateLimiter,
  ) {}

  private async owner(caller: Caller) {
    return this.db
      .selectFrom('store_user as u')
      .innerJoin('store_store as s', 's.id', 'u.store_id')
      .select(['u.pay_password_hash', 's.mobile'])
      .where('u.id', '=', caller.userId)
      .where('u.store_id', '=', caller.storeId)
      .executeTakeFirstOrThrow();
  }

  private async storeHash(caller: Caller, payPassword: string) {
    await this.db.updateTable('store_user').set({ pay_password_hash: await hashSecret(payPassword) }).where('id', '=', caller.userId).execute();
  }

  async isSet(caller: Caller) {
    return { isSetPayPassword: (await this.owner(caller)).pay_password_hash !== null };
  }

  async sendCode(caller: Caller, purpose: 'init-pay-password' | 'set-pay-password' | 'check-pay-password') {
    const owner = await this.owner(caller);
    if (purpose === 'init-pay-password' && owner.pay_password_hash) throw new StoreError(STORE_CODES.notAllowedInCurrentState, text('已设置支付密码', 'the pay password is already set'));
    if (purpose !== 'init-pay-password' && !owner.pay_password_hash) throw new StoreError(STORE_CODES.notAllowedInCurrentState, text('请先设置支付密码', 'please set a pay password first'));
    return this.checkCodes.send(purpose, owner.mobile);
  }

  /** First pay password. */
  async init(caller: Caller, payPassword: string, checkCode: string) {
    const owner = await this.owner(caller);
    if (owner.pay_password_hash) throw new StoreError(STORE_CODES.notAllowedInCurrentState, text('已设置支付密码', 'the pay password is already set'));
    await this.checkCodes.verify('init-pay-password', owner.mobile, checkCode);
    await this.storeHash(caller, payPassword);
    return null;
  }

  /** Forgotten pay password: replaces it with a check code. */
  async reset(caller: Caller, payPassword: string, checkCode: string) {
    const owner = await this.owner(caller);
    if (!owner.pay_password_hash) throw new StoreError(STORE_CODES.notAllowedInCurrentState, text('请先设置支付密码', 'please set a pay password first'));
    await this.checkCodes.verify('set-pay-password', owner.mobile, checkCode);
    await this.storeHash(caller, payPassword);
    await this.rateLimiter.clear(PAY_PASSWORD_FAILURE_LIMIT, String(caller.storeId));
    return null;
  }

  async update(caller: Caller, oldPayPassword: string, newPayPassword: string) {
    await this.verifyPayPassword(caller, oldPayPassword);
    if (oldPayPassword === newPayPassword) throw new StoreError(STORE_CODES.invalidParameter, text('新支付密码不能与原支付密码相同', 'the new pay password must differ from the current one'));
    await this.storeHash(caller, newPayPassword);
    return null;
  }

  async check(caller: Caller, payPassword: string, checkCode?: string) {
    const owner = await this.owner(caller);
    await this.verifyPayPassword(caller, payPassword);
    if (checkCode !== undefined) await this.checkCodes.verify('check-pay-password', owner.mobile, checkCode);
    return { checked: true };
  }

  private async verifyPayPassword(caller: Caller, payPassword: string) {
    const subject = String(caller.storeId);
    const wait = await this.rateLimiter.retryAfterSeconds(PAY_PASSWORD_FAILURE_LIMIT, subject);
    if (wait > 0) throw new StoreError(STORE_CODES.tooManyAttempts, text(`支付密码错误次数过多，请 ${Math.ceil(wait / 60)} 分钟后再试`, `too many wrong pay passwords, please retry in ${Math.ceil(wait / 60)} minutes`));
    const owner = await this.owner(caller);
    if (!owner.pay_password_hash) throw new StoreError(STORE_CODES.notAllowedInCurrentState, text('请先设置支付密码', 'please set a pay password first'));
    if (!(await verifySecret(payPassword, owner.pay_password_hash))) {
      await this.rateLimiter.record(PAY_PASSWORD_FAILURE_LIMIT, subject);
      throw new StoreError(STORE_CODES.wrongPayPassword, text('支付密码错误', 'the pay password is wrong'));
    }
  }

  /** Money in integer cents (ARCHITECTURE.md conventions). */
  async account(caller: Caller) {
    const row = await this.db.selectFrom('store_pay_account').selectAll().where('store_id', '=', caller.storeId).executeTakeFirst();
    const balance = Number(row?.balance_cents ?? 0);
    const frozen = Number(row?.frozen_cents ?? 0);
    return { storeId: caller.storeId, balance, frozenBalance: frozen, availableBalance: balance - frozen, depositBalance: Number(row?.deposit_cents ?? 0) };
  }

  async blacklist(caller: Caller) {
    const row = await this.db.selectFrom('store_withdraw_blacklist').select('remark').where('store_id', '=', caller.storeId).executeTakeFirst();
    return { isBlacklist: row !== undefined, blacklistRemark: row?.remark ?? '' };
  }

  async banks() {
    const rows = await this.db.selectFrom('ref_bank').select(['bank_code as bankCode', 'bank_name as bankName']).orderBy('sort').execute();
    return { list: rows };
  }
}

