import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  ColumnsPanelTrigger,
  DataGrid,
  GRID_CHECKBOX_SELECTION_FIELD,
  Toolbar,
  ToolbarButton,
  type GridColDef,
  type GridRowSelectionModel,
  type GridSortModel,
} from '@mui/x-data-grid';
import { enUS as gridEnUS, zhCN as gridZhCN } from '@mui/x-data-grid/locales';
import { gridDensity, useUiKitCardsBelow, useUiKitSize } from '../context/UiKitProvider';
import { useUiKitLocale, useUiKitText } from '../i18n/locale-context';
import { DataTableCell } from './DataTableCell';
import { DataTableCards, type CardField } from './DataTableCards';
import { BulkActionBar, type BulkAction, type RowId } from './BulkActionBar';
import { usePersistedColumnVisibility, type ColumnVisibility } from './column-visibility';
import { TablePager } from './TablePager';
import type { DataTableState } from './use-data-table';

export interface DataTableColumn<Row> {
  key: string;
  /** Header text; also the column's name in the column picker. */
  title: string;
  /** Cell text, e.g. `(row) => formatCents(row.amount)`: drawn as plain text, the cheapest cell. */
  format?: (row: Row) => string;
  /** Cell content as React nodes (buttons, tags); without `format` or `render` the row's property `key`. */
  render?: (row: Row) => ReactNode;
  width?: number;
  /** Share of the remaining width (DataGrid `flex`). */
  flex?: number;
  align?: 'left' | 'center' | 'right';
  /** Sorted by the server (the sort goes into the URL and the endpoint argument). */
  sortable?: boolean;
  /** Columns that cannot be hidden in the column picker (e.g. the row actions). */
  hideable?: boolean;
  /** The row's actions: as cards (DataTableLayout), drawn at the card's foot across its width. */
  actions?: boolean;
}

/**
 * How DataTable draws its rows: `grid` (MUI X DataGrid), `cards` (one card per row, for narrow screens),
 * or `auto`: cards below the width UiKitProvider's `cardsBelow` names, else the grid (issue 35 §10).
 */
export type DataTableLayout = 'auto' | 'grid' | 'cards';

export interface DataTableProps<Row> {
  /** Define them outside the component or in a useMemo: a new array makes the grid rebuild its columns. */
  columns: readonly DataTableColumn<Row>[];
  table: DataTableState<Row>;
  getRowId: (row: Row) => RowId;
  /** Shown when the list is empty and the load did not fail. */
  emptyText?: string;
  /** With bulk actions the rows get check boxes. */
  bulkActions?: readonly BulkAction[];
  /** The grid grows with its rows up to this height, then scrolls (virtualised). */
  maxHeight?: number | string;
  /** Accessible name of the grid. */
  label?: string;
  /**
   * Controlled column visibility (e.g. a saved view applies its column set). Without it the table
   * keeps the column picker's choice itself, persisted per table id.
   */
  columnVisibility?: ColumnVisibility;
  onColumnVisibilityChange?: (next: ColumnVisibility) => void;
  /** `auto` (the default) follows UiKitProvider's `cardsBelow`; without it the grid is drawn at every width. */
  layout?: DataTableLayout;
  'data-testid'?: string;
}

const EMPTY_SELECTION: GridRowSelectionModel = { type: 'include', ids: new Set() };
const CELL_CONTENT = { display: 'flex', alignItems: 'center', height: '100%' } as const;

/** What the grid's toolbar shows at its start (the bulk actions); a context, because slots take no children. */
const ToolbarStartContext = createContext<ReactNode>(null);

/**
 * Server-paged table on MUI X DataGrid (docs/decisions/0003): the grid renders, virtualises, selects
 * rows and offers the column picker; paging follows the spec's layout in TablePager, because the
 * community grid's own pager stops at 100 rows per page and has another layout.
 */
