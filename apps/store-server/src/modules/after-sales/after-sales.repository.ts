import type { UnitOfWork } from '../../shared/unit-of-work';
import type { Actor, PageOf, RefundLedgerEntry } from '@merchant/api-contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { ListQuery, ResourceList } from '../../shared/resource-list';
import { postOrderRefund } from '../ledger';
import { complaintList, evaluationList, jsonList, refundList } from './after-sales.lists';

export { complaintList, evaluationList, refundList };

type Db = Kysely<StoreDatabase> | Transaction<StoreDatabase>;

/** The order fields after-sales needs (store_order is the orders module's table; after-sales owns refunded_cents). */
export interface OrderFacts {
  orderId: number;
  storeId: number;
  orderNo: string;
  status: number;
  amountCents: number;
  refundedCents: number;
  buyerAccid: string;
}

export interface RefundRecord {
  id: number;
  storeId: number;
  orderId: number;
  status: number;
  kind: number;
  amountCents: number;
  buyerAccid: string;
}

export interface ComplaintRecord {
  id: number;
  storeId: number;
  orderId: number;
  status: number;
  filedBy: string;
  buyerAccid: string;
}

export interface HistoryEntry {
  event: string;
  actor: Actor;
  fromStatus: number | null;
  toStatus: number;
  note: string | null;
  at: number;
}

export interface LedgerRow extends RefundLedgerEntry {
  storeId: number;
  orderRefundedCents: number;
  orderRefundedInFull: boolean;
}

const orderColumns = ['id', 'store_id', 'order_no', 'status', 'amount_cents', 'refunded_cents', 'buyer_accid'] as const;
const toOrder = (row: { id: number; store_id: number; order_no: string | null; status: number; amount_cents: number | string; refunded_cents: number | string; buyer_accid: string }): OrderFacts => ({
  orderId: row.id,
  storeId: row.store_id,
  orderNo: row.order_no ?? '',
  status: row.status,
  amountCents: Number(row.amount_cents),
  refundedCents: Number(row.refunded_cents),
  buyerAccid: row.buyer_accid,
});
const toHistory = (row: { event: string; actor: string; from_status: number | null; to_status: number; note: string | null; created_at: number | string }): HistoryEntry => ({
  event: row.event,
  actor: row.actor as Actor,
  fromStatus: row.from_status,
  toStatus: row.to_status,
  note: row.note,
  at: Number(row.created_at),
});
const toLedger = (row: {
  id: number;
  store_id: number;
  order_id: number;
  refund_id: number;
  amount_cents: number | string;
  idempotency_key: string;
  order_refunded_cents: number | string;
  order_refunded_in_full: boolean;
  created_at: number | string;
}): LedgerRow => ({
  ledgerId: row.id,
  storeId: row.store_id,
  orderId: row.order_id,
  refundId: row.refund_id,
  amountCents: Number(row.amount_cents),
  idempotencyKey: row.idempotency_key,
  orderRefundedCents: Number(row.order_refunded_cents),
  orderRefundedInFull: row.order_refunded_in_full,
  at: Number(row.created_at),
});

/** PostgreSQL's unique_violation, e.g. a second ledger row with the same idempotency key. */
export const isUniqueViolation = (error: unknown) => typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/**
 * After-sales rows. Merchant reads and writes filter by the caller's store id; buyer and platform commands
 * find the record by id and take its store from the record. Locks (`for update`) are taken refund or
 * complaint first, then order, so two commands never wait on each other in opposite orders.
 */
