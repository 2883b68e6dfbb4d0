import type { Caller } from '../../http/route';
import { epochSecondsOf } from '../../shared/clock';
import { DEFAULT_LANGUAGE, type LocalizedText, type SupportedLanguage } from '@merchant/api-contracts';
import { STORE_CODES, StoreError, text } from '../../shared/store-error';
import type { DeregistrationRepository } from './deregistration.repository';

export { LogoutRecordStatus } from './deregistration.schemas';

/** Why a store may not deregister yet, in the merchant's words. */
const REASONS = {
  balance: text('请先提现钱包余额', 'the wallet balance must be withdrawn first'),
  frozen: text('有冻结资金待结算', 'there are frozen funds awaiting settlement'),
  deposit: text('请先退还保证金', 'the warranty deposit must be refunded first'),
  blacklisted: text('店铺在提现黑名单中', 'the store is on the withdrawal blacklist'),
  pending: text('已有注销申请正在审核中', 'a deregistration request is already under review'),
} satisfies Record<string, LocalizedText>;

const joinReasons = (reasons: LocalizedText[]): LocalizedText =>
  text(reasons.map((r) => r['zh-CN']).join('；'), reasons.map((r) => r['en-US']).join('; '));

export interface LogoutCheck {
  canLogout: boolean;
  /** Why not, in the merchant's words; empty when canLogout. */
  reasons: string[];
}

/** A store may ask to be deregistered only with no money left with the platform and nothing pending. */
export class DeregistrationService {
  constructor(private readonly repository: DeregistrationRepository) {}

  /** The check in the caller's language (checkStoreCanLogout answers it as data). */
  async check(caller: Caller, language: SupportedLanguage = DEFAULT_LANGUAGE): Promise<LogoutCheck> {
    const reasons = await this.blockingReasons(caller);
    return { canLogout: reasons.length === 0, reasons: reasons.map((reason) => reason[language]) };
  }

  private async blockingReasons(caller: Caller): Promise<LocalizedText[]> {
    const reasons: LocalizedText[] = [];
    const account = await this.repository.findPayAccount(caller.storeId);
    if (Number(account?.balance_cents ?? 0) > 0) reasons.push(REASONS.balance);
    if (Number(account?.frozen_cents ?? 0) > 0) reasons.push(REASONS.frozen);
    if (Number(account?.deposit_cents ?? 0) > 0) reasons.push(REASONS.deposit);
    if (await this.repository.isBlacklisted(caller.storeId)) reasons.push(REASONS.blacklisted);
    if (await this.repository.hasPendingRequest(caller.storeId)) reasons.push(REASONS.pending);
    return reasons;
  }

  async submit(caller: Caller, logoutReason: string) {
    const reasons = await this.blockingReasons(caller);
    if (reasons.length > 0) throw new StoreError(STORE_CODES.notAllowedInCurrentState, joinReasons(reasons));
    const row = await this.repository.insertPendingRequest(caller.storeId, caller.userId, logoutReason);
    if (!row) throw new StoreError(STORE_CODES.alreadyExists, REASONS.pending);
    return { id: row.id, status: row.status, createTime: epochSecondsOf(row.created_at) };
  }
}
