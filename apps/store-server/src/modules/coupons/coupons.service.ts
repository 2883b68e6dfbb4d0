import {
  COUPON_DRY_RUN_DAYS,
  COUPON_KIND,
  COUPON_REFUSAL_REASONS,
  COUPON_SCOPE,
  COUPON_STATE,
  COUPON_TEMPLATE_STATE,
  COUPON_VALIDITY,
  describeRuleProblem,
  type CouponRefusalReason,
  type EndpointAnswer,
  type EndpointParsedBiz,
  type couponEndpoints,
} from '@merchant/api-contracts';
import { maskPhone } from '@merchant/ui-kit/format';
import type { Caller } from '../../http/route';
import type { CouponRule, CouponScope } from '../marketing';
import { addSeconds, epochSecondsOf, type Clock } from '../../shared/clock';
import { hashOpaqueToken } from '../../shared/opaque-token';
import { STORE_CODES, StoreError, text } from '../../shared/store-error';
import type { UnitOfWork } from '../../shared/unit-of-work';
import { replayCoupon, type CouponDryRunResult } from './coupons.dry-run';
import { CouponsRepository, type TemplateRow, type TemplateRules } from './coupons.repository';

type Api = typeof couponEndpoints;
export type CouponTemplateView = EndpointAnswer<Api['addCoupon']>;
type TemplateBiz = EndpointParsedBiz<Api['addCoupon']>;

/** The operation-log types of template changes (docs/marketing.md "Coupons"). */
export const COUPON_OPERATIONS = { add: 'COUPON_ADD', edit: 'COUPON_EDIT', stop: 'COUPON_STOP', delete: 'COUPON_DELETE' } as const;

const DAY_SECONDS = 24 * 60 * 60;

const templateNotFound = () => new StoreError(STORE_CODES.notFound, text('优惠券不存在', 'coupon template not found'));
const REFUSAL_TEXTS: Readonly<Record<CouponRefusalReason, [string, string]>> = {
  limitReached: ['优惠券已领完', 'the issue limit is reached'],
  perBuyerLimit: ['已达每人限领张数', "the buyer's limit is reached"],
  stopped: ['优惠券已停止发放', 'the coupon template is stopped'],
  expired: ['优惠券已过期', 'the coupon template has expired'],
};

/** A claim refused for a reason the template's details count. */
export class ClaimRefused extends StoreError {
  constructor(readonly reason: CouponRefusalReason) {
    super(STORE_CODES.notAllowedInCurrentState, text(...REFUSAL_TEXTS[reason]), { reason });
  }
}

/** A claimed coupon's copied rules as the price calculation (modules/marketing) takes them. */
export function pricingRuleOf(copy: { kind: number; amount_cents: number | null; percent_off_bp: number | null; cap_cents: number | null; threshold_cents: number; scope: number; scope_ids: number[] }): CouponRule {
  const scope: CouponScope =
    copy.scope === COUPON_SCOPE.categories ? { kind: 'categories', categoryIds: copy.scope_ids } : copy.scope === COUPON_SCOPE.goods ? { kind: 'goods', goodsIds: copy.scope_ids } : { kind: 'store' };
  return copy.kind === COUPON_KIND.percent
    ? { kind: 'percent', percentOffBp: copy.percent_off_bp!, capCents: copy.cap_cents, thresholdCents: copy.threshold_cents, scope }
    : { kind: 'fixed', amountCents: copy.amount_cents!, thresholdCents: copy.threshold_cents, scope };
}

/** The template's rules changed between the claim's copy and its take. */
class RulesChanged extends Error {}

/** Why a template takes no claim now, apart from its limit: stopped, or past its fixed end. */
function refusalOf(template: TemplateRow, now: Date): CouponRefusalReason | undefined {
  if (template.state === COUPON_TEMPLATE_STATE.stopped) return 'stopped';
  if (template.valid_until !== null && template.valid_until <= now) return 'expired';
  return undefined;
}

/** One coupon to hand out: to whom (the phone is kept for the claim records, shown masked). */
export interface CouponRecipient {
  buyerAccid: string;
  buyerPhone: string;
}

export interface ClaimedCoupon {
  couponId: number;
  buyerAccid: string;
  validFrom: number;
  validUntil: number;
}

