import { useCallback, useEffect, useRef, useState } from 'react';

/** console-spec §2: page sizes 5, 10, 20, 50, 100, 200, default 5. */
export const TABLE_PAGE_SIZES = [5, 10, 20, 50, 100, 200] as const;
export const DEFAULT_TABLE_PAGE_SIZE = 5;

/** console-spec §3: table response list, pageNum, pageSize, total. */
export interface TablePage<Row> {
  list: Row[];
  total: number;
  pageNum?: number;
  pageSize?: number;
}

export interface TableQuery<Filters> {
  pageNum: number;
  pageSize: number;
  filters: Filters;
}

export type TableLoader<Row, Filters> = (query: TableQuery<Filters>) => Promise<TablePage<Row>>;

export interface UseDataTableOptions<Row, Filters> {
  load: TableLoader<Row, Filters>;
  filters: Filters;
  defaultPageSize?: number;
}

export interface DataTableState<Row> {
  rows: Row[];
  total: number;
  pageNum: number;
  pageSize: number;
  loading: boolean;
  /** console-spec §8: after a failed load, the server msg shown as the empty text. */
  errorText: string | undefined;
  setPageNum(pageNum: number): void;
  setPageSize(pageSize: number): void;
  reload(): void;
}

interface RequestState<Filters> {
  pageNum: number;
  pageSize: number;
  filters: Filters;
  filtersKey: string;
  token: number;
}

/** Reads the server msg of a rejected load: secure-transport rejects with `{ msg }`. */
export function loadErrorText(error: unknown): string {
  if (error && typeof error === 'object') {
    const { msg, message } = error as { msg?: unknown; message?: unknown };
    if (typeof msg === 'string' && msg) return msg;
    if (typeof message === 'string' && message) return message;
  }
  return typeof error === 'string' ? error : '';
}

/**
 * Paging state of a server-side table (console-spec §3, §8): the page resets to 1 when the filters
 * change; a page beyond the first that comes back empty steps back one page and reloads; a failed
 * load empties the list and exposes the msg. Responses to superseded requests are ignored.
 */
export function useDataTable<Row, Filters>(options: UseDataTableOptions<Row, Filters>): DataTableState<Row> {
  const loadRef = useRef(options.load);
  loadRef.current = options.load;
  const filtersKey = JSON.stringify(options.filters ?? null);
  const [request, setRequest] = useState<RequestState<Filters>>(() => ({
    pageNum: 1,
    pageSize: options.defaultPageSize ?? DEFAULT_TABLE_PAGE_SIZE,
    filters: options.filters,
    filtersKey,
    token: 0,
  }));
  // Adjusting state during render (not in an effect) so the old page never loads with new filters.
  if (request.filtersKey !== filtersKey) {
    setRequest({ ...request, pageNum: 1, filters: options.filters, filtersKey, token: request.token + 1 });
  }
  const [result, setResult] = useState<{ rows: Row[]; total: number; errorText: string | undefined }>({
    rows: [],
    total: 0,
    errorText: undefined,
  });
  const [loading, setLoading] = useState(false);
  const latestRequest = useRef(0);

  useEffect(() => {
    const requestId = ++latestRequest.current;
    setLoading(true);
    const query = { pageNum: request.pageNum, pageSize: request.pageSize, filters: request.filters };
    loadRef.current(query).then(
      (page) => {
        if (requestId !== latestRequest.current) return;
        const list = Array.isArray(page?.list) ? page.list : [];
        if (list.length === 0 && request.pageNum > 1) {
          setRequest((current) => ({ ...current, pageNum: current.pageNum - 1, token: current.token + 1 }));
          return;
        }
        setResult({ rows: list, total: Number(page?.total) || 0, errorText: undefined });
        setLoading(false);
      },
      (error: unknown) => {
        if (requestId !== latestRequest.current) return;
        setResult({ rows: [], total: 0, errorText: loadErrorText(error) });
        setLoading(false);
      },
    );
  }, [request]);

  const setPageNum = useCallback((pageNum: number) => {
    setRequest((current) => ({ ...current, pageNum: Math.max(1, Math.floor(pageNum)), token: current.token + 1 }));
  }, []);
  const setPageSize = useCallback((pageSize: number) => {
    setRequest((current) => ({ ...current, pageSize, pageNum: 1, token: current.token + 1 }));
  }, []);
  const reload = useCallback(() => {
    setRequest((current) => ({ ...current, token: current.token + 1 }));
  }, []);

  return { ...result, pageNum: request.pageNum, pageSize: request.pageSize, loading, setPageNum, setPageSize, reload };
}
