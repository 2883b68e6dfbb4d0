import {
  describeRuleProblem,
  skuSpecText,
  GROUP_BUY_STATE,
  GROUP_BUY_TEAM_STATE,
  type EndpointAnswer,
  type EndpointParsedBiz,
  type GroupBuyTeamState,
  type groupBuyEndpoints,
  type RuleProblem,
  type SupportedLanguage,
} from '@merchant/api-contracts';
import type { Transaction } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { Caller } from '../../http/route';
import { addSeconds, epochSecondsOf, type Clock } from '../../shared/clock';
import { STORE_CODES, StoreError, text } from '../../shared/store-error';
import type { UnitOfWork } from '../../shared/unit-of-work';
import { refundOrderBySystem } from '../after-sales';
import { skuFloors } from '../goods';
import { checkPromotionPrices, marginFieldProblems } from '../marketing';
import type { OrderPaidEvent } from '../orders';
import type { JoinTeamInput, StartTeamInput } from './group-buys.buyer';
import { GroupBuysRepository, type GroupBuyRow, type GroupBuyRules } from './group-buys.repository';

type Api = typeof groupBuyEndpoints;
export type GroupBuyView = EndpointAnswer<Api['addGroupBuy']>;
type RulesBiz = EndpointParsedBiz<Api['addGroupBuy']>;

/**
 * What group buying asks of the orders module (its facade, docs/orders.md "Promotions and coupons"), each on the
 * caller's open transaction so the team's rows and the order commit together.
 */
export interface GroupBuyOrders {
  place(
    unit: UnitOfWork,
    input: Omit<StartTeamInput, 'activityId'>,
    promotion: { kind: 'groupBuy'; activityId: number; unitCents: ReadonlyMap<number, number>; holdForTeam: true },
  ): Promise<{ orderId: number; orderNo: string; status: number; amountCents: number }>;
  pay(unit: UnitOfWork, orderId: number, buyerAccid: string, at: number): Promise<OrderPaidEvent>;
  releaseHold(unit: UnitOfWork, storeId: number, orderIds: readonly number[], at: number): Promise<unknown>;
  /** Fired by the failed team's system refund as it reaches the amount paid (returns the order's coupon). */
  refundInFull(unit: UnitOfWork, storeId: number, orderId: number, at: number): Promise<{ status: number }>;
}

/** The team a buyer started or joined, with the order placed and paid for it. */
export interface JoinedTeam {
  teamId: number;
  state: GroupBuyTeamState;
  members: number;
  teamSize: number;
  expiresAt: number;
  orderId: number;
  orderNo: string;
  amountCents: number;
}

export interface SweepOutcome {
  /** Teams this sweep failed (another sweep's are not counted). */
  failedTeams: number;
  /** Orders refunded now (a replayed key pays nothing and is not counted). */
  refundedOrders: number;
}

const MINUTE = 60;
/** The reason on a failed team's refunds. */
export const FAILED_TEAM_REFUND_REASON = '拼团未成团（超时）';
/** The ledger's idempotency key of a failed team's refund: one per team and order. */
export const failedTeamRefundKey = (teamId: number, orderId: number) => `groupbuy:team:${teamId}:order:${orderId}`;

const activityNotFound = () => new StoreError(STORE_CODES.notFound, text('拼团活动不存在', 'group buy not found'));
const teamNotFound = () => new StoreError(STORE_CODES.notFound, text('拼团不存在', 'team not found'));
const notAllowed = (zh: string, en: string) => new StoreError(STORE_CODES.notAllowedInCurrentState, text(zh, en));
const isUniqueViolation = (error: unknown) => typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
const isCheckViolation = (error: unknown) => typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23514';

function fieldError(field: string, problem: RuleProblem): StoreError {
  return fieldErrors([{ field, problem }]);
}

/** 10100001 with one problem per field, the message joining them in each language. */
function fieldErrors(problems: Array<{ field: string; problem: RuleProblem }>): StoreError {
  const describe = (language: 'zh-CN' | 'en-US') => problems.map((p) => describeRuleProblem(p.problem, p.field, language)).join('; ');
  return new StoreError(STORE_CODES.invalidParameter, text(describe('zh-CN'), describe('en-US')), { problems });
}

