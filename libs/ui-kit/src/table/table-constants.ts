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

export type TableSortDirection = 'asc' | 'desc';

export interface TableSort {
  field: string;
  direction: TableSortDirection;
}

/** Filter values a table keeps in the URL (what SearchBar produces). */
export type TableFilterValue = string | number | boolean | readonly (string | number)[];
export type TableFilters = Readonly<Record<string, TableFilterValue>>;

/** What a list endpoint is asked for: the page, its size, the filters and the optional sort. */
export interface TableQuery<Filters extends TableFilters = TableFilters> {
  pageNum: number;
  pageSize: number;
  filters: Filters;
  sort?: TableSort;
}
