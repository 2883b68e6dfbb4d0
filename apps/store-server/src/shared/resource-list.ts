import type { PageOf } from '@merchant/api-contracts';
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';

/**
 * The server half of the resource kit: one definition of a list (its table, the column that holds the
 * store id, the filters with their operators, the sortable columns and the default order) gives a
 * paged query with its total. The store filter is not optional: every list is scoped to the caller's
 * store by construction, whatever the filters say.
 */

// The helper composes queries over any table of a module, so it works on an untyped builder; each
// definition names real columns and its module's tests prove the query.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ListQueryBuilder = SelectQueryBuilder<any, any, any>;

export type FilterOperator = 'eq' | 'in' | 'contains' | 'gte' | 'lte';

export interface ColumnFilter {
  column: string;
  op: FilterOperator;
  /** Turns the wire value into the column's value (e.g. seconds → Date for a timestamptz column). */
  toDb?: (value: unknown) => unknown;
}

/** A filter no single operator expresses (e.g. a stock status computed from two columns). */
export interface CustomFilter {
  apply: (query: ListQueryBuilder, value: never) => ListQueryBuilder;
}

export type FilterDefinition = ColumnFilter | CustomFilter;
export type SortOrder = 'asc' | 'desc';

export interface ResourceListDefinition<Row> {
  /** The table with its alias, e.g. `store_goods as g`; joins needed by filters go in `where`. */
  from: string;
  /** The column holding the store id, e.g. `g.store_id`. */
  storeColumn: string;
  /** Conditions every row of this list meets (e.g. drafts excluded), and joins the filters need. */
  where?: (query: ListQueryBuilder) => ListQueryBuilder;
  /** Query field → how it filters. Absent, undefined and empty-string values filter nothing. */
  filters: Record<string, FilterDefinition>;
  /** sortField value → column. */
  sorts: Record<string, string>;
  defaultSort: { field: string; order: SortOrder };
  /** A unique column that makes the order total, so pages never repeat or skip a row. */
  tieBreaker: string;
  /** Adds the selected columns (and joins only the page needs) to the filtered query. */
  select: (query: ListQueryBuilder) => ListQueryBuilder;
  /** Turns one selected row into the answer's row. */
  map: (row: Record<string, unknown>) => Row;
  /**
   * The exact total read more cheaply than by counting the filtered rows (e.g. maintained counts), or
   * undefined when this query's total must be counted.
   */
  total?: (db: AnyDb, storeId: number, query: ListQuery) => Promise<number | undefined>;
}

export interface ListQuery {
  pageNum: number;
  pageSize: number;
  sortField?: string;
  sortOrder?: SortOrder;
  [filter: string]: unknown;
}

const isColumnFilter = (filter: FilterDefinition): filter is ColumnFilter => 'column' in filter;

/** `%` and `_` typed by a merchant match themselves, not any text. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function applyFilter(query: ListQueryBuilder, filter: FilterDefinition, raw: unknown): ListQueryBuilder {
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

/** The filtered, store-scoped query without columns: shared by the count and the page. */
export function filteredQuery<Row>(db: AnyDb, definition: ResourceListDefinition<Row>, storeId: number, query: ListQuery): ListQueryBuilder {
  let built: ListQueryBuilder = db.selectFrom(definition.from).where(sql.ref(definition.storeColumn), '=', storeId);
  if (definition.where) built = definition.where(built);
  for (const [name, filter] of Object.entries(definition.filters)) {
    const value = query[name];
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    built = applyFilter(built, filter, value);
  }
  return built;
}

/** One page of a store's rows with the total, ordered by the requested (or default) sort and the tie-breaker. */
export async function listPage<Row>(db: AnyDb, definition: ResourceListDefinition<Row>, storeId: number, query: ListQuery): Promise<PageOf<Row>> {
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
 * One row of the list by its own condition (e.g. its id), with the list's joins, columns and row shape:
 * a detail read answers exactly what the list shows, scoped to the store like the list.
 */
export async function listRow<Row>(db: AnyDb, definition: ResourceListDefinition<Row>, storeId: number, narrow: (query: ListQueryBuilder) => ListQueryBuilder): Promise<Row | undefined> {
  let built: ListQueryBuilder = db.selectFrom(definition.from).where(sql.ref(definition.storeColumn), '=', storeId);
  if (definition.where) built = definition.where(built);
  const row = await definition.select(narrow(built)).executeTakeFirst();
  return row ? definition.map(row as Record<string, unknown>) : undefined;
}

/** A list definition: `goodsList.page(db, storeId, query)` for a page, `list.row(db, storeId, narrow)` for one row. */
export interface ResourceList<Row> {
  definition: ResourceListDefinition<Row>;
  page(db: AnyDb, storeId: number, query: ListQuery): Promise<PageOf<Row>>;
  row(db: AnyDb, storeId: number, narrow: (query: ListQueryBuilder) => ListQueryBuilder): Promise<Row | undefined>;
}

export function defineResourceList<Row>(definition: ResourceListDefinition<Row>): ResourceList<Row> {
  return {
    definition,
    page: (db, storeId, query) => listPage(db, definition, storeId, query),
    row: (db, storeId, narrow) => listRow(db, definition, storeId, narrow),
  };
}

/** Wire seconds → Date for timestamptz filters. */
export const fromSeconds = (value: unknown) => new Date(Number(value) * 1000);
