import { WITHDRAWAL_PAUSE_AFTER_CARD_CHANGE_SECONDS, type EndpointData, type EndpointParsedBiz, type accountEndpoints, type SupportedLanguage } from '@merchant/api-contracts';
import { maskPhone } from '@merchant/ui-kit/format';
import type { Caller } from '../../http/route';
import type { CheckCodeService } from '../../shared/check-codes';
import { addSeconds, epochSecondsOf, type Clock } from '../../shared/clock';
import { hashOpaqueToken } from '../../shared/opaque-token';
import { STORE_CODES, StoreError, text } from '../../shared/store-error';
import type { SettlementRepository, StoredCard } from './settlement.repository';

export type SettlementAccount = EndpointData<typeof accountEndpoints.queryStoreBankCard>;
export type SettlementCardChange = EndpointParsedBiz<typeof accountEndpoints.updateStoreBankCard>;

/** The operation-log type of a settlement card bind or change (server-written, like USER_LOGIN). */
export const SETTLEMENT_CARD_OPERATION = 'SETTLEMENT_CARD_UPDATE';

/** Our design: a card shows only its last 4 digits (the bank's name is shown beside it). */
export const maskCardNumber = (card: string) => `${'*'.repeat(Math.max(0, card.length - 4))}${card.slice(-4)}`;

/** The pay module's check of the caller's own pay password (wrong: 10105001, counted; too many: 10103002). */
export interface PayPasswordCheck {
  check(caller: Caller, payPassword: string): Promise<unknown>;
}

/** What the withdrawal (issue 29) asks before it pays out: the one place of the pause rule. */
export interface SettlementFacade {
  /** The card to pay out to; refuses (10100005) when none is bound or withdrawals pause after a change. */
  withdrawalCard(storeId: number): Promise<StoredCard>;
}

/** A change that moves money elsewhere pauses withdrawals: another bank, number or holder. */
const redirectsMoney = (before: StoredCard, after: StoredCard) =>
  before.bank_code !== after.bank_code || before.card_number !== after.card_number || before.account_name !== after.account_name;

const maskedCard = (card: StoredCard) => ({ bankCode: card.bank_code, cardNumber: maskCardNumber(card.card_number), accountName: card.account_name, branchName: card.branch_name });

const notAllowed = (zh: string, en: string) => new StoreError(STORE_CODES.notAllowedInCurrentState, text(zh, en));

/**
 * Issue 26 §2, the settlement account (docs/merchant-centre.md "Settlement account"): shown masked; binding or
 * changing it takes the caller's pay password and a check code sent to the store's mobile, both checked before
 * anything changes; a change pauses withdrawals for 24 hours, kept on the card and enforced by `withdrawalCard`.
 */
export class SettlementService implements SettlementFacade {
  constructor(
    private readonly repository: SettlementRepository,
    private readonly checkCodes: CheckCodeService,
    private readonly payPasswords: PayPasswordCheck,
    private readonly clock: Clock,
  ) {}

  private async storeMobile(storeId: number): Promise<string> {
    const store = await this.repository.storeMobile(storeId);
    if (!store) throw new StoreError(STORE_CODES.notFound, text('店铺不存在', 'store not found'));
    return store.mobile;
  }

  /** A pause that has ended is no pause. */
  private pauseRunning(until: Date | null): Date | null {
    return until && until.getTime() > this.clock.now().getTime() ? until : null;
  }

  async account(caller: Caller, language: SupportedLanguage): Promise<SettlementAccount> {
    const mobile = await this.storeMobile(caller.storeId);
    const card = await this.repository.findCard(caller.storeId, language);
    const paused = this.pauseRunning(card?.withdrawals_paused_until ?? null);
    return {
      card: card ? { ...maskedCard(card), bankName: card.bank_name ?? card.bank_code, updateTime: epochSecondsOf(card.updated_at) } : null,
      withdrawalPausedUntil: paused ? epochSecondsOf(paused) : null,
      mobile: maskPhone(mobile),
    };
  }

  async sendChangeCode(caller: Caller) {
    const mobile = await this.storeMobile(caller.storeId);
    const sent = await this.checkCodes.send('update-bank-card', mobile, { storeId: caller.storeId });
    return { ...sent, mobile: maskPhone(mobile) };
  }

  /**
   * Binds or changes the card. The bank, the pay password and then the check code are checked first (a wrong
   * pay password leaves the code usable); the card, the log entry and the pause are written in one transaction.
   */
  async changeCard(caller: Caller, change: SettlementCardChange, language: SupportedLanguage): Promise<SettlementAccount> {
    const mobile = await this.storeMobile(caller.storeId);
    if (!(await this.repository.findBank(change.bankCode))) throw new StoreError(STORE_CODES.invalidParameter, text('不支持该银行', 'bankCode is not a supported bank'));
    await this.payPasswords.check(caller, change.payPassword);
    await this.checkCodes.verify('update-bank-card', mobile, change.checkCode);
    const card: StoredCard = { bank_code: change.bankCode, card_number: change.cardNumber, account_name: change.accountName, branch_name: change.branchName };
    await this.repository.transaction(async (repository) => {
      await repository.lockStore(caller.storeId);
      const before = await repository.findCard(caller.storeId);
      const now = this.clock.now();
      const pausedUntil = before && redirectsMoney(before, card) ? addSeconds(now, WITHDRAWAL_PAUSE_AFTER_CARD_CHANGE_SECONDS) : (before?.withdrawals_paused_until ?? null);
      await repository.saveCard(caller.storeId, card, now, pausedUntil);
      await repository.recordChange({
        storeId: caller.storeId,
        userId: caller.userId,
        sessionTokenHash: hashOpaqueToken(caller.accessToken),
        operationType: SETTLEMENT_CARD_OPERATION,
        previousCard: before ? maskedCard(before) : null,
        newCard: maskedCard(card),
        pausedUntil,
        at: now,
      });
    });
    return this.account(caller, language);
  }

  async withdrawalCard(storeId: number): Promise<StoredCard> {
    const card = await this.repository.findCard(storeId);
    if (!card) throw notAllowed('请先绑定结算账户', 'please bind a settlement account first');
    const paused = this.pauseRunning(card.withdrawals_paused_until);
    if (paused) {
      const until = paused.toISOString().slice(0, 16).replace('T', ' ');
      throw notAllowed(`结算账户变更后 24 小时内暂停提现，请于 ${until} (UTC) 后再试`, `withdrawals pause for 24 hours after the settlement account changed; try again after ${until} (UTC)`);
    }
    return { bank_code: card.bank_code, card_number: card.card_number, account_name: card.account_name, branch_name: card.branch_name };
  }
}
