import { waitFor } from '@testing-library/react';

/**
 * A list table's row by its record id (the grid's `data-id`), once it is drawn: rows keep their id whichever columns
 * the merchant's column picker shows, so a spec does not depend on a column being visible.
 */
export async function rowById(table: HTMLElement, id: number | string): Promise<HTMLElement> {
  const find = () => table.querySelector<HTMLElement>(`[role=row][data-id="${String(id)}"]`);
  await waitFor(() => expect(find()).not.toBeNull());
  return find()!;
}