function rulesOf(biz: RulesBiz): GroupBuyRules {
  return {
    name: biz.name,
    skus: biz.skus.map((sku) => ({ skuId: sku.skuId, groupPriceCents: sku.groupPriceCents })),
    teamSize: biz.teamSize,
    formMinutes: biz.formMinutes,
    perBuyerLimit: biz.perBuyerLimit,
    totalLimit: biz.totalLimit,
    startsAt: new Date(biz.startTime * 1000),
    endsAt: new Date(biz.endTime * 1000),
  };
}

/**
 * Issue 28 §2, group buying (docs/marketing.md "Group buying"): the merchant's activities and their teams and
 * orders; the buyers' start and join, each placing and paying its order in the same transaction as its seat;
 * the sweep that fails teams whose time ran out and refunds their members through after-sales, once.
 */
export class GroupBuysService {
  constructor(
    private readonly repository: GroupBuysRepository,
    private readonly clock: Clock,
    private readonly orders: GroupBuyOrders,
    private readonly emitPaid: (event: OrderPaidEvent) => void = () => undefined,
  ) {}

  // --- the merchant's activities -----------------------------------------------------------------

  async list(caller: Caller, biz: EndpointParsedBiz<Api['groupBuyList']>, language: SupportedLanguage = 'en-US'): Promise<EndpointAnswer<Api['groupBuyList']>> {
    const { total, rows } = await this.repository.listActivities(caller.storeId, { state: biz.state, name: biz.name, offset: (biz.pageNum - 1) * biz.pageSize, limit: biz.pageSize });
    return { pageNum: biz.pageNum, pageSize: biz.pageSize, total, list: await this.views(this.repository, rows, language) };
  }

  async details(caller: Caller, groupBuyId: number, language: SupportedLanguage = 'en-US'): Promise<GroupBuyView> {
    const row = await this.repository.findActivity(caller.storeId, groupBuyId);
    if (!row) throw activityNotFound();
    return (await this.views(this.repository, [row], language))[0]!;
  }

  async add(caller: Caller, biz: RulesBiz, language: SupportedLanguage = 'en-US'): Promise<GroupBuyView> {
    const rules = rulesOf(biz);
    return this.repository.transaction(async (repository, unit) => {
      await this.checkSkus(repository, unit, caller.storeId, rules);
      const row = await repository.insertActivity(caller.storeId, rules, this.clock.now());
      await repository.replaceSkus(caller.storeId, row.id, rules.skus);
      return (await this.views(repository, [row], language))[0]!;
    });
  }

  /** New rules for later teams and orders: teams keep their size and expiry, orders their prices. */
  async edit(caller: Caller, biz: EndpointParsedBiz<Api['editGroupBuy']>, language: SupportedLanguage = 'en-US'): Promise<GroupBuyView> {
    const rules = rulesOf(biz);
    try {
      return await this.repository.transaction(async (repository, unit) => {
        const before = await repository.findActivity(caller.storeId, biz.groupBuyId);
        if (!before) throw activityNotFound();
        await this.checkSkus(repository, unit, caller.storeId, rules);
        const row = await repository.updateActivity(caller.storeId, biz.groupBuyId, rules, this.clock.now());
        if (!row) throw fieldError('totalLimit', { rule: 'min', limit: before.taken });
        await repository.replaceSkus(caller.storeId, row.id, rules.skus);
        return (await this.views(repository, [row], language))[0]!;
      });
    } catch (error) {
      // A join committed between the read and the update's own check: the CHECK is the last word.
      if (!isCheckViolation(error)) throw error;
      const row = await this.repository.findActivity(caller.storeId, biz.groupBuyId);
      throw row ? fieldError('totalLimit', { rule: 'min', limit: row.taken }) : activityNotFound();
    }
  }

  async stop(caller: Caller, groupBuyId: number, language: SupportedLanguage = 'en-US'): Promise<GroupBuyView> {
    const row = await this.repository.setActivityState(caller.storeId, groupBuyId, GROUP_BUY_STATE.stopped, this.clock.now());
    if (!row) throw activityNotFound();
    return (await this.views(this.repository, [row], language))[0]!;
  }

