// extensions (console-spec §2): extend an order's return period by 1–30 days. On the form kit's engine: the
// days are checked by the contract (extendReturnPeriodBiz) with its rule texts in the merchant's language;
// the form asks before sending, reports the new end of the period the server set (it counts from now when
// the period has already ended), and shows a refusal (10100005 when the order left the states that allow
// it) in the merchant's language.
import { Suspense, useMemo, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ORDER_LIMITS, extendReturnPeriodBiz, orderEndpoints, type OrderDetail } from '@merchant/api-contracts';
import { ConfirmDialog, formatSecondsTimestamp } from '@merchant/ui-kit';
import { useAppDispatch } from '../../../app/hooks';
import { notify } from '../../../app/notificationsSlice';
import { apiErrorText } from '../../../app/apiErrorText';
import { FormFieldInput, PageError, PageLoading, defineResourceForm, useResourceActions, useResourceForm, type ResourceTextContext } from '../../../resource-kit';
import { orderApi } from '../api';
import { OrderStatusChip, canExtendReturnPeriod } from '../orderStatus';
import { ORDER_PATHS, orderAddress } from '../paths';
import { DescriptionList, useTextContext } from '../details/sections';
import { useOrderId } from '../details/useOrderId';

const DAYS_LIMITS = { min: ORDER_LIMITS.extendDaysMin, max: ORDER_LIMITS.extendDaysMax };

type Values = { days?: number };

/** The extension of one order: the biz is its id and the days; a refusal is said in this screen's words. */
function extensionForm(orderId: number, locale: ResourceTextContext['locale']) {
  return defineResourceForm<Values>({
    schema: extendReturnPeriodBiz,
    toBiz: ({ days }) => ({ orderId, days }),
    defaults: { days: undefined },
    fields: [{ name: 'days', labelKey: 'orders.field.days', kind: 'integer' }],
    create: { endpoint: orderApi.endpoints.extendReturnPeriod as never, contract: orderEndpoints.extendReturnPeriod },
    // The notice names the server's new deadline (onSaved).
    successKey: null,
    describeFailure: (error, t) => t('orders.extensions.failed', { reason: apiErrorText(error, locale, t('orders.extensions.retry')) }),
  });
}

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
  const dispatch = useAppDispatch();
  const actions = useResourceActions();
  const details = orderAddress(order.serviceOrder ? ORDER_PATHS.serviceDetails : ORDER_PATHS.details, order.orderId);
  const definition = useMemo(() => extensionForm(order.orderId, locale), [order.orderId, locale]);
  const [confirming, setConfirming] = useState<number | null>(null);
  const engine = useResourceForm(definition, {
    initial: definition.defaults,
    context: actions.context,
    successKey: 'resourceKit.saved',
    onSaved: (answer) => {
      const { returnDeadline } = answer as { returnDeadline: number };
      dispatch(notify({ severity: 'success', message: t('orders.extensions.done', { deadline: formatSecondsTimestamp(returnDeadline) }) }));
      actions.context.navigate(details);
    },
  });
  const extendable = canExtendReturnPeriod(order.status);

  // Checked first, then asked: the merchant confirms the days before anything is sent.
  const ask = engine.form.handleSubmit((checked) => setConfirming(checked.days as number));

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
      {engine.formProblems.length > 0 && (
        <Alert severity="error" role="alert" data-testid="extension-failure">
          {engine.formProblems.join(' ')}
        </Alert>
      )}
      {!extendable ? (
        <Alert severity="warning" data-testid="extension-not-allowed">
          {t('orders.extensions.notExtendable')}
        </Alert>
      ) : (
        <FormProvider {...engine.form}>
          <Stack
            component="form"
            noValidate
            spacing={2}
            sx={{ maxWidth: 420 }}
            onSubmit={(event) => void ask(event)}
            data-testid="extension-form"
          >
            <Typography variant="body2" color="text.secondary">
              {t('orders.extensions.intro', DAYS_LIMITS)}
            </Typography>
            <Suspense fallback={null}>
              <FormFieldInput field={definition.fields[0]!} required={engine.required.has('days')} disabled={false} context={context} />
            </Suspense>
            <Stack direction="row" spacing={1}>
              <Button type="submit" variant="contained" loading={engine.submitting} data-testid="extension-submit">
                {t('orders.extensions.submit')}
              </Button>
              <Button onClick={() => actions.context.navigate(details)}>{t('resourceKit.cancel')}</Button>
            </Stack>
          </Stack>
        </FormProvider>
      )}
      {!extendable && (
        <div>
          <Button variant="outlined" size="small" onClick={() => actions.context.navigate(details)}>
            {t('orders.action.backToDetails')}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={t('orders.extensions.confirmTitle')}
        content={confirming !== null ? t('orders.extensions.confirm', { orderNo: order.orderNo, days: confirming }) : undefined}
        onConfirm={() => engine.submit()}
        onClose={() => setConfirming(null)}
      />
      {engine.question}
    </Stack>
  );
}
