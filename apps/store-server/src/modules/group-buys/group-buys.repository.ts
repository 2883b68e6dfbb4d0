import { sql, type Kysely, type Transaction } from 'kysely';
import type { SupportedLanguage } from '@merchant/api-contracts';
import type { StoreDatabase } from '../../db/schema';
import { withSpecLabelsIn } from '../goods';
import { likePattern } from '../../shared/resource-list';

type Db = Kysely<StoreDatabase> | Transaction<StoreDatabase>;

/** An activity's rules as the merchant wrote them (validated by the contract and the service). */
export interface GroupBuyRules {
  name: string;
  skus: readonly { skuId: number; groupPriceCents: number }[];
  teamSize: number;
  formMinutes: number;
  perBuyerLimit: number;
  totalLimit: number;
  startsAt: Date;
  endsAt: Date;
}

export type GroupBuyRow = Awaited<ReturnType<GroupBuysRepository['findActivity']>> & {};
export type TeamRow = Awaited<ReturnType<GroupBuysRepository['findTeam']>> & {};

const rulesColumns = (rules: GroupBuyRules) => ({
  name: rules.name,
  team_size: rules.teamSize,
  form_minutes: rules.formMinutes,
  per_buyer_limit: rules.perBuyerLimit,
  total_limit: rules.totalLimit,
  starts_at: rules.startsAt,
  ends_at: rules.endsAt,
});

/**
 * A store's group buys, teams and members (docs/marketing.md "Group buying"); merchant reads filter by the store
 * id. Every limit moves by one conditional statement, never by reading first. Locks are taken team, then the
 * buyer's count, then the activity (join and sweep alike), so two of them never wait on each other in opposite orders.
 */
export class GroupBuysRepository {
  constructor(private readonly db: Db) {}

  /** SKU rows with their spec keys labelled in `language` (the goods module's reference-spec labels, issue 35 §8). */
  withSpecLabelsIn<Row extends { goodsId: number; specValues: Readonly<Record<string, string>> }>(rows: readonly Row[], language: SupportedLanguage) {
    return withSpecLabelsIn(this.db, rows, language);
  }

