// turnWithdrawal's form (docs/ledger.md "Withdrawals"): the amount (MoneyInput through the form kit's money field,
// integer cents in the values) and the pay password, checked with the contract's biz schema plus the available
// balance and the per-withdrawal limits in yuan; a confirmation names the amount and the card before anything moves.
// One idempotency key names one intended withdrawal: a retry of the same values after a lost answer sends the same
// key (the server answers the first result and never pays twice); other values, or a success, make a new key.
// Every refusal is shown in the merchant's language: the server's msg (the blacklist with its remark, the pause
// with its end, the wrong pay password, the lockout), and what the summary adds (tries left, locked until).
import { useRef, useState } from 'react';
import { FormProvider, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PAY_PASSWORD_MAX_FAILURES, STORE_CODES, WITHDRAWAL_LIMITS, isStoreCode, walletEndpoints as W, type WalletSummary } from '@merchant/api-contracts';
import { ConfirmDialog, formatCents, useNotify } from '@merchant/ui-kit';
import { isApiError } from '../../../app/transport';
import { FormFieldInput, contractResolver, newIdempotencyKey, textContext, type ResourceFormField } from '../../../resource-kit';
import { walletApi } from './api';
import { time } from './ledgerText';

interface Values extends Record<string, unknown> {
  amountCents?: number;
  payPassword: string;
}

const AMOUNT: ResourceFormField = { name: 'amountCents', labelKey: 'wallet.field.withdrawAmount', kind: 'money', testId: 'withdraw-amount', maxCents: WITHDRAWAL_LIMITS.maxCents };
const PASSWORD: ResourceFormField = { name: 'payPassword', labelKey: 'wallet.field.payPassword', kind: 'password', testId: 'withdraw-pay-password', autoComplete: 'current-password' };

/** The contract's biz without the key, which the form adds per intended withdrawal. */
const WITHDRAWAL_FORM_SCHEMA = W.applyWithdrawal.biz.omit({ idempotencyKey: true });

type Failure = { message: string; retryable: boolean };

/** The account as the merchant reads it: bank, last four digits, holder. */
export const accountLine = (t: (key: string, options?: Record<string, unknown>) => string, account: NonNullable<WalletSummary['settlementAccount']>) =>
  t('wallet.withdraw.accountText', { bank: account.bankName, last4: account.cardLast4, name: account.accountName });

/** Why the form cannot be used now (blacklist, pause, no card, no pay password, lockout), or undefined. */
function blocker(wallet: WalletSummary, t: (key: string, options?: Record<string, unknown>) => string): { severity: 'error' | 'warning' | 'info'; text: string; testId: string } | undefined {
  if (wallet.blacklistRemark !== null) return { severity: 'error', text: t('wallet.withdraw.blacklisted', { remark: wallet.blacklistRemark }), testId: 'withdraw-blacklisted' };
  if (wallet.settlementAccount === null) return { severity: 'info', text: t('wallet.withdraw.noAccount'), testId: 'withdraw-no-account' };
  if (wallet.withdrawalPausedUntil !== null) return { severity: 'warning', text: t('wallet.withdraw.paused', { until: time(wallet.withdrawalPausedUntil) }), testId: 'withdraw-paused' };
  if (!wallet.payPassword.set) return { severity: 'warning', text: t('wallet.withdraw.noPayPassword'), testId: 'withdraw-no-pay-password' };
  if (wallet.payPassword.lockedUntil !== null) return { severity: 'error', text: t('wallet.withdraw.locked', { until: time(wallet.payPassword.lockedUntil) }), testId: 'withdraw-locked' };
  return undefined;
}

