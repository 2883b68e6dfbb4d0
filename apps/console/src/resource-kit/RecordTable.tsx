// A small read-only table of a record's lines (count lines, order lines, stock movements) for
// detail pages, drawn from the same column definitions as the lists.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { StatusChip } from './StatusChip';
import { cellText, textContext } from './text';
import type { ResourceColumn } from './types';

export interface RecordTableProps<Item> {
  titleKey: string;
  rows: readonly Item[];
  columns: readonly ResourceColumn<Item>[];
  rowKey: (item: Item) => string | number;
}

export function RecordTable<Item>({ titleKey, rows, columns, rowKey }: RecordTableProps<Item>) {
  const { t, i18n } = useTranslation();
  const context = useMemo(() => textContext(t, i18n.language), [t, i18n.language]);
  const id = `record-table-${titleKey.replace(/\W/g, '-')}`;
  return (
    <section aria-labelledby={id}>
      <Typography id={id} variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        {t(titleKey)}
      </Typography>
      {/* A phone is narrower than the columns: the table scrolls inside its own box, never the page
          (issue 35 §10); the box takes the keyboard focus, so it scrolls with the arrow keys too. */}
      <Box tabIndex={0} role="group" aria-labelledby={id} sx={{ overflowX: 'auto', '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' } }}>
        <Table size="small" aria-labelledby={id}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.key} align={column.align}>
                  {t(column.titleKey)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length} align="center">
                  {t('resourceKit.empty')}
                </TableCell>
              </TableRow>
            )}
            {rows.map((item) => (
              <TableRow key={rowKey(item)}>
                {columns.map((column) => (
                  <TableCell key={column.key} align={column.align}>
                    {column.render ? (
                      column.render(item, context)
                    ) : column.status ? (
                      <StatusChip status={column.status} value={(item as Record<string, unknown>)[column.key]} context={context} />
                    ) : (
                      cellText(item, column, context)
                    )}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </section>
  );
}