  async teams(caller: Caller, biz: EndpointParsedBiz<Api['groupBuyTeams']>): Promise<EndpointAnswer<Api['groupBuyTeams']>> {
    if (!(await this.repository.findActivity(caller.storeId, biz.groupBuyId))) throw activityNotFound();
    const { total, rows } = await this.repository.listTeams(caller.storeId, biz.groupBuyId, { state: biz.state, offset: (biz.pageNum - 1) * biz.pageSize, limit: biz.pageSize });
    const members = await this.repository.membersOf(rows.map((row) => row.id));
    return {
      pageNum: biz.pageNum,
      pageSize: biz.pageSize,
      total,
      serverTime: epochSecondsOf(this.clock.now()),
      list: rows.map((row) => ({
        teamId: row.id,
        leaderAccid: row.leader_accid,
        leaderName: row.leader_name,
        teamSize: row.size,
        members: row.members,
        state: row.state as GroupBuyTeamState,
        startTime: epochSecondsOf(row.started_at),
        expiresAt: epochSecondsOf(row.expires_at),
        endedAt: row.ended_at ? epochSecondsOf(row.ended_at) : null,
        memberList: members
          .filter((member) => member.team_id === row.id)
          .map((member) => ({
            orderId: member.order_id,
            orderNo: member.order_no ?? '',
            buyerAccid: member.buyer_accid,
            buyerName: member.buyer_name,
            leader: member.leader,
            joinTime: epochSecondsOf(member.joined_at),
          })),
      })),
    };
  }

  async orderList(caller: Caller, biz: EndpointParsedBiz<Api['groupBuyOrders']>): Promise<EndpointAnswer<Api['groupBuyOrders']>> {
    if (!(await this.repository.findActivity(caller.storeId, biz.groupBuyId))) throw activityNotFound();
    const { total, rows } = await this.repository.listOrders(caller.storeId, biz.groupBuyId, { teamState: biz.teamState, offset: (biz.pageNum - 1) * biz.pageSize, limit: biz.pageSize });
    return {
      pageNum: biz.pageNum,
      pageSize: biz.pageSize,
      total,
      list: rows.map((row) => ({
        orderId: row.order_id,
        orderNo: row.order_no ?? '',
        orderStatus: row.status,
        amountCents: Number(row.amount_cents),
        buyerAccid: row.buyer_accid,
        buyerName: row.buyer_name,
        teamId: row.team_id,
        teamState: row.team_state as GroupBuyTeamState,
        leader: row.leader,
        joinTime: epochSecondsOf(row.joined_at),
      })),
    };
  }

  // --- the buyers' start and join ----------------------------------------------------------------

  /** The buyer starts a team as its leader: a new forming team, the buyer's order placed and paid in it. */
  start(input: StartTeamInput): Promise<JoinedTeam> {
    return this.enter(input, undefined);
  }

  /** The buyer takes a seat in a forming team; the seat that fills it forms the team and releases every member's order. */
  join(input: JoinTeamInput): Promise<JoinedTeam> {
    return this.enter(input, input.teamId);
  }

