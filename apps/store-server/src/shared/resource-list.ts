import type { PageOf } from '@merchant/api-contracts';
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { StoreDatabase } from '../db/schema';

/**
 * The server half of the resource kit: one definition of a list (its table, the column that holds the
 * store id, the filters with their operators, the sortable columns and the default order) gives a
 * paged query with its total. The store filter is not optional: every list is scoped to the caller's
 * store by construction, whatever the filters say.
 */

// Typed against a database schema: store-server's StoreDatabase unless another is given (the helper's own spec).

/** A table of the schema. */
export type ListTable<DB = StoreDatabase> = keyof DB & string;
/** Every column name of the schema. */
type ColumnNameOf<DB> = { [T in ListTable<DB>]: keyof DB[T] & string }[ListTable<DB>];
/**
 * The tables of a list as its definition aliases them (`store_goods as g`, a join's `store_order as o`): any
 * alias, holding columns of the schema. Kysely checks every `alias.column` a definition writes against the
 * schema's column names; that the alias is the table holding that column, the module's integration tests prove.
 */
type ListTables<DB> = Record<string, Record<ColumnNameOf<DB>, unknown>>;
export type ListQueryBuilder<DB = StoreDatabase> = SelectQueryBuilder<ListTables<DB>, string, object>;
/** The list's table with its alias: `store_goods as g`. */
export type ListFrom<DB = StoreDatabase> = `${ListTable<DB>} as ${string}`;
/** A column of the schema under its alias: `g.created_at`. */
export type ListColumn<DB = StoreDatabase> = `${string}.${ColumnNameOf<DB>}`;

export type FilterOperator = 'eq' | 'in' | 'contains' | 'gte' | 'lte';

export interface ColumnFilter<DB = StoreDatabase> {
  column: ListColumn<DB>;
  op: FilterOperator;
  /** Turns the wire value into the column's value (e.g. seconds → Date for a timestamptz column). */
  toDb?: (value: unknown) => unknown;
}

/** A filter no single operator expresses (e.g. a stock status computed from two columns). */
export interface CustomFilter<DB = StoreDatabase> {
  apply: (query: ListQueryBuilder<DB>, value: never) => ListQueryBuilder<DB>;
}

export type FilterDefinition<DB = StoreDatabase> = ColumnFilter<DB> | CustomFilter<DB>;
export type SortOrder = 'asc' | 'desc';

export interface ResourceListDefinition<Row, DB = StoreDatabase> {
  /** The table with its alias, e.g. `store_goods as g`; joins needed by filters go in `where`. */
  from: ListFrom<DB>;
  /** The column holding the store id, e.g. `g.store_id`. */
  storeColumn: ListColumn<DB>;
  /** Conditions every row of this list meets (e.g. drafts excluded), and joins the filters need. */
  where?: (query: ListQueryBuilder<DB>) => ListQueryBuilder<DB>;
  /** Query field → how it filters. Absent, undefined and empty-string values filter nothing. */
  filters: Record<string, FilterDefinition<DB>>;
  /** sortField value → column. */
  sorts: Record<string, ListColumn<DB>>;
  defaultSort: { field: string; order: SortOrder };
  /** A unique column that makes the order total, so pages never repeat or skip a row. */
  tieBreaker: ListColumn<DB>;
  /** Adds the selected columns (and joins only the page needs) to the filtered query. */
  select: (query: ListQueryBuilder<DB>) => ListQueryBuilder<DB>;
  /** Turns one selected row into the answer's row. */
  map: (row: Record<string, unknown>) => Row;
  /**
   * The exact total read more cheaply than by counting the filtered rows (e.g. maintained counts), or
   * undefined when this query's total must be counted.
   */
  total?: (db: Kysely<DB>, storeId: number, query: ListQuery) => Promise<number | undefined>;
}

export interface ListQuery {
  pageNum: number;
  pageSize: number;
  sortField?: string;
  sortOrder?: SortOrder;
  [filter: string]: unknown;
}

const isColumnFilter = <DB>(filter: FilterDefinition<DB>): filter is ColumnFilter<DB> => 'column' in filter;

/** `%` and `_` typed by a merchant match themselves, not any text. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function applyFilter<DB>(query: ListQueryBuilder<DB>, filter: FilterDefinition<DB>, raw: unknown): ListQueryBuilder<DB> {
  if (!isColumnFilter(filter)) return filter.apply(query, raw as never);
  const value = filter.toDb ? filter.toDb(raw) : raw;
  const column = sql.ref(filter.column);
  switch (filter.op) {
    case 'eq':
      return query.where(column, '=', value);
    case 'in':
      return query.where(column, 'in', value as unknown[]);
    case 'contains':
      return query.where(column, 'ilike', likePattern(String(value)));
    case 'gte':
      return query.where(column, '>=', value);
    case 'lte':
      return query.where(column, '<=', value);
  }
}

/** The list's table scoped to the store, with the list's own conditions and joins. */
function scopedQuery<Row, DB>(db: Kysely<DB>, definition: ResourceListDefinition<Row, DB>, storeId: number): ListQueryBuilder<DB> {
  // Kysely types a table by an alias it can read in the source; this alias is the definition's, and `from` was
  // checked against the schema (ListFrom), so the builder is seen as the list's aliased tables from here on.
  const tables = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const from: `${string} as ${string}` = definition.from;
  const built = tables.selectFrom(from).where(sql.ref(definition.storeColumn), '=', storeId) as unknown as ListQueryBuilder<DB>;
  return definition.where ? definition.where(built) : built;
}