const isCode = (error: unknown, code: string) => typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
/** 23505: two claims raced for the same ordinal of one buyer; 23514: a CHECK (taken within the limit). */
const UNIQUE_VIOLATION = '23505';
const CHECK_VIOLATION = '23514';

const toDate = (seconds: number | undefined) => (seconds === undefined ? null : new Date(seconds * 1000));
const seconds = (date: Date | null) => (date === null ? null : epochSecondsOf(date));

/** The rules to store: fields of the other kind or validity are dropped, so a template holds one meaning. */
function rulesOf(biz: TemplateBiz): TemplateRules {
  const amount = biz.kind === COUPON_KIND.amount;
  const fixed = biz.validity === COUPON_VALIDITY.fixed;
  return {
    name: biz.name,
    kind: biz.kind,
    amountCents: amount ? (biz.amountCents ?? null) : null,
    percentOffBp: amount ? null : (biz.percentOffBp ?? null),
    capCents: amount ? null : (biz.capCents ?? null),
    thresholdCents: biz.thresholdCents,
    scope: biz.scope,
    scopeIds: biz.scope === COUPON_SCOPE.store ? [] : [...biz.scopeIds],
    issueLimit: biz.issueLimit,
    perBuyerLimit: biz.perBuyerLimit,
    validity: biz.validity,
    validFrom: fixed ? toDate(biz.validFrom) : null,
    validUntil: fixed ? toDate(biz.validUntil) : null,
    validDays: fixed ? null : (biz.validDays ?? null),
  };
}

function templateView(row: TemplateRow): CouponTemplateView {
  return {
    templateId: row.id,
    name: row.name,
    kind: row.kind as CouponTemplateView['kind'],
    amountCents: row.amount_cents,
    percentOffBp: row.percent_off_bp,
    capCents: row.cap_cents,
    thresholdCents: row.threshold_cents,
    scope: row.scope as CouponTemplateView['scope'],
    scopeIds: row.scope_ids,
    issueLimit: row.issue_limit,
    perBuyerLimit: row.per_buyer_limit,
    validity: row.validity as CouponTemplateView['validity'],
    validFrom: seconds(row.valid_from),
    validUntil: seconds(row.valid_until),
    validDays: row.valid_days,
    state: row.state as CouponTemplateView['state'],
    taken: row.taken,
    createTime: epochSecondsOf(row.created_at),
  };
}

/**
 * Issue 28 §4, coupons (docs/marketing.md "Coupons"): the merchant's templates, the buyers' claims and the
 * use and return of a coupon by the orders area. The limits are the database's (migration 0026): a claim takes
 * from the template by a conditional UPDATE and from the buyer's count by a conditional upsert, in one
 * transaction, so a refusal at either step takes nothing.
 */
export class CouponsService {
  constructor(
    private readonly repository: CouponsRepository,
    private readonly clock: Clock,
  ) {}

  // --- the merchant's templates ------------------------------------------------------------------

  async list(caller: Caller, biz: EndpointParsedBiz<Api['couponList']>): Promise<EndpointAnswer<Api['couponList']>> {
    const { total, rows } = await this.repository.listTemplates(caller.storeId, {
      state: biz.state,
      name: biz.name,
      offset: (biz.pageNum - 1) * biz.pageSize,
      limit: biz.pageSize,
    });
    return { pageNum: biz.pageNum, pageSize: biz.pageSize, total, list: rows.map(templateView) };
  }

  async add(caller: Caller, biz: TemplateBiz): Promise<CouponTemplateView> {
    const rules = rulesOf(biz);
    return this.repository.transaction(async (repository) => {
      await this.checkScope(repository, caller.storeId, rules);
      const row = await repository.insertTemplate(caller.storeId, rules, this.clock.now());
      await this.record(repository, caller, COUPON_OPERATIONS.add, row.id, { rules });
      return templateView(row);
    });
  }

  async details(caller: Caller, templateId: number): Promise<EndpointAnswer<Api['couponDetails']>> {
    const row = await this.repository.findTemplate(caller.storeId, templateId);
    if (!row) throw templateNotFound();
    const counts = await this.repository.couponCounts(templateId, this.clock.now());
    const refusals = await this.repository.refusalCounts(templateId);
    const refused = Object.fromEntries(COUPON_REFUSAL_REASONS.map((reason) => [reason, refusals.get(reason) ?? 0])) as Record<CouponRefusalReason, number>;
    return { template: templateView(row), ...counts, refused };
  }

