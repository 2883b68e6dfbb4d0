// The settlement calendar: per business day, the pending amounts that become available then (payment + T+N, less
// the commission), with a bar per day so the busy days stand out. A table, so a screen reader reads every figure.
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { SETTLEMENT_DAYS_AFTER_PAYMENT } from '@merchant/api-contracts';
import { money } from '../resources/shared';
import { statementsApi } from './api';

export function SettlementCalendar() {
  const { t } = useTranslation();
  const { data, error } = statementsApi.useSettlementCalendarQuery({});
  const days = data?.days ?? [];
  const widest = Math.max(1, ...days.map((d) => d.pendingCents));
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="settlement-calendar-title" data-testid="settlement-calendar">
      <Stack spacing={1}>
        <Typography id="settlement-calendar-title" variant="subtitle1" component="h2">
          {t('statements.calendar.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('statements.calendar.hint', { days: SETTLEMENT_DAYS_AFTER_PAYMENT })}
        </Typography>
        {error ? null : data && days.length === 0 ? (
          <Alert severity="info">{t('statements.calendar.empty')}</Alert>
        ) : (
          <>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {t('statements.calendar.total', { amount: money(data?.pendingCents ?? 0) })}
            </Typography>
            <TableContainer sx={{ maxHeight: 320 }}>
              <Table size="small" stickyHeader aria-labelledby="settlement-calendar-title">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('statements.field.day')}</TableCell>
                    <TableCell align="right">{t('statements.field.orderCount')}</TableCell>
                    <TableCell align="right">{t('statements.field.pending')}</TableCell>
                    <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                      {t('statements.field.commission')}
                    </TableCell>
                    <TableCell align="right">{t('statements.field.net')}</TableCell>
                    <TableCell sx={{ width: '25%', display: { xs: 'none', md: 'table-cell' } }} aria-hidden="true" />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {days.map((d) => (
                    <TableRow key={d.day} data-testid="calendar-day">
                      <TableCell>{d.day}</TableCell>
                      <TableCell align="right">{d.orderCount}</TableCell>
                      <TableCell align="right">{money(d.pendingCents)}</TableCell>
                      <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                        {money(d.commissionCents)}
                      </TableCell>
                      <TableCell align="right">{money(d.netCents)}</TableCell>
                      <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }} aria-hidden="true">
                        <Box sx={{ height: 8, borderRadius: 1, bgcolor: 'primary.main', width: `${Math.max(2, Math.round((d.pendingCents / widest) * 100))}%` }} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </>
        )}
      </Stack>
    </Paper>
  );
}
