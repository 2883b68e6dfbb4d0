import { sql, type Kysely } from 'kysely';
import { DISPUTE_MACHINE, GOODS_STATUS, REFUND_MACHINE, UNFINISHED_ORDER_STATUSES } from '@merchant/api-contracts';
import type { StoreDatabase } from '../../db/schema';
import { LogoutRecordStatus } from './deregistration.schemas';
import { insertSessionOperation } from '../../db/operation-log';
import { couponOpenCounts } from '../coupons';
import { runningFlashSaleCount } from '../flash-sales';
import { runningGroupBuyCount } from '../group-buys';
import { openActivityApplicationCount } from '../activities';

/** Records still open: the states of a machine that an event can still leave. */
const openStates = (machine: { states: readonly number[]; isTerminal(state: number): boolean }) => machine.states.filter((state) => !machine.isTerminal(state));
const OPEN_REFUND_STATUSES = openStates(REFUND_MACHINE);
const OPEN_COMPLAINT_STATUSES = openStates(DISPUTE_MACHINE);
const [TO_SHIP, ...IN_DELIVERY] = UNFINISHED_ORDER_STATUSES;
const COMPLETED_ORDER = 4;

/** What one store still holds, counted; every query is limited to `storeId`. */
export interface StoreHoldings {
  ordersToShip: number;
  ordersInDelivery: number;
  openRefunds: number;
  openComplaints: number;
  balanceCents: number;
  frozenCents: number;
  depositCents: number;
  blacklisted: boolean;
  pendingRequest: boolean;
  goodsOnShelf: number;
  ordersInReturnPeriod: number;
  staffAccounts: number;
  /** Coupon templates still open to claims: active, and fixed dates not yet over (or valid N days from claiming). */
  runningCoupons: number;
  /** Claimed coupons not used and not expired. */
  unusedCoupons: number;
  /** Group buys active and not over; time-limited sales active and not over; applications to campaigns not over. */
  runningGroupBuys: number;
  runningFlashSales: number;
  activityApplications: number;
}

export interface LogoutRecordView {
  id: number;
  storeId: number;
  ref: string;
  status: number;
  createdAt: Date;
  decidedAt: Date | null;
  rejectReason: string | null;
  storeName: string;
}

const count = (row: { n: number | string | bigint } | undefined) => Number(row?.n ?? 0);

/** What stands in the way of a deregistration, and the requests themselves; always the caller's own store. */
export class DeregistrationRepository {
  constructor(readonly db: Kysely<StoreDatabase>) {}