  /**
   * One transaction: the seat (a new team, or `members + 1` on a forming, unexpired team with one left), the
   * buyer's count, the activity's total, the order placed at the group prices and paid (held for the team), the
   * member row; the seat that fills the team forms it and releases the hold on every member's order. Any refusal
   * rolls everything back. The paid event is emitted after the commit.
   */
  private async enter(input: StartTeamInput, teamId: number | undefined): Promise<JoinedTeam> {
    const now = this.clock.now();
    const at = epochSecondsOf(now);
    let paid: OrderPaidEvent | undefined;
    try {
      const joined = await this.repository.transaction(async (repository, unit) => {
        const activity = await repository.findActivity(input.storeId, input.activityId);
        if (!activity) throw activityNotFound();
        const team = teamId === undefined ? await this.newTeam(repository, activity, input, now) : await this.takeSeat(repository, activity, teamId, now);
        if ((await repository.takeForBuyer(activity.id, input.buyerAccid, activity.per_buyer_limit)) === undefined) {
          throw notAllowed('已达每人限购单数', "the buyer's limit of orders in this group buy is reached");
        }
        if (!(await repository.takeFromActivity(input.storeId, activity.id, now))) {
          throw notAllowed('拼团活动未在进行中或已达总限量', 'the group buy is not running or its total limit is reached');
        }
        const unitCents = await this.unitCentsFor(repository, activity, input.items.map((item) => item.skuId));
        const { activityId: _activityId, ...orderInput } = input;
        const order = await this.orders.place(unit, orderInput, { kind: 'groupBuy', activityId: activity.id, unitCents, holdForTeam: true });
        paid = await this.orders.pay(unit, order.orderId, input.buyerAccid, at);
        await repository.insertMember({
          storeId: input.storeId,
          groupBuyId: activity.id,
          teamId: team.id,
          orderId: order.orderId,
          buyerAccid: input.buyerAccid,
          buyerName: input.buyerName,
          seat: team.members,
          leader: teamId === undefined,
          joinedAt: now,
        });
        let state: GroupBuyTeamState = GROUP_BUY_TEAM_STATE.forming;
        if (team.members === team.size) {
          if (!(await repository.formTeam(team.id, now))) throw new Error(`team ${team.id}: full but not forming`);
          const members = await repository.membersOf([team.id]);
          await this.orders.releaseHold(unit, input.storeId, members.map((member) => member.order_id), at);
          state = GROUP_BUY_TEAM_STATE.formed;
        }
        return { teamId: team.id, state, members: team.members, teamSize: team.size, expiresAt: epochSecondsOf(team.expires_at), orderId: order.orderId, orderNo: order.orderNo, amountCents: order.amountCents };
      });
      if (paid) this.emitPaid(paid);
      return joined;
    } catch (error) {
      if (isUniqueViolation(error)) throw notAllowed('已在该团中', 'the buyer is already in this team');
      throw error;
    }
  }

  private async newTeam(repository: GroupBuysRepository, activity: GroupBuyRow, input: StartTeamInput, now: Date) {
    return repository.insertTeam({
      storeId: activity.store_id,
      groupBuyId: activity.id,
      leaderAccid: input.buyerAccid,
      leaderName: input.buyerName,
      size: activity.team_size,
      startedAt: now,
      expiresAt: addSeconds(now, activity.form_minutes * MINUTE),
    });
  }

  private async takeSeat(repository: GroupBuysRepository, activity: GroupBuyRow, teamId: number, now: Date) {
    const team = await repository.takeSeat(activity.store_id, activity.id, teamId, now);
    if (team) return team;
    // Why no seat was taken, read after the refusal (for the answer only; the transaction rolls back).
    const current = await repository.findTeam(activity.store_id, teamId);
    if (!current || current.group_buy_id !== activity.id) throw teamNotFound();
    if (current.state === GROUP_BUY_TEAM_STATE.formed || current.members >= current.size) throw notAllowed('该团已满', 'the team is full');
    throw notAllowed('该团已结束', 'the team has ended');
  }

  /** The group price of each ordered SKU; a SKU not in the activity is refused (10100001 on items). */
  private async unitCentsFor(repository: GroupBuysRepository, activity: GroupBuyRow, skuIds: readonly number[]): Promise<Map<number, number>> {
    const skus = await repository.skusOf([activity.id]);
    const prices = new Map(skus.map((sku) => [sku.sku_id, sku.group_price_cents]));
    const index = skuIds.findIndex((skuId) => !prices.has(skuId));
    if (index >= 0) throw fieldError(`items.${index}.skuId`, { rule: 'option' });
    return new Map(skuIds.map((skuId) => [skuId, prices.get(skuId)!]));
  }

  // --- the sweep ---------------------------------------------------------------------------------

  /**
   * Fails the forming teams whose time ran out at the clock's now and refunds every member's order in full, each
   * team in its own transaction: the compare-and-swap forming → failed decides which sweep does the team (a
   * second or concurrent sweep finds it failed already and does nothing), and each refund's idempotency key
   * (`groupbuy:team:<teamId>:order:<orderId>`) pays at most once even on a retry. The team's takes go back to
   * the buyers' and the activity's limits.
   */
  async sweep(batch = 100): Promise<SweepOutcome> {
    const now = this.clock.now();
    const outcome: SweepOutcome = { failedTeams: 0, refundedOrders: 0 };
    for (const { id } of await this.repository.expiredTeamIds(now, batch)) {
      const refunded = await this.repository.transaction((repository, unit) => this.failTeam(repository, unit, id, now));
      if (refunded === undefined) continue;
      outcome.failedTeams++;
      outcome.refundedOrders += refunded;
    }
    return outcome;
  }

