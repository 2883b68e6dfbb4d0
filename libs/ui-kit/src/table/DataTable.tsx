import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useUiKitText } from '../i18n/locale-context';
import { TABLE_PAGE_SIZES, type DataTableState } from './use-data-table';

export interface DataTableColumn<Row> {
  key: string;
  title: ReactNode;
  /** Cell content; defaults to the row's property named `key`. */
  render?: (row: Row, index: number) => ReactNode;
  width?: number | string;
  align?: 'left' | 'center' | 'right';
}

export interface DataTableProps<Row> {
  columns: readonly DataTableColumn<Row>[];
  table: DataTableState<Row>;
  rowKey: (row: Row, index: number) => string | number;
  /** Shown when the list is empty and the load did not fail. */
  emptyText?: ReactNode;
  'data-testid'?: string;
}

/**
 * Server-paged table: layout total, sizes, previous, pager, next, jumper (console-spec §2).
 * State comes from `useDataTable`, so the paging rules live in one tested place.
 */
export function DataTable<Row>({ columns, table, rowKey, emptyText, ...rest }: DataTableProps<Row>) {
  const t = useUiKitText();
  const [jumpText, setJumpText] = useState('');
  const pageCount = Math.max(1, Math.ceil(table.total / table.pageSize));

  const jump = () => {
    const target = Number(jumpText);
    if (Number.isInteger(target) && target >= 1) table.setPageNum(Math.min(target, pageCount));
    setJumpText('');
  };

  return (
    <Box data-testid={rest['data-testid']}>
      {table.loading && <LinearProgress aria-label="loading" />}
      <Table size="small">
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.key} style={{ width: column.width }} align={column.align}>
                {column.title}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {table.rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={columns.length} align="center">
                {table.errorText || emptyText || t('noData')}
              </TableCell>
            </TableRow>
          ) : (
            table.rows.map((row, index) => (
              <TableRow key={rowKey(row, index)}>
                {columns.map((column) => (
                  <TableCell key={column.key} align={column.align}>
                    {column.render ? column.render(row, index) : readCell(row, column.key)}
                  </TableCell>
                ))}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1 }}>
        <TablePagination
          component="div"
          count={table.total}
          page={Math.min(table.pageNum, pageCount) - 1}
          rowsPerPage={table.pageSize}
          rowsPerPageOptions={[...TABLE_PAGE_SIZES]}
          labelDisplayedRows={({ count }) => t('totalCount', { total: count })}
          showFirstButton
          showLastButton
          onPageChange={(_event, page) => table.setPageNum(page + 1)}
          onRowsPerPageChange={(event) => table.setPageSize(Number(event.target.value))}
        />
        <TextField
          size="small"
          label={t('goToPage')}
          value={jumpText}
          sx={{ width: 80 }}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': t('goToPage') } }}
          onChange={(event) => setJumpText(event.target.value.replace(/\D/g, ''))}
          onKeyDown={(event) => {
            if (event.key === 'Enter') jump();
          }}
        />
      </Box>
    </Box>
  );
}

function readCell(row: unknown, key: string): ReactNode {
  if (row && typeof row === 'object' && key in row) {
    const value = (row as Record<string, unknown>)[key];
    if (value === null || value === undefined) return '';
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  return '';
}