/** The filtered, store-scoped query without columns: shared by the count and the page. */
export function filteredQuery<Row, DB>(db: Kysely<DB>, definition: ResourceListDefinition<Row, DB>, storeId: number, query: ListQuery): ListQueryBuilder<DB> {
  let built = scopedQuery(db, definition, storeId);
  for (const [name, filter] of Object.entries(definition.filters)) {
    const value = query[name];
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    built = applyFilter(built, filter, value);
  }
  return built;
}

/** One page of a store's rows with the total, ordered by the requested (or default) sort and the tie-breaker. */
export async function listPage<Row, DB>(db: Kysely<DB>, definition: ResourceListDefinition<Row, DB>, storeId: number, query: ListQuery): Promise<PageOf<Row>> {
  const filtered = filteredQuery(db, definition, storeId, query);
  const known = definition.total ? await definition.total(db, storeId, query) : undefined;
  const total = known ?? Number(((await filtered.select((eb) => eb.fn.countAll().as('total')).executeTakeFirst()) as { total?: unknown } | undefined)?.total ?? 0);
  const list: Row[] = [];
  const offset = (query.pageNum - 1) * query.pageSize;
  if (total > offset) {
    const sortColumn = (query.sortField && definition.sorts[query.sortField]) || definition.sorts[definition.defaultSort.field] || definition.tieBreaker;
    const order: SortOrder = query.sortField && definition.sorts[query.sortField] ? (query.sortOrder ?? 'asc') : (query.sortOrder ?? definition.defaultSort.order);
    const rows = await definition
      .select(filtered)
      .orderBy(sql.ref(sortColumn), order)
      .orderBy(sql.ref(definition.tieBreaker), order)
      .limit(query.pageSize)
      .offset(offset)
      .execute();
    for (const row of rows) list.push(definition.map(row as Record<string, unknown>));
  }
  return { pageNum: query.pageNum, pageSize: query.pageSize, total, list };
}

/**
 * The rows of the list meeting their own condition (e.g. their ids), with the list's joins, columns and row
 * shape: a detail read answers exactly what the list shows, scoped to the store like the list.
 */
export async function listRows<Row, DB>(db: Kysely<DB>, definition: ResourceListDefinition<Row, DB>, storeId: number, narrow: (query: ListQueryBuilder<DB>) => ListQueryBuilder<DB>): Promise<Row[]> {
  const rows = await definition.select(narrow(scopedQuery(db, definition, storeId))).execute();
  return rows.map((row) => definition.map(row as Record<string, unknown>));
}

/** One row of the list by its own condition (see listRows). */
export async function listRow<Row, DB>(db: Kysely<DB>, definition: ResourceListDefinition<Row, DB>, storeId: number, narrow: (query: ListQueryBuilder<DB>) => ListQueryBuilder<DB>): Promise<Row | undefined> {
  const row = await definition.select(narrow(scopedQuery(db, definition, storeId))).executeTakeFirst();
  return row ? definition.map(row as Record<string, unknown>) : undefined;
}

/** A list definition: `goodsList.page(db, storeId, query)` for a page, `list.row(db, storeId, narrow)` for one row. */
export interface ResourceList<Row, DB = StoreDatabase> {
  definition: ResourceListDefinition<Row, DB>;
  page(db: Kysely<DB>, storeId: number, query: ListQuery): Promise<PageOf<Row>>;
  row(db: Kysely<DB>, storeId: number, narrow: (query: ListQueryBuilder<DB>) => ListQueryBuilder<DB>): Promise<Row | undefined>;
  rows(db: Kysely<DB>, storeId: number, narrow: (query: ListQueryBuilder<DB>) => ListQueryBuilder<DB>): Promise<Row[]>;
}

export function defineResourceList<Row, DB = StoreDatabase>(definition: ResourceListDefinition<Row, NoInfer<DB>>): ResourceList<Row, DB> {
  return {
    definition,
    page: (db, storeId, query) => listPage(db, definition, storeId, query),
    row: (db, storeId, narrow) => listRow(db, definition, storeId, narrow),
    rows: (db, storeId, narrow) => listRows(db, definition, storeId, narrow),
  };
}

/** Wire seconds → Date for timestamptz filters. */
export const fromSeconds = (value: unknown) => new Date(Number(value) * 1000);
