// Saved views of a list (issue 9 §3): a named filter and column set, kept per user on the server.
// The server stores the visible column keys; the table works with a visibility map.
import type { ColumnVisibility, TableFilters } from '@merchant/ui-kit';

/** The visible columns of a visibility map (a column left out of the map is visible). */
export function visibleColumns(columnKeys: readonly string[], visibility: ColumnVisibility): string[] {
  return columnKeys.filter((key) => visibility[key] !== false);
}

/** A stored column set → the visibility map of every column of the screen. */
export function visibilityOf(columnKeys: readonly string[], visible: readonly string[]): ColumnVisibility {
  const shown = new Set(visible);
  return Object.fromEntries(columnKeys.map((key) => [key, shown.has(key)]));
}

/** Filters read back from the server: only the values a table filter can hold. */
export function filtersOf(value: unknown): TableFilters {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const filters: Record<string, TableFilters[string]> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean') filters[key] = item;
    else if (Array.isArray(item) && item.every((part) => typeof part === 'string' || typeof part === 'number')) filters[key] = item as (string | number)[];
  }
  return filters;
}