  /** New rules for later claims; coupons already claimed keep their copies. */
  async edit(caller: Caller, biz: EndpointParsedBiz<Api['editCoupon']>): Promise<CouponTemplateView> {
    const rules = rulesOf(biz);
    try {
      return await this.repository.transaction(async (repository) => {
        const before = await repository.findTemplate(caller.storeId, biz.templateId);
        if (!before) throw templateNotFound();
        await this.checkScope(repository, caller.storeId, rules);
        const row = await repository.updateTemplate(caller.storeId, biz.templateId, rules, this.clock.now());
        if (!row) throw await this.limitBelowTaken(repository, caller.storeId, biz.templateId);
        await this.record(repository, caller, COUPON_OPERATIONS.edit, row.id, { from: rulesOfRow(before), to: rules });
        return templateView(row);
      });
    } catch (error) {
      // A claim committed between the read and the update's own check: the CHECK is the last word.
      if (isCode(error, CHECK_VIOLATION)) throw await this.limitBelowTaken(this.repository, caller.storeId, biz.templateId);
      throw error;
    }
  }

  async stop(caller: Caller, templateId: number): Promise<CouponTemplateView> {
    return this.repository.transaction(async (repository) => {
      const before = await repository.findTemplate(caller.storeId, templateId);
      if (!before) throw templateNotFound();
      if (before.state === COUPON_TEMPLATE_STATE.stopped) return templateView(before);
      const row = await repository.setTemplateState(caller.storeId, templateId, COUPON_TEMPLATE_STATE.stopped, this.clock.now());
      if (!row) throw templateNotFound();
      await this.record(repository, caller, COUPON_OPERATIONS.stop, templateId, {});
      return templateView(row);
    });
  }

  async delete(caller: Caller, templateId: number): Promise<{ templateId: number }> {
    return this.repository.transaction(async (repository) => {
      const before = await repository.findTemplate(caller.storeId, templateId);
      if (!before) throw templateNotFound();
      if (!(await repository.deleteUnclaimedTemplate(caller.storeId, templateId))) {
        throw new StoreError(STORE_CODES.notAllowedInCurrentState, text('已有买家领取，不能删除，可停止发放', 'coupons of this template are claimed: it cannot be deleted, stop it instead'));
      }
      await this.record(repository, caller, COUPON_OPERATIONS.delete, templateId, { name: before.name });
      return { templateId };
    });
  }

  async receiveList(caller: Caller, biz: EndpointParsedBiz<Api['couponReceiveList']>): Promise<EndpointAnswer<Api['couponReceiveList']>> {
    if (!(await this.repository.findTemplate(caller.storeId, biz.templateId))) throw templateNotFound();
    const now = this.clock.now();
    const state = biz.state === undefined ? undefined : biz.state === COUPON_STATE.used ? 'used' : biz.state === COUPON_STATE.expired ? 'expired' : 'unused';
    const { total, rows } = await this.repository.claimRecords(biz.templateId, { state, now, offset: (biz.pageNum - 1) * biz.pageSize, limit: biz.pageSize });
    return {
      pageNum: biz.pageNum,
      pageSize: biz.pageSize,
      total,
      list: rows.map((row) => ({
        couponId: row.id,
        buyerAccid: row.buyer_accid,
        buyerPhone: maskPhone(row.buyer_phone),
        claimTime: epochSecondsOf(row.claimed_at),
        state: row.state === 2 ? COUPON_STATE.used : row.valid_until <= now ? COUPON_STATE.expired : COUPON_STATE.unused,
        validUntil: epochSecondsOf(row.valid_until),
        orderId: row.order_id,
        orderNo: row.order_no ?? null,
        useTime: seconds(row.used_at),
      })),
    };
  }

