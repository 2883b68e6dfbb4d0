// "Explain my balance": one account between two days: the opening balance, each kind of movement summed (each line
// opening its entries in the money flow), and the closing balance. The form checks the contract's own schema.
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query';
import { LEDGER_TRANSFER_KIND_LABELS, STORE_LEDGER_ACCOUNTS, STORE_LEDGER_ACCOUNT_LABELS, explainBalanceBiz, labelOf, type ExplainBalanceQuery, type StoreLedgerAccount } from '@merchant/api-contracts';
import { contractResolver, problemText, textContext } from '../../../resource-kit';
import { money } from '../resources/shared';
import { statementsApi } from './api';
import { DayPicker, DayPickers } from './DayPicker';

/** The entry count is the first thing a phone can do without. */
const HIDE_ON_PHONE = { display: { xs: 'none', sm: 'table-cell' } } as const;

type Values = { account: StoreLedgerAccount; from: string; to: string };

export interface ExplainBalancePanelProps {
  /** A statement row's "explain" fills the form and explains at once. */
  preset: Values | null;
  defaults: Values;
}

export function ExplainBalancePanel({ preset, defaults }: ExplainBalancePanelProps) {
  const { t, i18n } = useTranslation();
  const { locale } = textContext(t, i18n.language);
  const [query, setQuery] = useState<ExplainBalanceQuery | null>(null);
  const form = useForm<Values>({ defaultValues: defaults, resolver: contractResolver<Values>(explainBalanceBiz) });
  useEffect(() => {
    if (!preset) return;
    form.reset(preset);
    setQuery(preset);
  }, [preset, form]);
  const { data, isFetching } = statementsApi.useExplainBalanceQuery(query ?? skipToken);
  const labels = useMemo(() => ({ account: t('statements.field.account'), from: t('statements.field.from'), to: t('statements.field.to') }), [t]);
  const errorOf = (name: keyof Values) => problemText(i18n, form.formState.errors[name]?.message, labels[name]);

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="explain-title" data-testid="explain-balance">
      <Stack spacing={1.5}>
        <Typography id="explain-title" variant="subtitle1" component="h2">
          {t('statements.explain.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('statements.explain.hint')}
        </Typography>
        <DayPickers locale={locale}>
          <Stack
            component="form"
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}
            onSubmit={(event) => void form.handleSubmit((values) => setQuery({ ...values }))(event)}
            aria-label={t('statements.explain.title')}
          >
            <Controller
              control={form.control}
              name="account"
              render={({ field }) => (
                <TextField select size="small" label={labels.account} sx={{ width: 160 }} {...field} error={Boolean(errorOf('account'))} helperText={errorOf('account')}>
                  {STORE_LEDGER_ACCOUNTS.map((account) => (
                    <MenuItem key={account} value={account}>
                      {labelOf(STORE_LEDGER_ACCOUNT_LABELS, account, locale)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller control={form.control} name="from" render={({ field }) => <DayPicker label={labels.from} name="explain.from" value={field.value} onChange={field.onChange} error={errorOf('from')} />} />
            <Controller control={form.control} name="to" render={({ field }) => <DayPicker label={labels.to} name="explain.to" value={field.value} onChange={field.onChange} error={errorOf('to')} />} />
            <Button type="submit" variant="contained" size="medium" loading={isFetching}>
              {t('statements.explain.run')}
            </Button>
          </Stack>
        </DayPickers>
        {data && query && (
          <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('statements.explain.title')} data-testid="explain-result">
            <TableHead>
              <TableRow>
                <TableCell>{t('statements.field.byKind')}</TableCell>
                <TableCell align="right" sx={HIDE_ON_PHONE}>
                  {t('statements.field.count')}
                </TableCell>
                <TableCell align="right">{t('statements.field.amount')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              <TableRow>
                <TableCell sx={{ fontWeight: 600 }}>{t('statements.explain.opening', { date: data.from })}</TableCell>
                <TableCell sx={HIDE_ON_PHONE} />
                <TableCell align="right" sx={{ fontWeight: 600 }} data-testid="explain-opening">
                  {money(data.openingCents)}
                </TableCell>
                <TableCell />
              </TableRow>
              {data.lines.length === 0 && (
                <TableRow>
                  <TableCell colSpan={4}>{t('statements.explain.none')}</TableCell>
                </TableRow>
              )}
              {data.lines.map((line) => (
                <TableRow key={line.kind} data-testid={`explain-line-${line.kind}`}>
                  <TableCell>{labelOf(LEDGER_TRANSFER_KIND_LABELS, line.kind, locale)}</TableCell>
                  <TableCell align="right" sx={HIDE_ON_PHONE}>
                    {line.count}
                  </TableCell>
                  <TableCell align="right">{`${line.netCents > 0 ? '+' : ''}${money(line.netCents)}`}</TableCell>
                  <TableCell align="right">
                    <Link component={RouterLink} to={line.link}>
                      {t('statements.explain.entries')}
                    </Link>
                  </TableCell>
                </TableRow>
              ))}
              <TableRow>
                <TableCell sx={{ fontWeight: 600 }}>{t('statements.explain.closing', { date: data.to })}</TableCell>
                <TableCell sx={HIDE_ON_PHONE} />
                <TableCell align="right" sx={{ fontWeight: 600 }} data-testid="explain-closing">
                  {money(data.closingCents)}
                </TableCell>
                <TableCell />
              </TableRow>
            </TableBody>
          </Table>
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
