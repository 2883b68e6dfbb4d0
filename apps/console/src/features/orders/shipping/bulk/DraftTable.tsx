// The lines of a bulk shipment being prepared: the order each names, the carrier and tracking number
// (editable in place), and under each its own errors in the merchant's words.
import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { CarrierSelect, TrackingNoField } from '../ship/ShipFields';
import type { RowError, ShipDraft } from '../sheet/shipDrafts';

interface DraftTableProps {
  drafts: readonly ShipDraft[];
  errors: readonly RowError[][];
  showErrors: boolean;
  onChange(key: string, change: Partial<ShipDraft>): void;
  onRemove(key: string): void;
}

export function DraftTable({ drafts, errors, showErrors, onChange, onRemove }: DraftTableProps) {
  const { t } = useTranslation();
  /** A line's error in the merchant's words (shipping.rowError). */
  const errorText = (error: RowError | undefined) => (error ? t(`shipping.rowError.${error.key}`, error.values ?? {}) : undefined);
  const fromSheet = drafts.some((draft) => draft.line !== null);
  return (
    <TableContainer sx={{ maxHeight: '55vh' }}>
      <Table size="small" stickyHeader aria-label={t('shipping.bulk.title')} data-testid="bulk-drafts">
        <TableHead>
          <TableRow>
            {fromSheet && <TableCell sx={{ width: 64 }}>{t('shipping.field.line')}</TableCell>}
            <TableCell>{t('shipping.field.orderNo')}</TableCell>
            <TableCell sx={{ width: 220 }}>{t('shipping.field.carrier')}</TableCell>
            <TableCell sx={{ width: 300 }}>{t('shipping.field.trackingNo')}</TableCell>
            <TableCell sx={{ width: 56 }} />
          </TableRow>
        </TableHead>
        <TableBody>
          {drafts.map((draft, index) => {
            const lineErrors = showErrors ? (errors[index] ?? []) : [];
            const of = (field: RowError['field']) => errorText(lineErrors.find((error) => error.field === field));
            const name = draft.line ?? index + 1;
            return (
              <TableRow key={draft.key} data-testid={`draft-${draft.line ?? draft.orderId}`} sx={{ verticalAlign: 'top' }}>
                {fromSheet && <TableCell>{draft.line}</TableCell>}
                <TableCell>
                  <Typography variant="body2">{draft.orderNo || (draft.orderId ?? '—')}</Typography>
                  {of('order') && (
                    <Typography variant="caption" color="error" component="p" role="status" data-testid="draft-order-error">
                      {of('order')}
                    </Typography>
                  )}
                  {draft.lastFailure && (
                    <Typography variant="caption" color="warning.dark" component="p" data-testid="draft-last-failure">
                      {draft.lastFailure.code} {draft.lastFailure.msg}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  <CarrierSelect
                    size="small"
                    hideLabel
                    label={t('shipping.bulk.carrierOf', { line: name })}
                    value={draft.carrier}
                    onChange={(carrier) => onChange(draft.key, { carrier, carrierText: '' })}
                    error={of('carrier')}
                    testId="draft-carrier"
                  />
                </TableCell>
                <TableCell>
                  <TrackingNoField
                    size="small"
                    hideLabel
                    label={t('shipping.bulk.trackingOf', { line: name })}
                    value={draft.trackingNo}
                    onChange={(trackingNo) => onChange(draft.key, { trackingNo, trackingLostDigits: false })}
                    error={of('trackingNo')}
                    testId="draft-tracking"
                  />
                </TableCell>
                <TableCell>
                  <IconButton size="small" aria-label={t('shipping.bulk.removeRow', { line: name })} onClick={() => onRemove(draft.key)}>
                    <DeleteOutlinedIcon fontSize="small" />
                  </IconButton>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
