// moneyMgmt/topUp's dialog: the amount (the contract's limits), a confirmation, then the payment's progress. The
// top-up stays pending until the payment provider's signed callback reaches store-server, so the dialog asks for
// the top-up every TOP_UP_POLL_MS until it is paid (the deposit grew) or failed (the provider's reason; nothing
// moved). The form kit's engine gives the submit one idempotency key, so a double click is one payment.
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { DEPOSIT_TOP_UP_LIMITS, TOP_UP_POLL_MS, TOP_UP_STATE, depositEndpoints, depositTopUpBiz, type DepositTopUpRecord } from '@merchant/api-contracts';
import { ConfirmDialog, formatCents } from '@merchant/ui-kit';
import { useAppDispatch } from '../../../app/hooks';
import { defineResourceForm, useResourceForm, type ResourceActionContext } from '../../../resource-kit';
import { ResourceFormFields } from '../../../resource-kit/ResourceFormFields';
import { depositApi } from './api';

type Values = { amountCents: number | undefined };

/** After this long without an answer the dialog says the result will show in the list (it keeps asking). */
const PATIENCE_MS = 60_000;

export const topUpForm = defineResourceForm<Values>({
  schema: depositTopUpBiz,
  defaults: { amountCents: undefined },
  fields: [{ name: 'amountCents', labelKey: 'deposit.field.amount', kind: 'money', maxCents: DEPOSIT_TOP_UP_LIMITS.maxCents, testId: 'top-up-amount' }],
  create: { endpoint: depositApi.endpoints.applyDepositTopUp as never, contract: depositEndpoints.applyTopUp },
  // Not "saved" yet: the payment is only asked for; the dialog shows its outcome.
  successKey: null,
});

export function TopUpDialog({ context, onClose }: { context: ResourceActionContext; onClose(): void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [confirming, setConfirming] = useState(false);
  const [topUp, setTopUp] = useState<DepositTopUpRecord | null>(null);
  const engine = useResourceForm(topUpForm, { initial: topUpForm.defaults, context, successKey: 'resourceKit.modified', onSaved: (answer) => setTopUp(answer as DepositTopUpRecord) });
  const ask = engine.form.handleSubmit(() => setConfirming(true));
  const amount = formatCents(Number(engine.form.getValues('amountCents') ?? 0));

  return (
    <>
      <Dialog open onClose={topUp ? onClose : () => engine.requestClose(onClose)} aria-labelledby={titleId} fullWidth maxWidth="xs" data-testid="top-up-dialog">
        <DialogTitle id={titleId}>{t('deposit.topUp.title')}</DialogTitle>
        {topUp ? (
          <TopUpProgress first={topUp} onClose={onClose} />
        ) : (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void ask();
            }}
          >
            <DialogContent>
              <DialogContentText sx={{ mb: 1 }}>{t('deposit.topUp.hint', { min: formatCents(DEPOSIT_TOP_UP_LIMITS.minCents), max: formatCents(DEPOSIT_TOP_UP_LIMITS.maxCents) })}</DialogContentText>
              <ResourceFormFields engine={engine} fields={topUpForm.fields} editing={false} />
            </DialogContent>
            <DialogActions>
              <Button type="button" onClick={() => engine.requestClose(onClose)}>
                {t('resourceKit.cancel')}
              </Button>
              <Button type="submit" variant="contained" loading={engine.submitting} data-testid="top-up-next">
                {t('deposit.topUp.submit')}
              </Button>
            </DialogActions>
          </form>
        )}
      </Dialog>
      <ConfirmDialog open={confirming} title={t('deposit.topUp.confirmTitle')} content={t('deposit.topUp.confirm', { amount })} onConfirm={() => engine.submit()} onClose={() => setConfirming(false)} />
      {engine.question}
    </>
  );
}

/** Polls the top-up until the provider's outcome arrives; then refreshes the lists and balances once. */
function TopUpProgress({ first, onClose }: { first: DepositTopUpRecord; onClose(): void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [pending, setPending] = useState(first.state === TOP_UP_STATE.pending);
  const [patienceOver, setPatienceOver] = useState(false);
  const query = depositApi.endpoints.depositTopUp.useQuery({ topUpId: first.topUpId }, { pollingInterval: pending ? TOP_UP_POLL_MS : 0, skipPollingIfUnfocused: false });
  const record = query.currentData ?? query.data ?? first;
  const done = record.state !== TOP_UP_STATE.pending;

  useEffect(() => {
    if (!done) return;
    setPending(false);
    dispatch(depositApi.util.invalidateTags(['DepositTopUp', 'DepositBalance']));
  }, [done, dispatch]);
  useEffect(() => {
    const timer = setTimeout(() => setPatienceOver(true), PATIENCE_MS);
    return () => clearTimeout(timer);
  }, []);

  const amount = formatCents(record.amountCents);
  return (
    <>
      <DialogContent>
        <Box role="status" aria-live="polite" data-testid="top-up-progress" data-state={record.state}>
          {record.state === TOP_UP_STATE.paid ? (
            <Alert severity="success">{t('deposit.topUp.paid', { amount })}</Alert>
          ) : record.state === TOP_UP_STATE.failed ? (
            <Alert severity="error">{t('deposit.topUp.failed', { reason: record.failReason ?? '' })}</Alert>
          ) : (
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <CircularProgress size={24} aria-hidden />
              <span>{t('deposit.topUp.waiting')}</span>
            </Stack>
          )}
          {!done && patienceOver && (
            <Alert severity="info" sx={{ mt: 2 }}>
              {t('deposit.topUp.stillPending')}
            </Alert>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant={done ? 'contained' : 'text'} data-testid="top-up-close">
          {t('deposit.topUp.close')}
        </Button>
      </DialogActions>
    </>
  );
}
