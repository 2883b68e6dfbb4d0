// From a table's query (URL state) to a list call's biz: page and size, the filters, the sort as
// sortField/sortOrder. Search bars hold text; `numbers` names the filters the contract wants as
// numbers, `ranges` the date ranges it wants as two fields (seconds).
import type { TableQuery } from '@merchant/ui-kit';

export interface ListArgOptions {
  /** Filters typed as text that the contract takes as numbers (ids). */
  numbers?: readonly string[];
  /** A date-range filter → its start and end fields, e.g. `{ createTime: ['createTimeStart', 'createTimeEnd'] }`. */
  ranges?: Readonly<Record<string, readonly [string, string]>>;
}

export function listArg<Arg = Record<string, unknown>>(options: ListArgOptions = {}): (query: TableQuery) => Arg {
  return (query) => {
    const biz: Record<string, unknown> = { pageNum: query.pageNum, pageSize: query.pageSize };
    for (const [name, value] of Object.entries(query.filters)) {
      const range = options.ranges?.[name];
      if (range && Array.isArray(value) && value.length === 2) {
        biz[range[0]] = Number(value[0]);
        biz[range[1]] = Number(value[1]);
      } else if (options.numbers?.includes(name)) {
        const number = Number(value);
        // A non-number stays text: the contract refuses it with a clear message instead of a silent "no filter".
        biz[name] = value === '' || Number.isNaN(number) ? value : number;
      } else {
        biz[name] = value;
      }
    }
    if (query.sort) {
      biz.sortField = query.sort.field;
      biz.sortOrder = query.sort.direction;
    }
    return biz as Arg;
  };
}
