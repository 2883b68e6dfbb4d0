import type { Caller } from '../../http/route';
import { epochSecondsOf, systemClock, type Clock } from '../../shared/clock';
import {
  DEFAULT_LANGUAGE,
  GOODS_STATUS,
  STORE_STATUS,
  logoutItemText,
  type LocalizedText,
  type LogoutBlocker,
  type LogoutWarning,
  type SupportedLanguage,
} from '@merchant/api-contracts';
import { hashOpaqueToken } from '../../shared/opaque-token';
import { STORE_CODES, StoreError, text } from '../../shared/store-error';
import type { DeregistrationRepository, LogoutRecordView, StoreHoldings } from './deregistration.repository';
import { LogoutRecordStatus } from './deregistration.schemas';

export { LogoutRecordStatus } from './deregistration.schemas';

interface Item<Code> {
  code: Code;
  count: number;
}

/** Every blocker with its count, in LOGOUT_BLOCKERS order; a zero count is no blocker. */
function blockersOf(h: StoreHoldings): Item<LogoutBlocker>[] {
  const all: Item<LogoutBlocker>[] = [
    { code: 'ordersToShip', count: h.ordersToShip },
    { code: 'ordersInDelivery', count: h.ordersInDelivery },
    { code: 'openRefunds', count: h.openRefunds },
    { code: 'openComplaints', count: h.openComplaints },
    { code: 'runningCoupons', count: h.runningCoupons },
    { code: 'runningGroupBuys', count: h.runningGroupBuys },
    { code: 'runningFlashSales', count: h.runningFlashSales },
    { code: 'activityApplications', count: h.activityApplications },
    { code: 'walletBalance', count: h.balanceCents },
    { code: 'frozenFunds', count: h.frozenCents },
    { code: 'deposit', count: h.depositCents },
    { code: 'withdrawBlacklist', count: h.blacklisted ? 1 : 0 },
    { code: 'pendingRequest', count: h.pendingRequest ? 1 : 0 },
  ];
  return all.filter((item) => item.count > 0);
}

function warningsOf(h: StoreHoldings): Item<LogoutWarning>[] {
  const all: Item<LogoutWarning>[] = [
    { code: 'goodsOnShelf', count: h.goodsOnShelf },
    { code: 'ordersInReturnPeriod', count: h.ordersInReturnPeriod },
    { code: 'staffAccounts', count: h.staffAccounts },
    { code: 'unusedCoupons', count: h.unusedCoupons },
  ];
  return all.filter((item) => item.count > 0);
}

const textOf = (items: Item<LogoutBlocker>[]): LocalizedText =>
  text(items.map((i) => logoutItemText(i.code, i.count, 'zh-CN')).join('；'), items.map((i) => logoutItemText(i.code, i.count, 'en-US')).join('; '));

/** Sessions that remember a pay-password check (the auth module: issue 26 §5). */
export interface PayCheckedSessions {
  hasFreshPayPasswordCheck(caller: Caller, maxAgeSeconds: number): Promise<boolean>;
}

/** How recent the session's pay-password check must be for a closing request (our design). */
export const LOGOUT_PAY_CHECK_MAX_AGE_SECONDS = 10 * 60;

/** The operation-log entry of a closing request (issue 26 "every change is in the operation log"). */
export const LOGOUT_APPLY_OPERATION = 'STORE_LOGOUT_APPLY';

/** The forbiddenReason of a closed store (docs/merchant-centre.md "Closing the shop"). */
export const CLOSED_STORE_REASON = '店铺已注销 / the store was closed at the merchant\'s request';

/**
 * A store may ask to be deregistered only with no order, after-sales request, complaint or money left
 * with the platform and no request pending; the platform's approval closes it (store status 4, disabled).
 */
export class DeregistrationService {
  constructor(
    private readonly repository: DeregistrationRepository,
    private readonly clock: Clock = systemClock,
    /** Needed by submit only (the operator's decisions do not ask the merchant's pay password). */
    private readonly payChecks?: PayCheckedSessions,
  ) {}

  private nowSeconds() {
    return epochSecondsOf(this.clock.now());
  }