  /**
   * What the coupon (a saved template, or rules typed in the form) would have cost over the last 30 days of the
   * store's orders (docs/marketing.md "Dry run"). Read only: one read of the window's order lines, each order
   * priced by the price calculation's couponDiscount.
   */
  async dryRun(caller: Caller, biz: EndpointParsedBiz<Api['couponDryRun']>): Promise<CouponDryRunResult> {
    let rule: CouponRule;
    if (biz.source === 'template') {
      const row = await this.repository.findTemplate(caller.storeId, biz.templateId);
      if (!row) throw templateNotFound();
      rule = pricingRuleOf(row);
    } else {
      const rules = rulesOf(biz);
      await this.checkScope(this.repository, caller.storeId, rules);
      rule = pricingRuleOf({
        kind: rules.kind,
        amount_cents: rules.amountCents,
        percent_off_bp: rules.percentOffBp,
        cap_cents: rules.capCents,
        threshold_cents: rules.thresholdCents,
        scope: rules.scope,
        scope_ids: rules.scopeIds,
      });
    }
    const toSeconds = epochSecondsOf(this.clock.now());
    const window = { fromSeconds: toSeconds - COUPON_DRY_RUN_DAYS * DAY_SECONDS, toSeconds };
    return replayCoupon(rule, await this.repository.dryRunLines(caller.storeId, window), window);
  }

  // --- the buyers' claims ------------------------------------------------------------------------

  /**
   * Hands out one coupon to each recipient (a buyer's claim is one recipient; a batch issue many, a buyer
   * possibly more than once), all or none: each buyer's count within the per-buyer limit and the template's
   * `taken + n <= issue_limit`, both checked by the writes themselves. The template row is written last, so its
   * lock (which every other claim of the template waits for) is held only until the commit. A refusal is
   * logged with its reason.
   */
  async claim(storeId: number, templateId: number, recipients: readonly CouponRecipient[]): Promise<ClaimedCoupon[]> {
    const now = this.clock.now();
    try {
      for (let attempt = 1; ; attempt++) {
        try {
          return await this.repository.transaction((repository) => this.claimOnce(repository, storeId, templateId, recipients, now));
        } catch (error) {
          // The template was edited between the copy and the take: copy the new rules (an edit is rare; a few tries).
          if (!(error instanceof RulesChanged) || attempt >= 3) throw error;
        }
      }
    } catch (error) {
      const refusal =
        error instanceof ClaimRefused ? error : isCode(error, UNIQUE_VIOLATION) ? new ClaimRefused('perBuyerLimit') : isCode(error, CHECK_VIOLATION) ? new ClaimRefused('limitReached') : undefined;
      if (!refusal) throw error instanceof RulesChanged ? new ClaimRefused('limitReached') : error;
      const buyers = [...new Set(recipients.map((recipient) => recipient.buyerAccid))];
      await this.repository.recordRefusal({ storeId, templateId, buyerAccid: buyers.length === 1 ? buyers[0]! : null, reason: refusal.reason, requested: recipients.length, at: now });
      throw refusal;
    }
  }

  private async claimOnce(repository: CouponsRepository, storeId: number, templateId: number, recipients: readonly CouponRecipient[], now: Date): Promise<ClaimedCoupon[]> {
    // Read for the rules to copy and an early answer; the take below checks state, dates and limit again.
    const template = await repository.findTemplate(storeId, templateId);
    if (!template) throw templateNotFound();
    const early = refusalOf(template, now);
    if (early) throw new ClaimRefused(early);
    const perBuyer = new Map<string, CouponRecipient[]>();
    for (const recipient of recipients) perBuyer.set(recipient.buyerAccid, [...(perBuyer.get(recipient.buyerAccid) ?? []), recipient]);
    const coupons = [];
    // In buyer order: two batches naming the same buyers lock their count rows in the same order.
    for (const buyerAccid of [...perBuyer.keys()].sort()) {
      const own = perBuyer.get(buyerAccid)!;
      const after = await repository.takeForBuyer(templateId, buyerAccid, own.length, template.per_buyer_limit);
      if (after === undefined) throw new ClaimRefused('perBuyerLimit');
      const first = after - own.length + 1;
      coupons.push(...own.map((recipient, index) => ({ ...recipient, ordinal: first + index })));
    }
    const validFrom = template.validity === COUPON_VALIDITY.fixed ? template.valid_from! : now;
    const validUntil = template.validity === COUPON_VALIDITY.fixed ? template.valid_until! : addSeconds(now, template.valid_days! * DAY_SECONDS);
    const rows = await repository.insertCoupons(coupons.map((coupon) => ({ ...coupon, storeId, templateId, template, validFrom, validUntil, claimedAt: now })));
    if (!(await repository.takeFromTemplate(storeId, templateId, recipients.length, template.version, now))) {
      // Why the take took nothing, read after it (for the answer only; the transaction rolls back).
      const current = await repository.findTemplate(storeId, templateId);
      if (!current) throw templateNotFound();
      const reason = refusalOf(current, now);
      if (reason) throw new ClaimRefused(reason);
      if (current.version !== template.version) throw new RulesChanged();
      throw new ClaimRefused('limitReached');
    }
    return rows.map((row) => ({ couponId: row.id, buyerAccid: row.buyer_accid, validFrom: epochSecondsOf(row.valid_from), validUntil: epochSecondsOf(row.valid_until) }));
  }

