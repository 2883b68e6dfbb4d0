import { useEffect } from 'react';
import { DEFAULT_TABLE_PAGE_SIZE, type TableFilters, type TablePage, type TableQuery, type TableSort } from './table-constants';
import { useTableUrlState, type TableUrlState } from './table-url-state';

export * from './table-constants';

/**
 * The part of an RTK Query `useQuery` hook result the table reads. Any endpoint built with
 * `builder.query<TablePage<Row>, Arg>` matches it, so ui-kit needs no import of the console's API.
 */
export interface ListQueryResult<Row> {
  /** The answer for the current argument; undefined while a new argument loads. */
  currentData?: TablePage<Row>;
  /** The last answer, kept while the next page loads so the rows do not flicker. */
  data?: TablePage<Row>;
  isFetching: boolean;
  error?: unknown;
}

/** A list endpoint: `api.endpoints.queryOrders` (or anything with its `useQuery`). */
export interface ListEndpoint<Row, Arg> {
  useQuery: (arg: Arg) => ListQueryResult<Row>;
}

export interface UseDataTableOptions<Row, Arg> {
  /** Names the table in the URL (`<id>.page`, `<id>.size`, …) and in the column-picker storage. */
  id: string;
  endpoint: ListEndpoint<Row, Arg>;
  /** Turns the table query into the endpoint argument; the default passes the query itself. */
  toArg?: (query: TableQuery) => Arg;
  defaultPageSize?: number;
}

export interface DataTableState<Row> {
  id: string;
  rows: Row[];
  total: number;
  pageNum: number;
  pageSize: number;
  filters: TableFilters;
  sort: TableSort | undefined;
  loading: boolean;
  /** console-spec §8: after a failed load, the server msg shown as the empty text (the list is empty). */
  errorText: string | undefined;
  setPageNum(pageNum: number): void;
  setPageSize(pageSize: number): void;
  setFilters: TableUrlState['setFilters'];
  setSort(sort: TableSort | undefined): void;
}

/** Reads the msg of a failed load: the console's baseQuery gives `{ code, msg }`, fetchBaseQuery `{ data: { msg } }`. */
export function loadErrorText(error: unknown): string {
  if (error && typeof error === 'object') {
    const { msg, message, data } = error as { msg?: unknown; message?: unknown; data?: unknown };
    if (typeof msg === 'string' && msg) return msg;
    if (data && typeof data === 'object' && typeof (data as { msg?: unknown }).msg === 'string') return (data as { msg: string }).msg;
    if (typeof message === 'string' && message) return message;
  }
  return typeof error === 'string' ? error : '';
}

/**
 * Paging state of a server-side table over an RTK Query list endpoint (console-spec §2, §4, §8):
 * page, size, filters and sort come from the URL; new filters start at page 1; a page beyond the
 * first that comes back empty steps back one page (which loads it); a failure empties the list and
 * exposes the msg. After a mutation the endpoint's tags invalidate and RTK Query refetches: the table
 * has no reload of its own.
 */
export function useDataTable<Row, Arg = TableQuery>(options: UseDataTableOptions<Row, Arg>): DataTableState<Row> {
  const url = useTableUrlState(options.id, options.defaultPageSize ?? DEFAULT_TABLE_PAGE_SIZE);
  const query: TableQuery = { pageNum: url.pageNum, pageSize: url.pageSize, filters: url.filters, sort: url.sort };
  const arg = options.toArg ? options.toArg(query) : (query as Arg);
  const result = options.endpoint.useQuery(arg);

  const failed = result.error !== undefined && result.error !== null;
  const current = result.currentData;
  const emptiedLaterPage = !failed && !result.isFetching && current !== undefined && current.list.length === 0 && url.pageNum > 1;
  const { setPageNum } = url;
  useEffect(() => {
    // Replace, not push: the emptied page should not stay in the history.
    if (emptiedLaterPage) setPageNum(url.pageNum - 1, { replace: true });
  }, [emptiedLaterPage, url.pageNum, setPageNum]);

  const shown = failed ? undefined : (current ?? result.data);
  return {
    id: options.id,
    rows: shown?.list ?? [],
    total: failed ? 0 : Number(shown?.total) || 0,
    pageNum: url.pageNum,
    pageSize: url.pageSize,
    filters: url.filters,
    sort: url.sort,
    loading: result.isFetching,
    errorText: failed ? loadErrorText(result.error) : undefined,
    setPageNum: url.setPageNum,
    setPageSize: url.setPageSize,
    setFilters: url.setFilters,
    setSort: url.setSort,
  };
}