export function WithdrawalForm({ wallet, onRefresh }: { wallet: WalletSummary; onRefresh: () => unknown }) {
  const { t, i18n } = useTranslation();
  const context = textContext(t, i18n.language);
  const notify = useNotify();
  const [done, setDone] = useState(false);
  const [apply] = walletApi.endpoints.applyWithdrawal.useMutation();
  const [asking, setAsking] = useState<{ amountCents: number; payPassword: string } | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const attempt = useRef<{ snapshot: string; key: string } | null>(null);
  const limitsText = t('wallet.withdraw.limits', { min: formatCents(WITHDRAWAL_LIMITS.minCents), max: formatCents(WITHDRAWAL_LIMITS.maxCents) });

  // The balance and the limits speak yuan; the rest is the contract's own check (whole cents, the pay password's form).
  const contract = contractResolver<Values>(WITHDRAWAL_FORM_SCHEMA);
  const resolver: Resolver<Values> = async (values, context, options) => {
    const cents = values.amountCents;
    if (typeof cents === 'number' && (cents < WITHDRAWAL_LIMITS.minCents || cents > WITHDRAWAL_LIMITS.maxCents)) {
      return { values: {}, errors: { amountCents: { type: 'range', message: limitsText } } };
    }
    if (typeof cents === 'number' && cents > wallet.availableCents) {
      return { values: {}, errors: { amountCents: { type: 'max', message: t('wallet.withdraw.overBalance', { max: formatCents(wallet.availableCents) }) } } };
    }
    return contract(values, context, options);
  };
  const form = useForm<Values>({ resolver, defaultValues: { payPassword: '' } });

  const blocked = blocker(wallet, t);
  const account = wallet.settlementAccount;

  const submit = async (biz: { amountCents: number; payPassword: string }) => {
    const snapshot = JSON.stringify(biz);
    if (attempt.current?.snapshot !== snapshot) attempt.current = { snapshot, key: newIdempotencyKey() };
    setFailure(null);
    setDone(false);
    try {
      await apply({ ...biz, idempotencyKey: attempt.current.key }).unwrap();
      attempt.current = null;
      form.reset({ payPassword: '' });
      notify.success(t('wallet.withdraw.done'));
      setDone(true);
    } catch (error) {
      const refused = isApiError(error) && isStoreCode(error.code);
      const message = isApiError(error) ? error.msg : String(error);
      if (refused) attempt.current = null;
      if (isApiError(error) && (error.code === STORE_CODES.wrongPayPassword || error.code === STORE_CODES.tooManyAttempts)) {
        form.setValue('payPassword', '');
        form.setError('payPassword', { type: 'server', message });
      }
      setFailure({ message, retryable: !refused });
      // The tries left, the lockout, a new blacklist entry or pause: the summary says what changed.
      void onRefresh();
    }
  };

  return (
    <Box>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 2, rowGap: 0.5, m: 0, mb: 2 }}>
        <Typography component="dt" color="text.secondary">
          {t('wallet.withdraw.available')}
        </Typography>
        <Typography component="dd" sx={{ m: 0, fontWeight: 600 }} data-testid="withdraw-available">
          ¥{formatCents(wallet.availableCents)}
        </Typography>
        <Typography component="dt" color="text.secondary">
          {t('wallet.withdraw.account')}
        </Typography>
        <Typography component="dd" sx={{ m: 0 }} data-testid="withdraw-account">
          {account ? accountLine(t, account) : '—'}
        </Typography>
      </Box>
      {blocked ? (
        <Alert severity={blocked.severity} role="alert" data-testid={blocked.testId}>
          {blocked.text}
        </Alert>
      ) : (
        <FormProvider {...form}>
          <Box component="form" noValidate onSubmit={form.handleSubmit((values) => setAsking({ amountCents: values.amountCents!, payPassword: values.payPassword }))} sx={{ maxWidth: 420 }}>
            <Stack spacing={2}>
              <FormFieldInput field={AMOUNT} required disabled={false} context={context} />
              <Typography variant="caption" color="text.secondary" sx={{ mt: '4px !important' }}>
                {limitsText}
              </Typography>
              <FormFieldInput field={PASSWORD} required disabled={false} context={context} />
              {wallet.payPassword.triesLeft < PAY_PASSWORD_MAX_FAILURES && (
                <Typography variant="body2" color="warning.main" data-testid="withdraw-tries-left">
                  {t('wallet.withdraw.triesLeft', { count: wallet.payPassword.triesLeft })}
                </Typography>
              )}
              {done && (
                <Alert severity="success" role="status" data-testid="withdraw-done">
                  {t('wallet.withdraw.done')}
                </Alert>
              )}
              {failure && (
                <Alert severity="error" role="alert" data-testid="withdraw-error">
                  {failure.message}
                  {failure.retryable && <Box sx={{ mt: 0.5 }}>{t('wallet.withdraw.retryHint')}</Box>}
                </Alert>
              )}
              <Box>
                <Button type="submit" variant="contained" data-testid="withdraw-submit">
                  {t('wallet.withdraw.submit')}
                </Button>
              </Box>
            </Stack>
          </Box>
        </FormProvider>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={t('wallet.withdraw.confirmTitle')}
        content={asking && account ? t('wallet.withdraw.confirmText', { amount: formatCents(asking.amountCents), account: accountLine(t, account) }) : undefined}
        confirmText={t('wallet.withdraw.confirm')}
        onConfirm={() => (asking ? submit(asking) : undefined)}
        onClose={() => setAsking(null)}
      />
    </Box>
  );
}
