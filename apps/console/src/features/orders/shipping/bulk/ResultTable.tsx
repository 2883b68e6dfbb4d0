// The answer to each line of a bulk shipment: shipped, or failed with the server's code and its text
// in the merchant's language (the per-row results of bulkShip).
import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { carrierName } from '@merchant/api-contracts';
import { useLocale } from '../ship/ShipFields';
import type { ShipRowResult } from '../sheet/sendInBatches';
import type { ShipDraft } from '../sheet/shipDrafts';

export interface LineResult {
  draft: ShipDraft;
  result: ShipRowResult;
}

export function ResultTable({ results, messageOf }: { results: readonly LineResult[]; messageOf(result: ShipRowResult): string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const ok = results.filter((line) => line.result.ok).length;
  const fromSheet = results.some((line) => line.draft.line !== null);
  return (
    <Stack spacing={1.5}>
      <Typography variant="subtitle1" component="p" role="status" data-testid="bulk-summary">
        {t('shipping.bulk.resultSummary', { ok, failed: results.length - ok })}
      </Typography>
      <TableContainer sx={{ maxHeight: '55vh' }}>
        <Table size="small" stickyHeader aria-label={t('shipping.field.result')} data-testid="bulk-results">
          <TableHead>
            <TableRow>
              {fromSheet && <TableCell>{t('shipping.field.line')}</TableCell>}
              <TableCell>{t('shipping.field.orderNo')}</TableCell>
              <TableCell>{t('shipping.field.carrier')}</TableCell>
              <TableCell>{t('shipping.field.trackingNo')}</TableCell>
              <TableCell>{t('shipping.field.result')}</TableCell>
              <TableCell>{t('shipping.field.code')}</TableCell>
              <TableCell>{t('shipping.field.message')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {results.map(({ draft, result }) => (
              <TableRow key={draft.key} data-testid={`result-${draft.line ?? draft.orderId}`} data-ok={String(result.ok)}>
                {fromSheet && <TableCell>{draft.line}</TableCell>}
                <TableCell>{draft.orderNo || draft.orderId}</TableCell>
                <TableCell>{carrierName(draft.carrier, locale)}</TableCell>
                <TableCell>{draft.trackingNo}</TableCell>
                <TableCell>
                  <Chip size="small" color={result.ok ? 'success' : 'error'} variant="outlined" label={result.ok ? t('shipping.bulk.ok') : t('shipping.bulk.failed')} />
                </TableCell>
                <TableCell>{result.ok ? '' : result.code}</TableCell>
                <TableCell data-testid="result-message">{result.ok ? '' : messageOf(result)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Stack>
  );
}
