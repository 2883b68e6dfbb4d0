import { useCallback, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  DEFAULT_TABLE_PAGE_SIZE,
  TABLE_PAGE_SIZES,
  type TableFilters,
  type TableQuery,
  type TableSort,
} from './table-constants';
import { readRememberedPageSize, rememberPageSize } from './browser-storage';

/**
 * A table's page, size, sort and filters live in the URL under its own prefix, so a page can hold
 * several tables, a reload or a shared link shows the same rows, and the back button works:
 *   `<prefix>.page=2&<prefix>.size=20&<prefix>.sort=createDate.desc&<prefix>.q={"keyword":"a"}`.
 * Values equal to the defaults are left out; anything malformed falls back to the default.
 */
export function tableParamNames(prefix: string) {
  return { page: `${prefix}.page`, size: `${prefix}.size`, sort: `${prefix}.sort`, filters: `${prefix}.q` };
}

export function readTableQuery(params: URLSearchParams, prefix: string, defaultPageSize = DEFAULT_TABLE_PAGE_SIZE): TableQuery {
  const names = tableParamNames(prefix);
  const page = Number(params.get(names.page));
  const size = Number(params.get(names.size));
  return {
    pageNum: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (TABLE_PAGE_SIZES as readonly number[]).includes(size) ? size : defaultPageSize,
    filters: parseFilters(params.get(names.filters)),
    sort: parseSort(params.get(names.sort)),
  };
}

function parseFilters(text: string | null): TableFilters {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as TableFilters) : {};
  } catch {
    return {};
  }
}

function parseSort(text: string | null): TableSort | undefined {
  const match = /^([\w.-]+)\.(asc|desc)$/.exec(text ?? '');
  return match ? { field: match[1]!, direction: match[2] as TableSort['direction'] } : undefined;
}

/** Writes a table's query into a copy of `params`, leaving other tables' parameters untouched. */
export function writeTableQuery(
  params: URLSearchParams,
  prefix: string,
  query: TableQuery,
  defaultPageSize = DEFAULT_TABLE_PAGE_SIZE,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const names = tableParamNames(prefix);
  const set = (name: string, value: string | undefined) => (value === undefined ? next.delete(name) : next.set(name, value));
  set(names.page, query.pageNum > 1 ? String(query.pageNum) : undefined);
  set(names.size, query.pageSize !== defaultPageSize ? String(query.pageSize) : undefined);
  set(names.sort, query.sort ? `${query.sort.field}.${query.sort.direction}` : undefined);
  set(names.filters, Object.keys(query.filters).length > 0 ? JSON.stringify(query.filters) : undefined);
  return next;
}

export interface TableUrlState extends TableQuery {
  setPageNum(pageNum: number, options?: { replace?: boolean }): void;
  /** A new size starts again at page 1. */
  setPageSize(pageSize: number): void;
  /**
   * New filters start again at page 1 (console-spec §4). Given a function, it receives the filters in
   * the URL at that moment, not those of the last render: a search and a tab click made before the
   * screen re-rendered both apply (a value computed from a render's filters drops the change between).
   */
  setFilters(filters: TableFilters | ((current: TableFilters) => TableFilters)): void;
  setSort(sort: TableSort | undefined): void;
}

/**
 * The URL-backed query of one table (react-router's search params). A URL without a size shows the size
 * the merchant last chose for this table (kept in localStorage, issue 35 §1), else `defaultPageSize`;
 * the URL still leaves out only `defaultPageSize`, so a link means the same rows whoever opens it.
 */
export function useTableUrlState(prefix: string, defaultPageSize = DEFAULT_TABLE_PAGE_SIZE): TableUrlState {
  const [params, setParams] = useSearchParams();
  const key = tableParamNames(prefix);
  const signature = [key.page, key.size, key.sort, key.filters].map((name) => params.get(name)).join('\u0001');
  // Read from storage once per table, then kept in step with the merchant's choices here.
  const [remembered, setRemembered] = useState(() => ({ prefix, size: readRememberedPageSize(prefix) }));
  const sizeWithoutUrl = (remembered.prefix === prefix ? remembered.size : readRememberedPageSize(prefix)) ?? defaultPageSize;
  // Re-derive only when this table's own parameters change, so other tables' paging does not re-query it.
  const query = useMemo(() => readTableQuery(params, prefix, sizeWithoutUrl), [signature, prefix, sizeWithoutUrl]);

  // What this hook last wrote, and from which rendered parameters. react-router hands a function given
  // to setParams the parameters of the last render, so two changes made before a re-render (a search,
  // then a tab click) would each start from the same old URL and the second would drop the first. Until
  // a render brings new parameters, the next change starts from what was written.
  const written = useRef<{ from: URLSearchParams; value: URLSearchParams } | null>(null);
  const update = useCallback(
    (change: (current: TableQuery) => TableQuery, replace = false) => {
      const current = written.current && written.current.from === params ? written.current.value : params;
      const next = writeTableQuery(current, prefix, change(readTableQuery(current, prefix, sizeWithoutUrl)), defaultPageSize);
      written.current = { from: params, value: next };
      setParams(next, { replace });
    },
    [params, setParams, prefix, defaultPageSize, sizeWithoutUrl],
  );

  return useMemo(
    () => ({
      ...query,
      setPageNum: (pageNum, options) => update((q) => ({ ...q, pageNum: Math.max(1, Math.floor(pageNum)) }), options?.replace),
      setPageSize: (pageSize) => {
        rememberPageSize(prefix, pageSize);
        setRemembered({ prefix, size: pageSize });
        update((q) => ({ ...q, pageSize, pageNum: 1 }));
      },
      setFilters: (filters) => update((q) => ({ ...q, filters: typeof filters === 'function' ? filters(q.filters) : filters, pageNum: 1 })),
      setSort: (sort) => update((q) => ({ ...q, sort, pageNum: 1 })),
    }),
    [query, update, prefix],
  );
}
