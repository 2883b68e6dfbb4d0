// Excel export of the filtered list: every page the filters match, fetched through the list
// endpoint (200 rows a call, the largest §2 page size), then written by ui-kit's exporter. Above
// MAX_EXPORT_ROWS a list the server can export gets an export job instead (exportAsync.ts, docs/export.md).
import type { ExportCreateRequest, ExportResource } from '@merchant/api-contracts';
import type { TableFilters, TableQuery, TableSort, TablePage } from '@merchant/ui-kit';
import type { ResourceListEndpoint } from './types';

/** The largest §2 page size: the fewest calls for an export. */
export const EXPORT_PAGE_SIZE = 200;
/** Past this a browser-built workbook gets slow: a server-capable list goes to an export job, others are refused. */
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

/**
 * The export job's request for the list on screen: the list's own `toArg` turns the table's filters and
 * sort into the list call's biz (numbers, date ranges in seconds), so the server filters exactly as the
 * list call does; paging is the server's.
 */
export function serverExportRequest<Arg>(
  resource: ExportResource,
  toArg: (query: TableQuery) => Arg,
  filters: TableFilters,
  sort: TableSort | undefined,
  fileName: string,
): ExportCreateRequest {
  const biz = { ...(toArg({ pageNum: 1, pageSize: EXPORT_PAGE_SIZE, filters, sort }) as Record<string, unknown>) };
  const { sortField, sortOrder } = biz;
  delete biz.pageNum;
  delete biz.pageSize;
  delete biz.sortField;
  delete biz.sortOrder;
  const request: ExportCreateRequest = { resource, fileName, filters: biz as ExportCreateRequest['filters'] };
  if (typeof sortField === 'string' && sortField) request.sort = { field: sortField, order: sortOrder === 'desc' ? 'desc' : 'asc' };
  return request;
}