  private async failTeam(repository: GroupBuysRepository, unit: Transaction<StoreDatabase>, teamId: number, now: Date): Promise<number | undefined> {
    const team = await repository.failTeam(teamId, now);
    if (!team) return undefined;
    const at = epochSecondsOf(now);
    const members = await repository.membersOf([team.id]);
    let refunded = 0;
    for (const member of members) {
      const refund = await refundOrderBySystem(unit, { storeId: team.store_id, orderId: member.order_id, idempotencyKey: failedTeamRefundKey(team.id, member.order_id), reason: FAILED_TEAM_REFUND_REASON, at }, this.orders);
      if (refund && !refund.replayed) refunded++;
    }
    await repository.giveBackToBuyers(team.group_buy_id, members.map((member) => member.buyer_accid));
    await repository.giveBackToActivity(team.group_buy_id, members.length);
    return refunded;
  }

  // --- the pieces --------------------------------------------------------------------------------

  /** The SKUs must be this store's (10100004 naming the others), each group price at most the list price and not below its floor (10100001 on the field). */
  private async checkSkus(repository: GroupBuysRepository, unit: UnitOfWork, storeId: number, rules: GroupBuyRules): Promise<void> {
    const found = new Map((await repository.storeSkus(storeId, rules.skus.map((sku) => sku.skuId))).map((sku) => [sku.id, sku.price_cents]));
    const missing = rules.skus.filter((sku) => !found.has(sku.skuId)).map((sku) => sku.skuId);
    if (missing.length > 0) throw new StoreError(STORE_CODES.notFound, text(`商品规格不存在：${missing.join('、')}`, `SKU not found: ${missing.join(', ')}`));
    const above = rules.skus.findIndex((sku) => sku.groupPriceCents > found.get(sku.skuId)!);
    if (above >= 0) throw fieldError(`skus.${above}.groupPriceCents`, { rule: 'max', limit: found.get(rules.skus[above]!.skuId)! });
    // The margin guard (modules/marketing): the merchant's floors from the goods module, on this transaction.
    const floors = await skuFloors(unit, storeId, rules.skus.map((sku) => sku.skuId));
    const refusal = checkPromotionPrices(new Map(rules.skus.map((sku) => [sku.skuId, sku.groupPriceCents])), floors);
    const problems = marginFieldProblems(refusal, (skuId) => `skus.${rules.skus.findIndex((sku) => sku.skuId === skuId)}.groupPriceCents`);
    if (problems.length > 0) throw fieldErrors(problems);
  }

  /** The activities as answered; each SKU's spec by its labels in `language` (issue 35 §8, docs/goods.md). */
  private async views(repository: GroupBuysRepository, rows: readonly GroupBuyRow[], language: SupportedLanguage): Promise<GroupBuyView[]> {
    const ids = rows.map((row) => row.id);
    const [stored, counts] = await Promise.all([repository.skusOf(ids), repository.teamCounts(ids)]);
    const skus = await repository.withSpecLabelsIn(
      stored.map((sku) => ({ ...sku, goodsId: sku.goods_id, specValues: (sku.spec_values ?? {}) as Record<string, string> })),
      language,
    );
    return rows.map((row) => {
      const byState = counts.get(row.id);
      return {
        groupBuyId: row.id,
        name: row.name,
        skus: skus
          .filter((sku) => sku.group_buy_id === row.id)
          .map((sku) => ({ skuId: sku.sku_id, goodsId: sku.goods_id, title: sku.title, specText: skuSpecText(sku, language), listPriceCents: sku.price_cents, groupPriceCents: sku.group_price_cents })),
        teamSize: row.team_size,
        formMinutes: row.form_minutes,
        perBuyerLimit: row.per_buyer_limit,
        totalLimit: row.total_limit,
        taken: row.taken,
        startTime: epochSecondsOf(row.starts_at),
        endTime: epochSecondsOf(row.ends_at),
        state: row.state as GroupBuyView['state'],
        formingTeams: byState?.get(GROUP_BUY_TEAM_STATE.forming) ?? 0,
        formedTeams: byState?.get(GROUP_BUY_TEAM_STATE.formed) ?? 0,
        failedTeams: byState?.get(GROUP_BUY_TEAM_STATE.failed) ?? 0,
        createTime: epochSecondsOf(row.created_at),
      };
    });
  }
}
