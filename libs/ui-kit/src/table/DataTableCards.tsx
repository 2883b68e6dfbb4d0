import { Fragment, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useUiKitText } from '../i18n/locale-context';
import type { RowId } from './BulkActionBar';

/** One column as a card draws it: its title and the row's value (text or nodes). */
export interface CardField<Row> {
  key: string;
  title: string;
  /** The row's actions: drawn at the card's foot, across its width, never cut off. */
  actions: boolean;
  value: (row: Row) => ReactNode;
}

export interface DataTableCardsProps<Row> {
  rows: readonly Row[];
  fields: readonly CardField<Row>[];
  getRowId: (row: Row) => RowId;
  loading: boolean;
  /** What an empty list says (the load's error, the list's empty text, or 'no data'). */
  emptyText: string;
  label?: string;
  /** With bulk actions each card gets a check box. */
  selectable: boolean;
  isSelected: (id: RowId) => boolean;
  onToggle: (id: RowId, selected: boolean) => void;
  /** The bulk action bar, above the cards. */
  toolbarStart: ReactNode;
}

/**
 * DataTable's rows as cards, for narrow screens (issue 35 §10): each card lists the visible columns as
 * title–value lines that wrap, and puts the row's actions at its foot, so nothing needs a sideways scroll
 * and every action stays reachable. The cards are a list (one item per row); `data-id` and `data-field`
 * name the row and the value's column as the grid's rows and cells do.
 */
export function DataTableCards<Row>(props: DataTableCardsProps<Row>) {
  const t = useUiKitText();
  const { rows, fields } = props;
  const details = fields.filter((field) => !field.actions);
  const actions = fields.filter((field) => field.actions);
  return (
    <Box data-layout="cards" sx={{ minWidth: 0 }}>
      {props.toolbarStart && <Box sx={{ mb: 1 }}>{props.toolbarStart}</Box>}
      {props.loading && <LinearProgress aria-label={props.label} sx={{ mb: 1 }} />}
      {rows.length === 0 && !props.loading ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 3, textAlign: 'center' }} role="status">
          {props.emptyText}
        </Typography>
      ) : (
        <Box component="ul" aria-label={props.label} aria-busy={props.loading || undefined} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
          {rows.map((row) => {
            const id = props.getRowId(row);
            return (
              <Paper component="li" variant="outlined" key={String(id)} data-id={String(id)} sx={{ p: 1.5, minWidth: 0 }}>
                {props.selectable && (
                  <Checkbox
                    size="small"
                    checked={props.isSelected(id)}
                    onChange={(event) => props.onToggle(id, event.target.checked)}
                    slotProps={{ input: { 'aria-label': t('selectRow') } }}
                    sx={{ ml: -1, mt: -1 }}
                  />
                )}
                <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(5.5em, max-content) minmax(0, 1fr)', columnGap: 1.5, rowGap: 0.5, alignItems: 'start' }}>
                  {details.map((field) => (
                    <Fragment key={field.key}>
                      <Typography component="dt" variant="body2" color="text.secondary">
                        {field.title}
                      </Typography>
                      {/* data-field on the value, as on a grid cell: a test reading a cell reads the value alone. */}
                      <Typography component="dd" variant="body2" data-field={field.key} sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
                        {field.value(row)}
                      </Typography>
                    </Fragment>
                  ))}
                </Box>
                {actions.map((field) => (
                  <Box key={field.key} data-field={field.key} sx={{ mt: 1, pt: 1, borderTop: 1, borderColor: 'divider', display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                    {field.value(row)}
                  </Box>
                ))}
              </Paper>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
