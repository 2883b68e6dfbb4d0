// moneyMgmt/transferRecord's transfer dialog: the direction (wallet → deposit or back), the amount (at most what
// the source holds, the contract's limits) and the pay password; a confirmation, then one call with the form kit's
// idempotency key. A refusal (short balance, wrong pay password, the lockout) stays in the dialog in the merchant's
// language (the server's msg), and the values stay for another try.
import { useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { DEPOSIT_TRANSFER_DIRECTIONS, DEPOSIT_TRANSFER_LIMITS, depositEndpoints, depositTransferBiz, type DepositTransferDirection } from '@merchant/api-contracts';
import { ConfirmDialog, formatCents } from '@merchant/ui-kit';
import { isApiError } from '../../../app/transport';
import { defineResourceForm, useResourceForm, type ResourceActionContext } from '../../../resource-kit';
import { ResourceFormFields } from '../../../resource-kit/ResourceFormFields';
import { pinInput } from '../../account/forms/pinInput';
import { depositApi } from './api';

type Values = { direction: DepositTransferDirection; amountCents: number | undefined; payPassword: string };

export const transferForm = defineResourceForm<Values>({
  schema: depositTransferBiz,
  defaults: { direction: 'wallet_to_deposit', amountCents: undefined, payPassword: '' },
  fields: [
    { name: 'direction', labelKey: 'deposit.field.direction', kind: 'select', options: DEPOSIT_TRANSFER_DIRECTIONS.map((value) => ({ value, label: `deposit.kind.${value}` })), testId: 'transfer-direction' },
    { name: 'amountCents', labelKey: 'deposit.field.amount', kind: 'money', maxCents: DEPOSIT_TRANSFER_LIMITS.maxCents, testId: 'transfer-amount' },
    { name: 'payPassword', labelKey: 'deposit.field.payPassword', kind: 'password', input: pinInput('current-password'), testId: 'transfer-pay-password' },
  ],
  create: { endpoint: depositApi.endpoints.applyDepositTransfer as never, contract: depositEndpoints.applyTransfer },
  successKey: 'deposit.transfer.done',
  // The server's refusal, already in the merchant's language: kept in the dialog beside the values.
  describeFailure: (error) => (isApiError(error) ? error.msg || error.code : undefined),
});

export function TransferDialog({ context, onClose }: { context: ResourceActionContext; onClose(): void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [confirming, setConfirming] = useState(false);
  const engine = useResourceForm(transferForm, { initial: transferForm.defaults, context, successKey: 'deposit.transfer.done', onSaved: () => onClose() });
  const balances = depositApi.endpoints.depositBalances.useQuery();
  const direction = useWatch({ control: engine.form.control, name: 'direction' }) as DepositTransferDirection;
  const account = balances.currentData ?? balances.data;
  const source = account ? (direction === 'wallet_to_deposit' ? account.availableBalance : account.depositBalance) : undefined;
  const ask = engine.form.handleSubmit(() => setConfirming(true));
  const amount = formatCents(Number(engine.form.getValues('amountCents') ?? 0));

  return (
    <>
      <Dialog open onClose={() => engine.requestClose(onClose)} aria-labelledby={titleId} fullWidth maxWidth="xs" data-testid="transfer-dialog">
        <DialogTitle id={titleId}>{t('deposit.transfer.title')}</DialogTitle>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void ask();
          }}
        >
          <DialogContent>
            <DialogContentText sx={{ mb: 1 }}>{t('deposit.transfer.hint', { min: formatCents(DEPOSIT_TRANSFER_LIMITS.minCents) })}</DialogContentText>
            <ResourceFormFields engine={engine} fields={transferForm.fields} editing={false} />
            {source !== undefined && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="transfer-source-balance">
                {t('deposit.transfer.source', { amount: formatCents(source) })}
              </Typography>
            )}
          </DialogContent>
          <DialogActions>
            <Button type="button" onClick={() => engine.requestClose(onClose)}>
              {t('resourceKit.cancel')}
            </Button>
            <Button type="submit" variant="contained" loading={engine.submitting} data-testid="transfer-next">
              {t('deposit.transfer.submit')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      <ConfirmDialog
        open={confirming}
        title={t('deposit.transfer.confirmTitle')}
        content={t('deposit.transfer.confirm', { amount, direction: t(`deposit.kind.${direction}`) })}
        onConfirm={() => engine.submit()}
        onClose={() => setConfirming(false)}
      />
      {engine.question}
    </>
  );
}