  async holdings(storeId: number, nowSeconds: number): Promise<StoreHoldings> {
    const db = this.db;
    const orders = await db
      .selectFrom('store_order')
      .select([
        sql<number>`count(*) filter (where status = ${TO_SHIP})`.as('toShip'),
        sql<number>`count(*) filter (where status in (${sql.join(IN_DELIVERY)}))`.as('inDelivery'),
        sql<number>`count(*) filter (where status = ${COMPLETED_ORDER} and return_deadline > ${nowSeconds})`.as('inReturn'),
      ])
      .where('store_id', '=', storeId)
      .executeTakeFirst();
    const refunds = await db.selectFrom('store_refund').select((eb) => eb.fn.countAll().as('n')).where('store_id', '=', storeId).where('status', 'in', OPEN_REFUND_STATUSES).executeTakeFirst();
    const complaints = await db.selectFrom('store_complaint').select((eb) => eb.fn.countAll().as('n')).where('store_id', '=', storeId).where('status', 'in', OPEN_COMPLAINT_STATUSES).executeTakeFirst();
    const account = await db.selectFrom('store_pay_account').selectAll().where('store_id', '=', storeId).executeTakeFirst();
    const blacklisted = await db.selectFrom('store_withdraw_blacklist').select('store_id').where('store_id', '=', storeId).executeTakeFirst();
    const pending = await db.selectFrom('store_logout_record').select('id').where('store_id', '=', storeId).where('status', '=', LogoutRecordStatus.pending).executeTakeFirst();
    const goods = await db.selectFrom('store_goods').select((eb) => eb.fn.countAll().as('n')).where('store_id', '=', storeId).where('status', '=', GOODS_STATUS.onShelf).executeTakeFirst();
    const staff = await db.selectFrom('store_user').select((eb) => eb.fn.countAll().as('n')).where('store_id', '=', storeId).where('is_owner', '=', false).executeTakeFirst();
    // Coupons: the coupons module's definitions of a running template and a usable coupon (one source of truth).
    const now = new Date(nowSeconds * 1000);
    const coupons = await couponOpenCounts(db, storeId, now);
    // The other marketing activities, each by its own module's definition of running.
    const [runningGroupBuys, runningFlashSales, activityApplications] = await Promise.all([
      runningGroupBuyCount(db, storeId, now),
      runningFlashSaleCount(db, storeId, now),
      openActivityApplicationCount(db, storeId, now),
    ]);
    return {
      ordersToShip: Number(orders?.toShip ?? 0),
      ordersInDelivery: Number(orders?.inDelivery ?? 0),
      ordersInReturnPeriod: Number(orders?.inReturn ?? 0),
      openRefunds: count(refunds),
      openComplaints: count(complaints),
      balanceCents: Number(account?.balance_cents ?? 0),
      frozenCents: Number(account?.frozen_cents ?? 0),
      depositCents: Number(account?.deposit_cents ?? 0),
      blacklisted: blacklisted !== undefined,
      pendingRequest: pending !== undefined,
      goodsOnShelf: count(goods),
      staffAccounts: count(staff),
      runningCoupons: coupons.runningTemplates,
      unusedCoupons: coupons.usableCoupons,
      runningGroupBuys,
      runningFlashSales,
      activityApplications,
    };
  }

  latestRequest(storeId: number) {
    return this.db
      .selectFrom('store_logout_record')
      .select(['id', 'public_ref', 'status', 'created_at'])
      .where('store_id', '=', storeId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /**
   * A pending request and its operation-log entry (who, when, from which session) in one transaction, or
   * undefined when one is already pending (a concurrent submission won; nothing is logged then).
   */
  insertPendingRequest(storeId: number, userId: number, logoutReason: string, log: { sessionTokenHash: string; operationType: string; at: Date }) {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('store_logout_record')
        .values({ store_id: storeId, user_id: userId, logout_reason: logoutReason, status: LogoutRecordStatus.pending })
        // The partial unique index decides between concurrent submissions; its predicate must be a literal to be inferred.
        .onConflict((oc) => oc.column('store_id').where('status', '=', sql.lit(LogoutRecordStatus.pending)).doNothing())
        .returning(['id', 'public_ref', 'status', 'created_at'])
        .executeTakeFirst();
      if (!row) return undefined;
      await insertSessionOperation(trx, { storeId, userId, ...log });
      return row;
    });
  }

  private recordView(db: Kysely<StoreDatabase>) {
    return db
      .selectFrom('store_logout_record as r')
      .innerJoin('store_store as s', 's.id', 'r.store_id')
      .select([
        'r.id',
        'r.store_id as storeId',
        'r.public_ref as ref',
        'r.status',
        'r.created_at as createdAt',
        'r.decided_at as decidedAt',
        'r.reject_reason as rejectReason',
        's.store_name as storeName',
      ]);
  }

  findByRef(ref: string): Promise<LogoutRecordView | undefined> {
    return this.recordView(this.db).where('r.public_ref', '=', ref).executeTakeFirst();
  }

  findById(id: number, db: Kysely<StoreDatabase> = this.db): Promise<LogoutRecordView | undefined> {
    return this.recordView(db).where('r.id', '=', id).executeTakeFirst();
  }

  /** Decides a pending request; false when it is no longer pending (decided concurrently). */
  async decide(db: Kysely<StoreDatabase>, id: number, status: number, rejectReason: string | null): Promise<boolean> {
    const result = await db
      .updateTable('store_logout_record')
      .set({ status, decided_at: new Date(), reject_reason: rejectReason })
      .where('id', '=', id)
      .where('status', '=', LogoutRecordStatus.pending)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