export function DataTable<Row extends object>(props: DataTableProps<Row>) {
  const { table, columns, bulkActions } = props;
  const t = useUiKitText();
  const locale = useUiKitLocale();
  const size = useUiKitSize();
  const [storedVisibility, setStoredVisibility] = usePersistedColumnVisibility(table.id);
  const visibility = props.columnVisibility ?? storedVisibility;
  const setVisibility = props.onColumnVisibilityChange ?? setStoredVisibility;
  const [selection, setSelection] = useState<GridRowSelectionModel>(EMPTY_SELECTION);
  const cards = useCardsLayout(props.layout ?? 'auto');

  // A selection belongs to the rows on screen: a new page, size or filter starts with none.
  const pageKey = `${table.pageNum}|${table.pageSize}|${JSON.stringify(table.filters)}`;
  useEffect(() => setSelection(EMPTY_SELECTION), [pageKey]);

  const gridColumns = useMemo<GridColDef[]>(
    () =>
      columns.map((column) => ({
        field: column.key,
        headerName: column.title,
        width: column.width,
        flex: column.width === undefined ? (column.flex ?? 1) : column.flex,
        align: column.align,
        headerAlign: column.align,
        sortable: column.sortable ?? false,
        hideable: column.hideable ?? true,
        filterable: false,
        disableColumnMenu: true,
        // The grid does not centre custom cell content vertically; buttons and tags need it.
        renderCell: column.render ? (params) => <Box sx={CELL_CONTENT}>{column.render!(params.row as Row)}</Box> : undefined,
        valueGetter: column.render ? undefined : (_value, row) => (column.format ? column.format(row as Row) : readCell(row, column.key)),
      })),
    [columns],
  );
  const sortModel: GridSortModel = table.sort ? [{ field: table.sort.field, sort: table.sort.direction }] : [];
  const localeText = useMemo(
    () => ({
      ...(locale === 'zh-CN' ? gridZhCN : gridEnUS).components.MuiDataGrid.defaultProps.localeText,
      noRowsLabel: table.errorText || props.emptyText || t('noData'),
      toolbarColumns: t('columns'),
    }),
    [locale, table.errorText, props.emptyText],
  );
  const selectedIds = selection.type === 'include' ? [...selection.ids] : table.rows.map(props.getRowId).filter((id) => !selection.ids.has(id));

  const toolbarStart =
    bulkActions && bulkActions.length > 0 ? (
      <BulkActionBar actions={bulkActions} selectedIds={selectedIds as RowId[]} onDone={() => setSelection(EMPTY_SELECTION)} />
    ) : null;

  const pager = (
    <TablePager
      total={table.total}
      pageNum={table.pageNum}
      pageSize={table.pageSize}
      onPageChange={table.setPageNum}
      onPageSizeChange={table.setPageSize}
      compact={cards}
    />
  );
  if (cards) {
    return (
      <Box data-testid={props['data-testid']}>
        <DataTableCards
          rows={table.rows}
          fields={cardFields(columns, visibility)}
          getRowId={props.getRowId}
          loading={table.loading}
          emptyText={localeText.noRowsLabel}
          label={props.label}
          selectable={Boolean(bulkActions?.length)}
          isSelected={(id) => selectedIds.includes(id)}
          onToggle={(id, selected) => setSelection({ type: 'include', ids: toggled(selectedIds, id, selected) })}
          toolbarStart={toolbarStart}
        />
        {pager}
      </Box>
    );
  }
  return (
    <ToolbarStartContext.Provider value={toolbarStart}>
      <Box data-testid={props['data-testid']}>
        <Box sx={{ display: 'flex', flexDirection: 'column', maxHeight: props.maxHeight ?? 640 }}>
          <DataGrid
            aria-label={props.label}
            label={props.label}
            rows={table.rows}
            columns={gridColumns}
            getRowId={props.getRowId}
            loading={table.loading}
            density={gridDensity(size)}
            localeText={localeText}
            // The rows are one server page; the pager below is ours (see the comment above).
            paginationMode="server"
            rowCount={table.total}
            hideFooter
            sortingMode="server"
            sortModel={sortModel}
            onSortModelChange={(model) => {
              const first = model[0];
              table.setSort(first?.sort ? { field: first.field, direction: first.sort } : undefined);
            }}
            disableColumnFilter
            columnVisibilityModel={visibility}
            onColumnVisibilityModelChange={setVisibility}
            checkboxSelection={Boolean(bulkActions?.length)}
            disableRowSelectionOnClick
            rowSelectionModel={selection}
            onRowSelectionModelChange={setSelection}
            showToolbar
            slots={{ toolbar: DataTableToolbar, cell: DataTableCell }}
            slotProps={{ columnsManagement: { getTogglableColumns: togglableColumns } }}
          />
        </Box>
        {pager}
      </Box>
    </ToolbarStartContext.Provider>
  );
}

/** Cards below the provider's `cardsBelow` width when `auto`; `grid` and `cards` are fixed. */
function useCardsLayout(layout: DataTableLayout): boolean {
  const cardsBelow = useUiKitCardsBelow();
  // 'not all' never matches: without a width the grid is drawn. noSsr: the first render already knows.
  const narrow = useMediaQuery(cardsBelow ? `(max-width:${cardsBelow - 0.02}px)` : 'not all', { noSsr: true });
  return layout === 'cards' || (layout === 'auto' && narrow);
}

/** The columns the column picker left visible, as the cards draw them. */
function cardFields<Row>(columns: readonly DataTableColumn<Row>[], visibility: ColumnVisibility): CardField<Row>[] {
  return columns
    .filter((column) => visibility[column.key] !== false)
    .map((column) => ({
      key: column.key,
      title: column.title,
      actions: column.actions ?? false,
      value: (row: Row) => (column.render ? column.render(row) : column.format ? column.format(row) : readCell(row, column.key)),
    }));
}

function toggled(ids: readonly RowId[], id: RowId, selected: boolean): Set<RowId> {
  const next = new Set(ids);
  if (selected) next.add(id);
  else next.delete(id);
  return next;
}

/** The check-box column and columns marked `hideable: false` stay out of the column picker. */
function togglableColumns(columns: GridColDef[]): string[] {
  return columns.filter((column) => column.field !== GRID_CHECKBOX_SELECTION_FIELD && column.hideable !== false).map((column) => column.field);
}

/** Bulk actions at the start, the column picker at the end; search lives in SearchBar, paging in TablePager. */
function DataTableToolbar() {
  const t = useUiKitText();
  const start = useContext(ToolbarStartContext);
  return (
    <Toolbar>
      <Box sx={{ flex: 1 }}>{start}</Box>
      <ColumnsPanelTrigger render={<ToolbarButton aria-label={t('columns')} title={t('columns')} />}>
        <ColumnsIcon />
      </ColumnsPanelTrigger>
    </Toolbar>
  );
}

function ColumnsIcon() {
  // The view-column glyph of @mui/icons-material, inlined so ui-kit needs no icon package.
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <path d="M4 5v13h17V5zm10 2v9h-3V7zM6 7h3v9H6zm13 9h-3V7h3z" />
    </svg>
  );
}

function readCell(row: unknown, key: string): string {
  if (row && typeof row === 'object' && key in row) {
    const value = (row as Record<string, unknown>)[key];
    if (value === null || value === undefined) return '';
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  return '';
}
