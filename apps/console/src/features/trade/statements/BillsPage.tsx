// billManagement/bills: daily and monthly statements per ledger account (opening, in, out, closing and the movements
// by kind), filtered by account and days, downloadable as xlsx through a server export job (its progress shown as on
// the other export screens), and "explain my balance" below. Filters, page and period live in the URL.
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  LEDGER_TRANSFER_KIND_LABELS,
  PERMISSIONS,
  STORE_LEDGER_ACCOUNTS,
  STORE_LEDGER_ACCOUNT_LABELS,
  labelOf,
  type EndpointBiz,
  type StatementPeriod,
  type StatementRow,
  type StoreLedgerAccount,
  type statementEndpoints,
} from '@merchant/api-contracts';
import { DataTable, PermissionButton, useDataTable, type DataTableColumn, type TableQuery } from '@merchant/ui-kit';
import { useAppDispatch } from '../../../app/hooks';
import { textContext } from '../../../resource-kit';
import { useExportJob } from '../../../resource-kit/exportAsync';
import { ExportJobPanel } from '../../../resource-kit/exportJobPanel';
import { serverExportRequest } from '../../../resource-kit/exportList';
import { money } from '../resources/shared';
import { statementsApi } from './api';
import { DayPicker, DayPickers, DAY_FORMAT } from './DayPicker';
import { ExplainBalancePanel } from './ExplainBalancePanel';

type Query = EndpointBiz<typeof statementEndpoints.statementList>;

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** The table's URL state → the list call (period day unless the monthly tab is open). */
export function billsArg({ pageNum, pageSize, filters }: TableQuery): Query {
  const period: StatementPeriod = filters.period === 'month' ? 'month' : 'day';
  const account = text(filters.account) as StoreLedgerAccount | undefined;
  return { pageNum, pageSize, period, ...(account ? { account } : {}), ...(text(filters.from) ? { from: text(filters.from) } : {}), ...(text(filters.to) ? { to: text(filters.to) } : {}) };
}

const signed = (cents: number) => `${cents > 0 ? '+' : ''}${money(cents)}`;

export function BillsPage() {
  const { t, i18n } = useTranslation();
  const { locale } = textContext(t, i18n.language);
  const dispatch = useAppDispatch();
  const table = useDataTable<StatementRow, Query>({ id: 'trade.bills', endpoint: statementsApi.endpoints.statements, toArg: billsArg });
  const arg = billsArg({ pageNum: 1, pageSize: 10, filters: table.filters });
  const serverExport = useExportJob({ dispatch: dispatch as never });
  const [preset, setPreset] = useState<{ account: StoreLedgerAccount; from: string; to: string } | null>(null);
  const explainRef = useRef<HTMLDivElement>(null);
  const today = dayjs().format(DAY_FORMAT);
  const defaults = useMemo(() => ({ account: 'available' as const, from: dayjs().subtract(30, 'day').format(DAY_FORMAT), to: today }), [today]);
  const rangeError = arg.from && arg.to && arg.to < arg.from ? t('statements.field.to') : undefined;

  const setFilter = (name: string, value: string | undefined) =>
    table.setFilters((current) => {
      const next: Record<string, string | number | boolean | readonly (string | number)[]> = { ...current };
      if (value === undefined || value === '') delete next[name];
      else next[name] = value;
      return next;
    });

  const download = () => void serverExport.start(serverExportRequest('trade.statements', billsArg, table.filters, undefined, `${t('statements.downloadFile')}-${arg.period}`));

  const columns = useMemo<DataTableColumn<StatementRow>[]>(
    () => [
      { key: 'periodStart', title: t('statements.field.period'), width: 110, format: (row) => (row.period === 'month' ? row.periodStart.slice(0, 7) : row.periodStart) },
      { key: 'account', title: t('statements.field.account'), width: 140, format: (row) => labelOf(STORE_LEDGER_ACCOUNT_LABELS, row.account, locale) },
      { key: 'openingCents', title: t('statements.field.opening'), width: 125, align: 'right', format: (row) => money(row.openingCents) },
      { key: 'inCents', title: t('statements.field.in'), width: 110, align: 'right', format: (row) => money(row.inCents) },
      { key: 'outCents', title: t('statements.field.out'), width: 110, align: 'right', format: (row) => money(row.outCents) },
      { key: 'closingCents', title: t('statements.field.closing'), width: 125, align: 'right', format: (row) => money(row.closingCents) },
      {
        key: 'byKind',
        title: t('statements.field.byKind'),
        flex: 1,
        width: 200,
        format: (row) => row.byKind.map((k) => `${labelOf(LEDGER_TRANSFER_KIND_LABELS, k.kind, locale)} ${signed(k.netCents)}`).join(locale === 'zh-CN' ? '；' : '; '),
      },
      {
        key: 'actions',
        title: '',
        width: 110,
        hideable: false,
        actions: true,
        render: (row) => (
          <Button
            size="small"
            onClick={() => {
              setPreset({ account: row.account, from: row.periodStart, to: row.periodEnd });
              explainRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
            }}
            aria-label={`${t('statements.explainAction')} ${labelOf(STORE_LEDGER_ACCOUNT_LABELS, row.account, locale)} ${row.periodStart}`}
          >
            {t('statements.explainAction')}
          </Button>
        ),
      },
    ],
    [t, locale],
  );

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }} data-testid="bills">
        <Stack spacing={1.5}>
          <Typography variant="h6" component="h1">
            {t('statements.menu.bills')}
          </Typography>
          <Tabs value={arg.period} onChange={(_event, value: string) => setFilter('period', value === 'month' ? 'month' : undefined)} aria-label={t('statements.field.period')}>
            <Tab value="day" label={t('statements.period.day')} data-testid="tab-day" />
            <Tab value="month" label={t('statements.period.month')} data-testid="tab-month" />
          </Tabs>
          <DayPickers locale={locale}>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
              <TextField select size="small" label={t('statements.field.account')} value={arg.account ?? ''} onChange={(event) => setFilter('account', event.target.value)} sx={{ width: 160 }} slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}>
                <MenuItem value="">{t('statements.field.allAccounts')}</MenuItem>
                {STORE_LEDGER_ACCOUNTS.map((account) => (
                  <MenuItem key={account} value={account}>
                    {labelOf(STORE_LEDGER_ACCOUNT_LABELS, account, locale)}
                  </MenuItem>
                ))}
              </TextField>
              <DayPicker label={t('statements.field.from')} name="bills.from" value={arg.from} onChange={(day) => setFilter('from', day)} />
              <DayPicker label={t('statements.field.to')} name="bills.to" value={arg.to} onChange={(day) => setFilter('to', day)} error={rangeError} />
              <PermissionButton
                variant="outlined"
                size="medium"
                permission={PERMISSIONS.tradeView}
                loading={serverExport.view.phase === 'starting' || serverExport.view.phase === 'running'}
                disabled={Boolean(rangeError)}
                onClick={download}
                data-testid="bills-download"
              >
                {t('statements.download')}
              </PermissionButton>
            </Stack>
          </DayPickers>
          <ExportJobPanel view={serverExport.view} onCheckAgain={() => void serverExport.checkAgain()} onRetry={download} onDismiss={serverExport.dismiss} />
          <DataTable columns={columns} table={table} getRowId={(row) => row.statementId} emptyText={t('statements.empty.bills')} label={t('statements.menu.bills')} data-testid="trade.bills-table" />
        </Stack>
      </Paper>
      <div ref={explainRef}>
        <ExplainBalancePanel preset={preset} defaults={defaults} />
      </div>
    </Stack>
  );
}
