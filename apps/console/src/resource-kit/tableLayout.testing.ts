// For specs: the pixel widths a resource list's columns get on screen, modelled as ResourceListPage and
// the grid draw them — fixed columns at columnWidth (never under their header), the row actions as wide
// as their labels, flex columns sharing the rest (at least the grid's 50 px). Hidden columns are left out.
import type { TFunction } from 'i18next';
import { actionButtonsWidth } from '@merchant/ui-kit';
import { columnWidth } from './columnWidth';
import type { ResourceListResource } from './types';

/** The grid's inner width in the console at a 1440 × 900 window (sidebar and page padding off; from the audit screenshots). */
export const GRID_WIDTH_AT_1440 = 1130;
const FLEX_MIN = 50;
/** The check box column of a table with bulk actions. */
const CHECKBOX = 50;

export function tableLayout<Row, Arg>(resource: ResourceListResource<Row, Arg>, t: TFunction, gridWidth = GRID_WIDTH_AT_1440) {
  const shown = resource.list.columns.filter((column) => !column.hidden);
  const widths: Record<string, number> = {};
  for (const column of shown) {
    const width = columnWidth(column.width, t(column.titleKey), false);
    if (width !== undefined) widths[column.key] = width;
  }
  const actions = [...(resource.list.rowActions ?? [])];
  if (resource.detailPath && !actions.some((action) => action.key === 'detail')) actions.unshift({ key: 'detail', labelKey: 'resourceKit.detail' });
  if (actions.length > 0) widths.__actions = actionButtonsWidth(actions.map((action) => t(action.labelKey)), t('resourceKit.more'));
  if (resource.list.bulkActions?.length) widths.__check = CHECKBOX;
  const fixed = Object.values(widths).reduce((sum, width) => sum + width, 0);
  const flexColumns = shown.filter((column) => column.width === undefined);
  const shares = flexColumns.reduce((sum, column) => sum + (column.flex ?? 1), 0);
  for (const column of flexColumns) widths[column.key] = Math.max(FLEX_MIN, Math.floor((Math.max(0, gridWidth - fixed) * (column.flex ?? 1)) / shares));
  const total = Object.values(widths).reduce((sum, width) => sum + width, 0);
  return { widths, total, fits: total <= gridWidth };
}