export class AfterSalesRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(run: (repository: AfterSalesRepository) => Promise<T>): Promise<T> {
    return (this.db as Kysely<StoreDatabase>).transaction().execute((trx) => run(new AfterSalesRepository(trx)));
  }

  /** The open transaction, lent to another module's face (the coupon given back with a whole-order refund). */
  get unit(): UnitOfWork {
    if (!this.db.isTransaction) throw new Error('after-sales: unit asked outside a transaction');
    return this.db as UnitOfWork;
  }

  page<Row>(list: ResourceList<Row>, storeId: number, query: ListQuery): Promise<PageOf<Row>> {
    return list.page(this.db, storeId, query);
  }

  /** The next id of a table's identity, so a record's number can be written with the record. */
  async nextId(table: 'store_refund' | 'store_complaint'): Promise<number> {
    const { rows } = await sql<{ id: string | number }>`select nextval(pg_get_serial_sequence(${table}, 'id')) as id`.execute(this.db);
    return Number(rows[0]!.id);
  }

  // --- orders (store_order, shared schema) ------------------------------------------------------

  /** The order with its row locked until the transaction ends; undefined when absent (or not the store's, when given). */
  async lockOrder(orderId: number, storeId?: number): Promise<OrderFacts | undefined> {
    let query = this.db.selectFrom('store_order').select([...orderColumns]).where('id', '=', orderId);
    if (storeId !== undefined) query = query.where('store_id', '=', storeId);
    const row = await query.forUpdate().executeTakeFirst();
    return row ? toOrder(row) : undefined;
  }

  async order(storeId: number, orderId: number): Promise<OrderFacts | undefined> {
    const row = await this.db.selectFrom('store_order').select([...orderColumns]).where('id', '=', orderId).where('store_id', '=', storeId).executeTakeFirst();
    return row ? toOrder(row) : undefined;
  }

  /** Adds a paid refund to the order's refunded total; the check constraint keeps it within the amount paid. */
  async addRefunded(orderId: number, amountCents: number, at: number): Promise<void> {
    await this.db
      .updateTable('store_order')
      .set({ refunded_cents: sql<number>`refunded_cents + ${amountCents}`, updated_at: at })
      .where('id', '=', orderId)
      .execute();
  }

  /** The ORDER machine's move the refund fired, with its history row (the orders module's store_order_event). */
  async moveOrder(order: OrderFacts, event: string, actor: Actor, toStatus: number, at: number): Promise<void> {
    await this.db.updateTable('store_order').set({ status: toStatus, updated_at: at }).where('id', '=', order.orderId).where('status', '=', order.status).execute();
    await this.db
      .insertInto('store_order_event')
      .values({ order_id: order.orderId, store_id: order.storeId, event, actor, from_status: order.status, to_status: toStatus, days: null, created_at: at })
      .execute();
  }

  // --- refunds ------------------------------------------------------------------------------------

  refundRow(storeId: number, refundId: number) {
    return refundList.row(this.db, storeId, (q) => q.where('r.id', '=', refundId));
  }

  async refundExtras(refundId: number) {
    return this.db.selectFrom('store_refund').select(['description', 'evidence_urls', 'reject_reason']).where('id', '=', refundId).executeTakeFirstOrThrow();
  }

  /** The refund with its row locked; scoped to the store when given. */
  async lockRefund(refundId: number, storeId?: number): Promise<RefundRecord | undefined> {
    let query = this.db.selectFrom('store_refund').select(['id', 'store_id', 'order_id', 'status', 'kind', 'amount_cents', 'buyer_accid']).where('id', '=', refundId);
    if (storeId !== undefined) query = query.where('store_id', '=', storeId);
    const row = await query.forUpdate().executeTakeFirst();
    return row ? { id: row.id, storeId: row.store_id, orderId: row.order_id, status: row.status, kind: row.kind, amountCents: Number(row.amount_cents), buyerAccid: row.buyer_accid } : undefined;
  }

  async insertRefund(refund: {
    id: number;
    storeId: number;
    orderId: number;
    refundNo: string;
    kind: number;
    amountCents: number;
    buyerAccid: string;
    reason: string;
    description: string;
    evidenceUrls: string[];
    at: number;
  }): Promise<void> {
    await this.db
      .insertInto('store_refund')
      .values({
        id: refund.id,
        store_id: refund.storeId,
        order_id: refund.orderId,
        refund_no: refund.refundNo,
        status: 0,
        kind: refund.kind,
        amount_cents: refund.amountCents,
        buyer_accid: refund.buyerAccid,
        reason: refund.reason,
        description: refund.description,
        evidence_urls: JSON.stringify(refund.evidenceUrls),
        created_at: refund.at,
        updated_at: refund.at,
      })
      .execute();
  }

  /** Moves a locked refund and writes its history row. */
  async moveRefund(refund: RefundRecord, event: string, actor: Actor, toStatus: number, at: number, note: string | null = null): Promise<void> {
    await this.db
      .updateTable('store_refund')
      .set({ status: toStatus, updated_at: at, ...(event === 'reject' ? { reject_reason: note } : {}) })
      .where('id', '=', refund.id)
      .where('status', '=', refund.status)
      .execute();
    await this.insertRefundEvent(refund.id, refund.storeId, { event, actor, fromStatus: refund.status, toStatus, note, at });
  }

  async insertRefundEvent(refundId: number, storeId: number, entry: HistoryEntry): Promise<void> {
    await this.db
      .insertInto('store_refund_event')
      .values({ refund_id: refundId, store_id: storeId, event: entry.event, actor: entry.actor, from_status: entry.fromStatus, to_status: entry.toStatus, note: entry.note, created_at: entry.at })
      .execute();
  }

  async refundHistory(refundId: number): Promise<HistoryEntry[]> {
    const rows = await this.db.selectFrom('store_refund_event').select(['event', 'actor', 'from_status', 'to_status', 'note', 'created_at']).where('refund_id', '=', refundId).orderBy('id').execute();
    return rows.map(toHistory);
  }

  // --- ledger ---------------------------------------------------------------------------------------

  async ledgerByKey(storeId: number, idempotencyKey: string): Promise<LedgerRow | undefined> {
    const row = await this.db.selectFrom('store_ledger').selectAll().where('store_id', '=', storeId).where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
    return row ? toLedger(row) : undefined;
  }

  async ledgerOfRefund(refundId: number): Promise<LedgerRow[]> {
    const rows = await this.db.selectFrom('store_ledger').selectAll().where('refund_id', '=', refundId).orderBy('id').execute();
    return rows.map(toLedger);
  }

  async insertLedger(entry: Omit<LedgerRow, 'ledgerId'>): Promise<LedgerRow> {
    const row = await this.db
      .insertInto('store_ledger')
      .values({
        store_id: entry.storeId,
        order_id: entry.orderId,
        refund_id: entry.refundId,
        amount_cents: entry.amountCents,
        idempotency_key: entry.idempotencyKey,
        order_refunded_cents: entry.orderRefundedCents,
        order_refunded_in_full: entry.orderRefundedInFull,
        created_at: entry.at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    // The money goes back through the double-entry ledger in the same transaction (docs/ledger.md "Postings"):
    // refused there (and so here) when the order's refunds would pass what its payment captured.
    await postOrderRefund(this.db, { storeId: entry.storeId, orderId: entry.orderId, refundId: entry.refundId, amountCents: entry.amountCents, idempotencyKey: `refund-${entry.refundId}`, at: new Date(entry.at * 1000) });
    return toLedger(row);
  }

  // --- complaints -----------------------------------------------------------------------------------

  complaintRow(storeId: number, complaintId: number) {
    return complaintList.row(this.db, storeId, (q) => q.where('c.id', '=', complaintId));
  }

  async complaintExtras(complaintId: number) {
    return this.db.selectFrom('store_complaint').select(['description', 'evidence_urls', 'ruling']).where('id', '=', complaintId).executeTakeFirstOrThrow();
  }

  async lockComplaint(complaintId: number, storeId?: number): Promise<ComplaintRecord | undefined> {
    let query = this.db.selectFrom('store_complaint').select(['id', 'store_id', 'order_id', 'status', 'filed_by', 'buyer_accid']).where('id', '=', complaintId);
    if (storeId !== undefined) query = query.where('store_id', '=', storeId);
    const row = await query.forUpdate().executeTakeFirst();
    return row ? { id: row.id, storeId: row.store_id, orderId: row.order_id, status: row.status, filedBy: row.filed_by, buyerAccid: row.buyer_accid } : undefined;
  }

  async openComplaintOf(orderId: number): Promise<number | undefined> {
    const row = await this.db.selectFrom('store_complaint').select('id').where('order_id', '=', orderId).where('status', '=', 1).executeTakeFirst();
    return row?.id;
  }

  async insertComplaint(complaint: {
    id: number;
    storeId: number;
    orderId: number;
    complaintNo: string;
    buyerAccid: string;
    reason: string;
    description: string;
    evidenceUrls: string[];
    at: number;
  }): Promise<void> {
    await this.db
      .insertInto('store_complaint')
      .values({
        id: complaint.id,
        store_id: complaint.storeId,
        order_id: complaint.orderId,
        complaint_no: complaint.complaintNo,
        status: 1,
        filed_by: 'buyer',
        buyer_accid: complaint.buyerAccid,
        reason: complaint.reason,
        description: complaint.description,
        evidence_urls: JSON.stringify(complaint.evidenceUrls),
        created_at: complaint.at,
        updated_at: complaint.at,
      })
      .execute();
  }

  async moveComplaint(complaint: ComplaintRecord, event: string, actor: Actor, toStatus: number, at: number, note: string | null = null): Promise<void> {
    await this.db
      .updateTable('store_complaint')
      .set({ status: toStatus, updated_at: at, ...(event === 'end' ? { ruling: note } : {}) })
      .where('id', '=', complaint.id)
      .where('status', '=', complaint.status)
      .execute();
    await this.insertComplaintEvent(complaint.id, complaint.storeId, { event, actor, fromStatus: complaint.status, toStatus, note, at });
  }

  async insertComplaintEvent(complaintId: number, storeId: number, entry: HistoryEntry): Promise<void> {
    await this.db
      .insertInto('store_complaint_event')
      .values({ complaint_id: complaintId, store_id: storeId, event: entry.event, actor: entry.actor, from_status: entry.fromStatus, to_status: entry.toStatus, note: entry.note, created_at: entry.at })
      .execute();
  }

  async complaintHistory(complaintId: number): Promise<HistoryEntry[]> {
    const rows = await this.db.selectFrom('store_complaint_event').select(['event', 'actor', 'from_status', 'to_status', 'note', 'created_at']).where('complaint_id', '=', complaintId).orderBy('id').execute();
    return rows.map(toHistory);
  }

  async complaintResponses(complaintId: number) {
    const rows = await this.db.selectFrom('store_complaint_response').select(['id', 'content', 'evidence_urls', 'created_at']).where('complaint_id', '=', complaintId).orderBy('id').execute();
    return rows.map((r) => ({ responseId: r.id, content: r.content, evidenceUrls: jsonList(r.evidence_urls), at: Number(r.created_at) }));
  }

  async insertComplaintResponse(complaintId: number, storeId: number, content: string, evidenceUrls: string[], at: number): Promise<void> {
    await this.db
      .insertInto('store_complaint_response')
      .values({ complaint_id: complaintId, store_id: storeId, content, evidence_urls: JSON.stringify(evidenceUrls), created_at: at })
      .execute();
  }

  async touchComplaint(complaintId: number, at: number): Promise<void> {
    await this.db.updateTable('store_complaint').set({ updated_at: at }).where('id', '=', complaintId).execute();
  }

  // --- evaluations -----------------------------------------------------------------------------------

  evaluationRow(storeId: number, evaluationId: number) {
    return evaluationList.row(this.db, storeId, (q) => q.where('v.id', '=', evaluationId));
  }

  /** Undefined when the order already has a review. */
  async insertEvaluation(evaluation: { storeId: number; orderId: number; buyerAccid: string; rating: number; content: string; imageUrls: string[]; at: number }): Promise<number | undefined> {
    const row = await this.db
      .insertInto('store_evaluation')
      .values({
        store_id: evaluation.storeId,
        order_id: evaluation.orderId,
        buyer_accid: evaluation.buyerAccid,
        rating: evaluation.rating,
        content: evaluation.content,
        image_urls: JSON.stringify(evaluation.imageUrls),
        created_at: evaluation.at,
      })
      .onConflict((oc) => oc.column('order_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  /** Writes the reply only if there is none yet (one statement, so two replies at once cannot both land). */
  async replyOnce(storeId: number, evaluationId: number, reply: string, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('store_evaluation')
      .set({ reply, replied_at: at })
      .where('id', '=', evaluationId)
      .where('store_id', '=', storeId)
      .where('reply', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
