import { PAY_PASSWORD_LOCK_MINUTES, PAY_PASSWORD_MAX_FAILURES, type SupportedLanguage } from '@merchant/api-contracts';
import type { Caller } from '../../http/route';
import type { CheckCodeService } from '../../shared/check-codes';
import { hashSecret, verifySecret } from '../../shared/passwords';
import type { RateLimit, RateLimiter } from '../../shared/rate-limiter';
import { STORE_CODES, StoreError, text } from '../../shared/store-error';
import type { PayRepository } from './pay.repository';
import type { PayCheckCodePurpose } from './pay.schemas';

/**
 * Wrong pay passwords per store: PAY_PASSWORD_MAX_FAILURES (N = 5) within PAY_PASSWORD_LOCK_MINUTES (M = 60), then
 * every check (and so every withdrawal) is refused with 10103002 until that window passes (our design, docs/ledger.md).
 */
export const PAY_PASSWORD_FAILURE_LIMIT: RateLimit = { bucket: 'pay-password-failure', max: PAY_PASSWORD_MAX_FAILURES, windowSeconds: PAY_PASSWORD_LOCK_MINUTES * 60 };

/**
 * The pay password guards money movements. It is separate from the sign-in password and hashed
 * the same way; check codes go to the store's mobile.
 */
export class PayService {
  constructor(
    private readonly repository: PayRepository,
    private readonly checkCodes: CheckCodeService,
    private readonly rateLimiter: RateLimiter,
  ) {}

  private async owner(caller: Caller) {
    return this.repository.findOwner(caller.userId, caller.storeId);
  }

  private async storeHash(caller: Caller, payPassword: string) {
    await this.repository.setPayPasswordHash(caller.userId, await hashSecret(payPassword));
  }

  async isSet(caller: Caller) {
    return { isSetPayPassword: (await this.owner(caller)).pay_password_hash !== null };
  }

  async sendCode(caller: Caller, purpose: PayCheckCodePurpose) {
    const owner = await this.owner(caller);
    if (purpose === 'init-pay-password' && owner.pay_password_hash) throw new StoreError(STORE_CODES.notAllowedInCurrentState, text('已设置支付密码', 'the pay password is already set'));
    if (purpose !== 'init-pay-password' && !owner.pay_password_hash) throw new StoreError(STORE_CODES.notAllowedInCurrentState, text('请先设置支付密码', 'please set a pay password first'));
    return this.checkCodes.send(purpose, owner.mobile, { storeId: caller.storeId });
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
    return { checked: true as const };
  }

  /** What a withdrawal form shows before asking: whether a pay password is set, wrong tries left, the lockout's wait. */
  async passwordState(caller: Caller): Promise<{ set: boolean; triesLeft: number; retryAfterSeconds: number }> {
    const subject = String(caller.storeId);
    const owner = await this.owner(caller);
    const failures = await this.rateLimiter.count(PAY_PASSWORD_FAILURE_LIMIT, subject);
    const retryAfterSeconds = await this.rateLimiter.retryAfterSeconds(PAY_PASSWORD_FAILURE_LIMIT, subject);
    return { set: Boolean(owner.pay_password_hash), triesLeft: Math.max(0, PAY_PASSWORD_MAX_FAILURES - failures), retryAfterSeconds };
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

  /**
   * Money in integer cents (ARCHITECTURE.md conventions), from the ledger's balances: the wallet's balance is
   * what is available plus what withdrawals hold frozen; the deposit is apart.
   */
  async account(caller: Caller) {
    const ledger = await this.repository.ledgerBalances(caller.storeId);
    return { storeId: caller.storeId, balance: ledger.available + ledger.frozen, frozenBalance: ledger.frozen, availableBalance: ledger.available, depositBalance: ledger.deposit };
  }

  async blacklist(caller: Caller) {
    const row = await this.repository.findBlacklist(caller.storeId);
    return { isBlacklist: row !== undefined, blacklistRemark: row?.remark ?? '' };
  }

  /** The supported banks, named in the caller's language. */
  async banks(language: SupportedLanguage) {
    return { list: await this.repository.banks(language) };
  }
}

