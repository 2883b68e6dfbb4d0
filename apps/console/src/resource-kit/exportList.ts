// Excel export of the filtered list: every page the filters match, fetched through the list
// endpoint (200 rows a call, the largest §2 page size), then written by ui-kit's exporter.
import type { TableFilters, TableQuery, TableSort, TablePage } from '@merchant/ui-kit';
import type { ResourceListEndpoint } from './types';

/** The largest §2 page size: the fewest calls for an export. */
export const EXPORT_PAGE_SIZE = 200;
/** Past this, the merchant narrows the filter (a browser-built workbook of more rows gets slow). */
export const MAX_EXPORT_ROWS = 20_000;

export class ExportTooLargeError extends Error {
  constructor(readonly total: number) {
    super(`the filtered list holds ${total} rows, more than ${MAX_EXPORT_ROWS}`);
  }
}

type Dispatch = (action: never) => unknown;

/** Fetches every row matching the filters (and sort), page after page. */
export async function fetchFilteredRows<Row, Arg>(
  dispatch: Dispatch,
  endpoint: ResourceListEndpoint<Row, Arg>,
  toArg: (query: TableQuery) => Arg,
  filters: TableFilters,
  sort: TableSort | undefined,
): Promise<Row[]> {
  const load = async (pageNum: number) => {
    const pending = dispatch(endpoint.initiate(toArg({ pageNum, pageSize: EXPORT_PAGE_SIZE, filters, sort }), { subscribe: false, forceRefetch: true }) as never) as {
      unwrap(): Promise<TablePage<Row>>;
    };
    return pending.unwrap();
  };
  const first = await load(1);
  const total = Number(first.total) || 0;
  if (total > MAX_EXPORT_ROWS) throw new ExportTooLargeError(total);
  const rows = [...first.list];
  const pages = Math.ceil(total / EXPORT_PAGE_SIZE);
  for (let pageNum = 2; pageNum <= pages; pageNum++) rows.push(...(await load(pageNum)).list);
  return rows;
}