  /** The checklist in the caller's language (checkStoreCanLogout answers it as data). */
  async check(caller: Caller, language: SupportedLanguage = DEFAULT_LANGUAGE) {
    const holdings = await this.repository.holdings(caller.storeId, this.nowSeconds());
    const blockers = blockersOf(holdings);
    const latest = await this.repository.latestRequest(caller.storeId);
    return {
      canLogout: blockers.length === 0,
      reasons: blockers.map((item) => logoutItemText(item.code, item.count, language)),
      blockers,
      warnings: warningsOf(holdings),
      latestRequest: latest ? { id: latest.id, ref: latest.public_ref, status: latest.status, createTime: epochSecondsOf(latest.created_at) } : null,
    };
  }

  async submit(caller: Caller, logoutReason: string) {
    const blockers = blockersOf(await this.repository.holdings(caller.storeId, this.nowSeconds()));
    if (blockers.length > 0) throw new StoreError(STORE_CODES.notAllowedInCurrentState, textOf(blockers));
    if (!this.payChecks) throw new Error('DeregistrationService.submit needs the sessions that remember pay-password checks');
    if (!(await this.payChecks.hasFreshPayPasswordCheck(caller, LOGOUT_PAY_CHECK_MAX_AGE_SECONDS))) {
      throw new StoreError(STORE_CODES.notAllowedInCurrentState, text('请先验证支付密码', 'verify the pay password first'));
    }
    const row = await this.repository.insertPendingRequest(caller.storeId, caller.userId, logoutReason, {
      sessionTokenHash: hashOpaqueToken(caller.accessToken),
      operationType: LOGOUT_APPLY_OPERATION,
      at: this.clock.now(),
    });
    if (!row) throw new StoreError(STORE_CODES.alreadyExists, text('已有注销申请正在审核中', 'a deregistration request is already under review'));
    return { id: row.id, ref: row.public_ref, status: row.status, createTime: epochSecondsOf(row.created_at) };
  }

  /** /logouting: one request by its reference, without sign-in. */
  async result(ref: string) {
    const record = await this.repository.findByRef(ref);
    if (!record) throw new StoreError(STORE_CODES.notFound, text('没有找到该注销申请', 'no deregistration request has this reference'));
    return publicView(record);
  }

  /**
   * The operator's decision on a pending request. Approval checks the blockers again (an order may have
   * arrived since), then closes the store, takes its goods off the shelf and completes the request in one
   * transaction.
   */
  async decide(recordId: number, action: 'approve' | 'reject', reason: string | undefined) {
    const record = await this.repository.findById(recordId);
    if (!record) throw new StoreError(STORE_CODES.notFound, `deregistration request ${recordId} not found`);
    const notPending = () => new StoreError(STORE_CODES.notAllowedInCurrentState, `deregistration request ${recordId} is not pending`);
    if (record.status !== LogoutRecordStatus.pending) throw notPending();
    if (action === 'approve') {
      const holdings = await this.repository.holdings(record.storeId, this.nowSeconds());
      const blockers = blockersOf({ ...holdings, pendingRequest: false });
      if (blockers.length > 0) throw new StoreError(STORE_CODES.notAllowedInCurrentState, `cannot close store ${record.storeId}: ${textOf(blockers)['en-US']}`);
    }
    await this.repository.db.transaction().execute(async (trx) => {
      const status = action === 'approve' ? LogoutRecordStatus.completed : LogoutRecordStatus.rejected;
      if (!(await this.repository.decide(trx, recordId, status, action === 'reject' ? (reason ?? null) : null))) throw notPending();
      if (action === 'approve') {
        await trx
          .updateTable('store_store')
          .set({ store_status: STORE_STATUS.disabled, forbidden_reason: CLOSED_STORE_REASON, updated_at: new Date() })
          .where('id', '=', record.storeId)
          .execute();
        // A closed shop sells nothing: its goods on the shelf come off with it (the risk warning says so).
        await trx
          .updateTable('store_goods')
          .set({ status: GOODS_STATUS.offShelf, updated_at: new Date() })
          .where('store_id', '=', record.storeId)
          .where('status', '=', GOODS_STATUS.onShelf)
          .execute();
      }
    });
    return publicView((await this.repository.findById(recordId)) as LogoutRecordView);
  }
}

function publicView(record: LogoutRecordView) {
  return {
    id: record.id,
    storeName: record.storeName,
    status: record.status,
    createTime: epochSecondsOf(record.createdAt),
    decideTime: record.decidedAt ? epochSecondsOf(record.decidedAt) : null,
    rejectReason: record.rejectReason,
  };
}
