// A type test, compiled by store-server's typecheck and never run: a list definition names tables and columns
// of the database schema, so a misspelt or dropped column fails the build. Each `@ts-expect-error` fails the
// typecheck if the line below it stops being an error.
import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../db/schema';
import { defineResourceList } from './resource-list';

const map = (row: Record<string, unknown>) => ({ id: Number(row.id) });

export const typedList = defineResourceList({
  from: 'store_refund as r',
  storeColumn: 'r.store_id',
  where: (q) => q.innerJoin('store_order as o', 'o.id', 'r.order_id'),
  filters: {
    status: { column: 'r.status', op: 'eq' },
    // @ts-expect-error `created_time` is no column of the schema (the column is `created_at`)
    createTimeStart: { column: 'r.created_time', op: 'gte' },
    orderNo: { apply: (q, value: string) => q.where('o.order_no', '=', value) },
    // @ts-expect-error nor is `order_number`, in a custom filter either
    orderNumber: { apply: (q, value: string) => q.where('o.order_number', '=', value) },
  },
  sorts: { createTime: 'r.created_at' },
  defaultSort: { field: 'createTime', order: 'desc' },
  tieBreaker: 'r.id',
  select: (q) => q.select(['r.id', 'o.order_no']),
  map,
});

export const unknownTable = defineResourceList({
  // @ts-expect-error `store_refunds` is no table of the schema
  from: 'store_refunds as r',
  storeColumn: 'r.store_id',
  filters: {},
  sorts: {},
  defaultSort: { field: 'id', order: 'desc' },
  tieBreaker: 'r.id',
  // @ts-expect-error a selected column must exist too
  select: (q) => q.select(['r.refund_number']),
  map,
});

/** The database a page reads is the schema's, not any Kysely. */
export const readsTheStoreSchema = (db: Kysely<StoreDatabase>) => typedList.page(db, 1001, { pageNum: 1, pageSize: 5 });
// @ts-expect-error a database of another schema is refused
export const refusesAnotherSchema = (db: Kysely<{ other: { id: number } }>) => typedList.page(db, 1001, { pageNum: 1, pageSize: 5 });
