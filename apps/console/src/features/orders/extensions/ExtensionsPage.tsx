// extensions (console-spec §2): extend an order's return period by 1–30 days. The form checks the days
// with the contract, asks before sending, reports the new end of the period the server set (it counts
// from now when the period has already ended), and shows a refusal (10100005 when the order left the
// states that allow it) in the merchant's language.
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { OrderDetail } from '@merchant/api-contracts';
import { ConfirmDialog, formatSecondsTimestamp, sanitizeNumberInput } from '@merchant/ui-kit';
import { useAppDispatch } from '../../../app/hooks';
import { notify } from '../../../app/notificationsSlice';
import { apiErrorText } from '../../../app/apiErrorText';
import { PageError, PageLoading, useUnsavedChangesGuard } from '../../../resource-kit';
import { orderApi } from '../api';
import { OrderStatusChip, canExtendReturnPeriod } from '../orderStatus';
import { ORDER_PATHS, orderAddress } from '../paths';
import { DescriptionList, useTextContext } from '../details/sections';
import { useOrderId } from '../details/useOrderId';
import { daysLimits, extensionResolver, type ExtensionValues } from './extensionForm';

export function ExtensionsPage() {
  const { t } = useTranslation();
  const orderId = useOrderId();
  const result = orderApi.endpoints.orderDetail.useQuery({ orderId: orderId ?? 0 }, { skip: orderId === null });
  const order = result.currentData ?? result.data;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="order-extensions">
      <Stack spacing={2}>
        <Typography variant="h6" component="h1">
          {t('orders.menu.extensions')}
        </Typography>
        {orderId === null ? (
          <Alert severity="warning">{t('resourceKit.notFound')}</Alert>
        ) : result.error ? (
          <PageError error={result.error} onRetry={result.refetch} />
        ) : !order || order.orderId !== orderId ? (
          <PageLoading />
        ) : (
          <ExtensionForm order={order} />
        )}
      </Stack>
    </Paper>
  );
}

function ExtensionForm({ order }: { order: OrderDetail }) {
  const context = useTextContext();
  const { t, locale } = context;
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [extend] = orderApi.endpoints.extendReturnPeriod.useMutation();
  const [confirming, setConfirming] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const form = useForm<ExtensionValues>({ defaultValues: { days: '' }, resolver: extensionResolver(order.orderId, t), mode: 'onSubmit', reValidateMode: 'onChange' });
  const guard = useUnsavedChangesGuard(form.formState.isDirty && !saved);
  const details = orderAddress(order.serviceOrder ? ORDER_PATHS.serviceDetails : ORDER_PATHS.details, order.orderId);
  const extendable = canExtendReturnPeriod(order.status);

  const submit = form.handleSubmit(({ days }) => {
    setFailure(null);
    setConfirming(Number(days));
  });
  const send = async (days: number) => {
    try {
      const answer = await extend({ orderId: order.orderId, days }).unwrap();
      setSaved(true);
      guard.allowLeave();
      dispatch(notify({ severity: 'success', message: t('orders.extensions.done', { deadline: formatSecondsTimestamp(answer.returnDeadline) }) }));
      void navigate(details);
    } catch (error) {
      setFailure(t('orders.extensions.failed', { reason: apiErrorText(error, locale, t('orders.extensions.retry')) }));
    }
  };

  return (
    <Stack spacing={2}>
      <DescriptionList
        testIdPrefix="extension"
        entries={[
          { key: 'orderNo', label: t('orders.field.orderNo'), value: <Link component={RouterLink} to={details}>{order.orderNo}</Link> },
          { key: 'status', label: t('orders.field.status'), value: <OrderStatusChip status={order.status} context={context} /> },
          { key: 'returnDeadline', label: t('orders.field.returnDeadline'), value: formatSecondsTimestamp(order.returnDeadline) },
        ]}
      />
      {/* Outside the form: a refusal refreshes the order, which may no longer offer the form. */}
      {failure && (
        <Alert severity="error" role="alert" data-testid="extension-failure">
          {failure}
        </Alert>
      )}
      {!extendable ? (
        <Alert severity="warning" data-testid="extension-not-allowed">
          {t('orders.extensions.notExtendable')}
        </Alert>
      ) : (
        <Stack component="form" noValidate spacing={2} sx={{ maxWidth: 420 }} onSubmit={(event) => void submit(event)} data-testid="extension-form">
          <Typography variant="body2" color="text.secondary" id="extension-intro">
            {t('orders.extensions.intro', daysLimits)}
          </Typography>
          <Controller
            name="days"
            control={form.control}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                onChange={(event) => field.onChange(sanitizeNumberInput(event.target.value))}
                label={t('orders.field.days')}
                size="small"
                required
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? ' '}
                id="extension-days"
                // The limits and the error (MUI's helper text id) both describe the field.
                slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-describedby': 'extension-intro extension-days-helper-text', 'data-testid': 'extension-days' } }}
              />
            )}
          />
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained" data-testid="extension-submit">
              {t('orders.extensions.submit')}
            </Button>
            <Button onClick={() => void navigate(details)}>{t('resourceKit.cancel')}</Button>
          </Stack>
        </Stack>
      )}
      {!extendable && (
        <div>
          <Button variant="outlined" size="small" onClick={() => void navigate(details)}>
            {t('orders.action.backToDetails')}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={t('orders.extensions.confirmTitle')}
        content={
          confirming !== null
            ? t('orders.extensions.confirm', { orderNo: order.orderNo, days: confirming })
            : undefined
        }
        onConfirm={() => (confirming !== null ? send(confirming) : undefined)}
        onClose={() => setConfirming(null)}
      />
    </Stack>
  );
}