  /** Group buys still running for a store closing down (deregistration's blocker): active and not yet over. */
  async runningCount(storeId: number, now: Date): Promise<number> {
    const row = await this.db.selectFrom('store_group_buy').select((eb) => eb.fn.countAll<string>().as('n')).where('store_id', '=', storeId).where('state', '=', 1).where('ends_at', '>', now).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  transaction<T>(work: (repository: GroupBuysRepository, unit: Transaction<StoreDatabase>) => Promise<T>): Promise<T> {
    return (this.db as Kysely<StoreDatabase>).transaction().execute((trx) => work(new GroupBuysRepository(trx), trx));
  }

  // --- activities --------------------------------------------------------------------------------

  findActivity(storeId: number, groupBuyId: number) {
    return this.db.selectFrom('store_group_buy').selectAll().where('store_id', '=', storeId).where('id', '=', groupBuyId).executeTakeFirst();
  }

  async listActivities(storeId: number, filter: { state?: number; name?: string; offset: number; limit: number }) {
    let query = this.db.selectFrom('store_group_buy').where('store_id', '=', storeId);
    if (filter.state !== undefined) query = query.where('state', '=', filter.state);
    if (filter.name) query = query.where('name', 'ilike', likePattern(filter.name));
    const total = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const rows = await query.selectAll().orderBy('id', 'desc').offset(filter.offset).limit(filter.limit).execute();
    return { total: Number(total.n), rows };
  }

  insertActivity(storeId: number, rules: GroupBuyRules, at: Date) {
    return this.db
      .insertInto('store_group_buy')
      .values({ store_id: storeId, ...rulesColumns(rules), created_at: at, updated_at: at })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** New rules, unless the new total limit is below what is already taken (checked in the same statement). */
  updateActivity(storeId: number, groupBuyId: number, rules: GroupBuyRules, at: Date) {
    return this.db
      .updateTable('store_group_buy')
      .set({ ...rulesColumns(rules), updated_at: at })
      .where('store_id', '=', storeId)
      .where('id', '=', groupBuyId)
      .where('taken', '<=', rules.totalLimit)
      .returningAll()
      .executeTakeFirst();
  }

  setActivityState(storeId: number, groupBuyId: number, state: number, at: Date) {
    return this.db.updateTable('store_group_buy').set({ state, updated_at: at }).where('store_id', '=', storeId).where('id', '=', groupBuyId).returningAll().executeTakeFirst();
  }

  async replaceSkus(storeId: number, groupBuyId: number, skus: GroupBuyRules['skus']): Promise<void> {
    await this.db.deleteFrom('store_group_buy_sku').where('group_buy_id', '=', groupBuyId).execute();
    await this.db
      .insertInto('store_group_buy_sku')
      .values(skus.map((sku) => ({ group_buy_id: groupBuyId, store_id: storeId, sku_id: sku.skuId, group_price_cents: sku.groupPriceCents })))
      .execute();
  }

  /** The activities' SKUs with their goods' title, spec and list price. */
  skusOf(groupBuyIds: readonly number[]) {
    if (groupBuyIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('store_group_buy_sku as s')
      .innerJoin('store_goods_sku as k', 'k.id', 's.sku_id')
      .innerJoin('store_goods as g', 'g.id', 'k.goods_id')
      .select(['s.group_buy_id', 's.sku_id', 's.group_price_cents', 'k.goods_id', 'k.price_cents', 'k.spec_values', 'g.title'])
      .where('s.group_buy_id', 'in', [...groupBuyIds])
      .orderBy('s.group_buy_id')
      .orderBy('s.sku_id')
      .execute();
  }

  /** The store's SKUs among `skuIds`, with their list prices. */
  storeSkus(storeId: number, skuIds: readonly number[]) {
    if (skuIds.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('store_goods_sku').select(['id', 'price_cents']).where('store_id', '=', storeId).where('id', 'in', [...skuIds]).execute();
  }

  /** Teams of each activity by state. */
  async teamCounts(groupBuyIds: readonly number[]): Promise<Map<number, Map<number, number>>> {
    const counts = new Map<number, Map<number, number>>();
    if (groupBuyIds.length === 0) return counts;
    const rows = await this.db
      .selectFrom('store_group_buy_team')
      .select(['group_buy_id', 'state', (eb) => eb.fn.countAll<string>().as('n')])
      .where('group_buy_id', 'in', [...groupBuyIds])
      .groupBy(['group_buy_id', 'state'])
      .execute();
    for (const row of rows) {
      const byState = counts.get(row.group_buy_id) ?? new Map<number, number>();
      byState.set(row.state, Number(row.n));
      counts.set(row.group_buy_id, byState);
    }
    return counts;
  }

  /**
   * Takes one order from an active activity within its run window and total limit, in one conditional UPDATE
   * (never read first). undefined: refused (stopped, outside the window, or the limit is reached).
   */
  takeFromActivity(storeId: number, groupBuyId: number, now: Date) {
    return this.db
      .updateTable('store_group_buy')
      .set((eb) => ({ taken: eb('taken', '+', 1) }))
      .where('store_id', '=', storeId)
      .where('id', '=', groupBuyId)
      .where('state', '=', 1)
      .where('starts_at', '<=', now)
      .where('ends_at', '>', now)
      .where((eb) => eb(eb('taken', '+', 1), '<=', eb.ref('total_limit')))
      .returningAll()
      .executeTakeFirst();
  }

  /** A failed team's orders give their takes back. */
  async giveBackToActivity(groupBuyId: number, n: number): Promise<void> {
    await this.db
      .updateTable('store_group_buy')
      .set((eb) => ({ taken: eb('taken', '-', n) }))
      .where('id', '=', groupBuyId)
      .execute();
  }

  /** One more order for the buyer, by a conditional upsert that never passes `limit`; the count after, or undefined. */
  async takeForBuyer(groupBuyId: number, buyerAccid: string, limit: number): Promise<number | undefined> {
    const row = await this.db
      .insertInto('store_group_buy_buyer_count')
      .values({ group_buy_id: groupBuyId, buyer_accid: buyerAccid, taken: 1 })
      .onConflict((oc) =>
        oc
          .columns(['group_buy_id', 'buyer_accid'])
          .doUpdateSet({ taken: sql<number>`store_group_buy_buyer_count.taken + 1` })
          .where(sql<number>`store_group_buy_buyer_count.taken + 1`, '<=', limit),
      )
      .returning('taken')
      .executeTakeFirst();
    return row?.taken;
  }

  /** A failed team's buyers get their takes back, in buyer order (the same lock order as the joins). */
  async giveBackToBuyers(groupBuyId: number, buyerAccids: readonly string[]): Promise<void> {
    for (const buyerAccid of [...buyerAccids].sort()) {
      await this.db
        .updateTable('store_group_buy_buyer_count')
        .set((eb) => ({ taken: eb('taken', '-', 1) }))
        .where('group_buy_id', '=', groupBuyId)
        .where('buyer_accid', '=', buyerAccid)
        .where('taken', '>', 0)
        .execute();
    }
  }

  // --- teams ---------------------------------------------------------------------------------------

  findTeam(storeId: number, teamId: number) {
    return this.db.selectFrom('store_group_buy_team').selectAll().where('store_id', '=', storeId).where('id', '=', teamId).executeTakeFirst();
  }

  insertTeam(team: { storeId: number; groupBuyId: number; leaderAccid: string; leaderName: string; size: number; startedAt: Date; expiresAt: Date }) {
    return this.db
      .insertInto('store_group_buy_team')
      .values({
        store_id: team.storeId,
        group_buy_id: team.groupBuyId,
        leader_accid: team.leaderAccid,
        leader_name: team.leaderName,
        size: team.size,
        members: 1,
        started_at: team.startedAt,
        expires_at: team.expiresAt,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /**
   * Takes a seat in a forming, unexpired team of the activity that has one left, in one conditional UPDATE (never
   * read first): the seat number and the team after it, or undefined when refused.
   */
  takeSeat(storeId: number, groupBuyId: number, teamId: number, now: Date) {
    return this.db
      .updateTable('store_group_buy_team')
      .set((eb) => ({ members: eb('members', '+', 1) }))
      .where('store_id', '=', storeId)
      .where('group_buy_id', '=', groupBuyId)
      .where('id', '=', teamId)
      .where('state', '=', 1)
      .where((eb) => eb('members', '<', eb.ref('size')))
      .where('expires_at', '>', now)
      .returningAll()
      .executeTakeFirst();
  }

  /** Compare-and-swap forming → formed, only when every seat is taken. */
  async formTeam(teamId: number, at: Date): Promise<boolean> {
    const row = await this.db
      .updateTable('store_group_buy_team')
      .set({ state: 2, ended_at: at })
      .where('id', '=', teamId)
      .where('state', '=', 1)
      .where((eb) => eb('members', '=', eb.ref('size')))
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Forming teams past their expiry at `now`, oldest first (ids only: each is failed in its own transaction). */
  async expiredTeamIds(now: Date, limit: number): Promise<{ id: number; store_id: number }[]> {
    return this.db.selectFrom('store_group_buy_team').select(['id', 'store_id']).where('state', '=', 1).where('expires_at', '<=', now).orderBy('expires_at').limit(limit).execute();
  }

  /** Compare-and-swap forming → failed, only past its expiry: the team row, or undefined when another sweep (or the last join) won. */
  failTeam(teamId: number, now: Date) {
    return this.db
      .updateTable('store_group_buy_team')
      .set({ state: 3, ended_at: now })
      .where('id', '=', teamId)
      .where('state', '=', 1)
      .where('expires_at', '<=', now)
      .returningAll()
      .executeTakeFirst();
  }

  async listTeams(storeId: number, groupBuyId: number, filter: { state?: number; offset: number; limit: number }) {
    let query = this.db.selectFrom('store_group_buy_team').where('store_id', '=', storeId).where('group_buy_id', '=', groupBuyId);
    if (filter.state !== undefined) query = query.where('state', '=', filter.state);
    const total = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const rows = await query.selectAll().orderBy('id', 'desc').offset(filter.offset).limit(filter.limit).execute();
    return { total: Number(total.n), rows };
  }

  // --- members -------------------------------------------------------------------------------------

  async insertMember(member: { storeId: number; groupBuyId: number; teamId: number; orderId: number; buyerAccid: string; buyerName: string; seat: number; leader: boolean; joinedAt: Date }): Promise<void> {
    await this.db
      .insertInto('store_group_buy_member')
      .values({
        store_id: member.storeId,
        group_buy_id: member.groupBuyId,
        team_id: member.teamId,
        order_id: member.orderId,
        buyer_accid: member.buyerAccid,
        buyer_name: member.buyerName,
        seat: member.seat,
        leader: member.leader,
        joined_at: member.joinedAt,
      })
      .execute();
  }

  /** The teams' members in seat order, with their orders' numbers. */
  membersOf(teamIds: readonly number[]) {
    if (teamIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('store_group_buy_member as m')
      .innerJoin('store_order as o', 'o.id', 'm.order_id')
      .select(['m.team_id', 'm.order_id', 'o.order_no', 'm.buyer_accid', 'm.buyer_name', 'm.leader', 'm.joined_at', 'm.seat'])
      .where('m.team_id', 'in', [...teamIds])
      .orderBy('m.team_id')
      .orderBy('m.seat')
      .execute();
  }

  async listOrders(storeId: number, groupBuyId: number, filter: { teamState?: number; offset: number; limit: number }) {
    let query = this.db
      .selectFrom('store_group_buy_member as m')
      .innerJoin('store_group_buy_team as t', 't.id', 'm.team_id')
      .innerJoin('store_order as o', 'o.id', 'm.order_id')
      .where('m.store_id', '=', storeId)
      .where('m.group_buy_id', '=', groupBuyId);
    if (filter.teamState !== undefined) query = query.where('t.state', '=', filter.teamState);
    const total = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const rows = await query
      .select(['m.order_id', 'o.order_no', 'o.status', 'o.amount_cents', 'm.buyer_accid', 'm.buyer_name', 'm.team_id', 't.state as team_state', 'm.leader', 'm.joined_at'])
      .orderBy('m.id', 'desc')
      .offset(filter.offset)
      .limit(filter.limit)
      .execute();
    return { total: Number(total.n), rows };
  }
}
