import { useCallback, useState } from 'react';
import { safeLocalStorage } from './browser-storage';

/** Column id → visible; columns left out are visible. */
export type ColumnVisibility = Record<string, boolean>;

/** localStorage key of one table's column picker. */
export function columnVisibilityKey(tableId: string): string {
  return `ui-kit.columns.${tableId}`;
}

export function readColumnVisibility(tableId: string, storage: Storage | undefined = safeLocalStorage()): ColumnVisibility {
  try {
    const value: unknown = JSON.parse(storage?.getItem(columnVisibilityKey(tableId)) ?? '{}');
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter(([, visible]) => typeof visible === 'boolean')) as ColumnVisibility;
  } catch {
    return {};
  }
}

/** The column picker's state, persisted per table so a merchant's choice survives reloads. */
export function usePersistedColumnVisibility(tableId: string): [ColumnVisibility, (next: ColumnVisibility) => void] {
  const [visibility, setVisibility] = useState<ColumnVisibility>(() => readColumnVisibility(tableId));
  const update = useCallback(
    (next: ColumnVisibility) => {
      setVisibility(next);
      try {
        safeLocalStorage()?.setItem(columnVisibilityKey(tableId), JSON.stringify(next));
      } catch {
        // quota or disabled storage: keep the in-memory choice
      }
    },
    [tableId],
  );
  return [visibility, update];
}
