// processRefund's "pay", and a refund-only request's "approve and refund" (issue 35 §9: approval and
// payment in one confirmed step, refund/approveAndPay): the money goes back to the buyer once. The dialog
// makes ONE idempotency key when it opens and sends it with every click and every retry, so a double
// click, a lost answer or a retry after a timeout is the same payment to store-server, which answers the
// first result again and moves no money (docs/orders.md "Refunds"). It shows the buyer, the amount and
// what the order has left to refund: the one confirmation the merchant gives.
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { isStoreCode } from '@merchant/api-contracts';
import { formatCents } from '@merchant/ui-kit';
import { isApiError } from '../../app/transport';
import { PageError, PageLoading, newIdempotencyKey } from '../../resource-kit';
import { afterSalesApi } from './api';
import { afterSalesErrorText } from './errorText';

type Phase = { kind: 'ready' } | { kind: 'paying' } | { kind: 'failed'; message: string; retryable: boolean };

/** A refusal with a store code (not allowed now, not found, key used elsewhere) will not change on retry; a lost answer may. */
function isRetryable(error: unknown): boolean {
  return !(isApiError(error) && isStoreCode(error.code));
}

/** `pay`: an approved refund (status 4 or 7); `approveAndPay`: a refund-only request still pending review. */
export type PayRefundMode = 'pay' | 'approveAndPay';

export interface PayRefundDialogProps {
  refundId: number;
  mode?: PayRefundMode;
  onPaid: (amountCents: number) => void;
  onClose: () => void;
}

export function PayRefundDialog({ refundId, mode = 'pay', onPaid, onClose }: PayRefundDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  // Made once, when the dialog opens: the payment's identity for every attempt from this dialog.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const detail = afterSalesApi.endpoints.refund.useQuery({ refundId });
  const [pay] = afterSalesApi.endpoints.payRefund.useMutation();
  const [approveAndPay] = afterSalesApi.endpoints.approveAndPay.useMutation();
  const texts = mode === 'approveAndPay' ? 'afterSales.approveAndPay' : 'afterSales.pay';
  const [phase, setPhase] = useState<Phase>({ kind: 'ready' });
  // A second click while the first is on its way is the same payment: it waits for the first answer.
  const inFlight = useRef(false);
  const refund = detail.currentData ?? detail.data;

  const submit = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setPhase({ kind: 'paying' });
    try {
      const answer = await (mode === 'approveAndPay' ? approveAndPay({ refundId, idempotencyKey }) : pay({ refundId, idempotencyKey })).unwrap();
      onPaid(answer.amountCents);
      onClose();
    } catch (error) {
      setPhase({ kind: 'failed', message: afterSalesErrorText(t, mode, error), retryable: isRetryable(error) });
    } finally {
      inFlight.current = false;
    }
  };

  const paying = phase.kind === 'paying';
  const failed = phase.kind === 'failed' ? phase : null;
  return (
    <Dialog open onClose={paying ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs" data-testid="pay-refund-dialog">
      <DialogTitle id={titleId}>{t(`${texts}.title`)}</DialogTitle>
      <DialogContent>
        {detail.error && !refund ? (
          <PageError error={detail.error} onRetry={detail.refetch} />
        ) : !refund ? (
          <PageLoading />
        ) : (
          <>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0, mb: 2 }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {t('afterSales.pay.refundNo')}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                {refund.refundNo}
              </Typography>
              <Typography component="dt" variant="body2" color="text.secondary">
                {t('afterSales.pay.buyer')}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0 }} data-testid="pay-buyer">
                {refund.buyerName}
              </Typography>
              <Typography component="dt" variant="body2" color="text.secondary">
                {t('afterSales.pay.paid')}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0 }} data-testid="pay-order-paid">
                ¥{formatCents(refund.order.amountCents)}
              </Typography>
              <Typography component="dt" variant="body2" color="text.secondary">
                {t('afterSales.pay.refunded')}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                ¥{formatCents(refund.order.refundedCents)}
              </Typography>
              <Typography component="dt" variant="body2" color="text.secondary">
                {t('afterSales.pay.left')}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0 }} data-testid="pay-order-left">
                ¥{formatCents(refund.order.refundableCents)}
              </Typography>
              <Typography component="dt" variant="subtitle2">
                {t('afterSales.pay.amount')}
              </Typography>
              <Typography component="dd" variant="subtitle2" sx={{ m: 0 }} data-testid="pay-amount">
                ¥{formatCents(refund.amountCents)}
              </Typography>
            </Box>
            <DialogContentText variant="body2">{t(`${texts}.hint`)}</DialogContentText>
          </>
        )}
        {failed && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {failed.message}
            {failed.retryable && <Box sx={{ mt: 0.5 }}>{t('afterSales.pay.retryHint')}</Box>}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={paying}>
          {t('resourceKit.cancel')}
        </Button>
        <Button
          variant="contained"
          color="error"
          loading={paying}
          disabled={!refund || (failed !== null && !failed.retryable)}
          onClick={() => void submit()}
          data-testid="pay-refund-submit"
        >
          {t(failed?.retryable ? 'afterSales.pay.retry' : `${texts}.submit`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