  // --- use and return (the orders area's placement and refunds) ----------------------------------

  /**
   * Uses the buyer's coupon in an order, once: a compare-and-swap from unused (and within its dates) to used.
   * `unit`: the order placement's transaction, so the order and the use commit together.
   */
  async use(use: { storeId: number; couponId: number; buyerAccid: string; orderId: number }, unit?: UnitOfWork): Promise<{ couponId: number; rule: CouponRule }> {
    const row = await this.repositoryFor(unit).useCoupon({ ...use, at: this.clock.now() });
    if (!row) throw new StoreError(STORE_CODES.notAllowedInCurrentState, text('优惠券不可用（已使用、已过期或不属于该买家）', 'the coupon is not usable: used, expired or not this buyer’s'));
    return { couponId: row.id, rule: pricingRuleOf(row) };
  }

  /** A whole-order refund gives the order's coupons back, each unless it expired meanwhile; the ids given back. */
  async returnForOrder(storeId: number, orderId: number, unit?: UnitOfWork): Promise<{ returned: number[] }> {
    return { returned: await this.repositoryFor(unit).returnCoupons(storeId, orderId, this.clock.now()) };
  }

  // --- the pieces --------------------------------------------------------------------------------

  private repositoryFor(unit?: UnitOfWork): CouponsRepository {
    return unit ? new CouponsRepository(unit) : this.repository;
  }

  /** 10100001 on issueLimit: it cannot go below what is taken (or not found). */
  private async limitBelowTaken(repository: CouponsRepository, storeId: number, templateId: number): Promise<StoreError> {
    const row = await repository.findTemplate(storeId, templateId);
    if (!row) return templateNotFound();
    const problem = { rule: 'min' as const, limit: row.taken };
    return new StoreError(
      STORE_CODES.invalidParameter,
      text(describeRuleProblem(problem, 'issueLimit', 'zh-CN'), describeRuleProblem(problem, 'issueLimit', 'en-US')),
      { problems: [{ field: 'issueLimit', problem }] },
    );
  }

  /** Goods must be this store's and categories must exist: 10100004 naming the others. */
  private async checkScope(repository: CouponsRepository, storeId: number, rules: TemplateRules): Promise<void> {
    if (rules.scope === COUPON_SCOPE.store) return;
    const found = rules.scope === COUPON_SCOPE.goods ? await repository.storeGoodsIds(storeId, rules.scopeIds) : await repository.categoryIds(rules.scopeIds);
    const missing = rules.scopeIds.filter((id) => !found.includes(id));
    if (missing.length === 0) return;
    throw rules.scope === COUPON_SCOPE.goods
      ? new StoreError(STORE_CODES.notFound, text(`商品不存在：${missing.join('、')}`, `goods not found: ${missing.join(', ')}`))
      : new StoreError(STORE_CODES.notFound, text(`分类不存在：${missing.join('、')}`, `category not found: ${missing.join(', ')}`));
  }

  private record(repository: CouponsRepository, caller: Caller, operationType: string, templateId: number, detail: Record<string, unknown>): Promise<void> {
    return repository.recordChange({
      storeId: caller.storeId,
      userId: caller.userId,
      sessionTokenHash: hashOpaqueToken(caller.accessToken),
      operationType,
      at: this.clock.now(),
      templateId,
      detail,
    });
  }
}

/** A stored template's rules, for the edit's before-and-after detail. */
function rulesOfRow(row: TemplateRow): TemplateRules {
  return {
    name: row.name,
    kind: row.kind,
    amountCents: row.amount_cents,
    percentOffBp: row.percent_off_bp,
    capCents: row.cap_cents,
    thresholdCents: row.threshold_cents,
    scope: row.scope,
    scopeIds: row.scope_ids,
    issueLimit: row.issue_limit,
    perBuyerLimit: row.per_buyer_limit,
    validity: row.validity,
    validFrom: row.valid_from,
    validUntil: row.valid_until,
    validDays: row.valid_days,
  };
}
