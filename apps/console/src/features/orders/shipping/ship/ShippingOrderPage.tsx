// shippingOrder (`?orderId=`, or `?id=`): ship one order. The order is shown as the merchant needs it to
// pack (receiver, goods); the form takes the carrier from the list and the tracking number, checked by
// the contract's rule (shipOrderBiz) before anything is sent. The server's actions decide whether the
// order can be shipped now; a refusal (10100005: shipped meanwhile) shows the server's msg and the form stays.
import { useMemo } from 'react';
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PERMISSIONS, shipOrderBiz, type OrderDetail } from '@merchant/api-contracts';
import { ConfirmDialog, PermissionButton, formatCents, formatSecondsTimestamp, maskPhone } from '@merchant/ui-kit';
import { PageError, PageLoading, useUnsavedChangesGuard } from '../../../../resource-kit';
import { DescriptionList, ItemsTable, Panel, Section, useTextContext } from '../../details/sections';
import { OrderStatusChip, orderStatusText } from '../../orderStatus';
import { shippingApi } from '../api';
import { deliverySuccessAddress, SHIPPING_PATHS } from '../paths';
import { carrierError, trackingError, type RowError } from '../sheet/shipDrafts';
import { CarrierSelect, TrackingNoField } from './ShipFields';

interface Values {
  carrier: string;
  trackingNo: string;
}

/** The contract's check of the biz; errors carry an i18n key of shipping.rowError (with its values as JSON). */
function shipResolver(orderId: number): Resolver<Values> {
  return async (values) => {
    const parsed = shipOrderBiz.safeParse({ orderId, ...values });
    if (parsed.success) return { values: { carrier: parsed.data.carrier, trackingNo: parsed.data.trackingNo }, errors: {} };
    const errors: Partial<Record<keyof Values, { type: string; message: string }>> = {};
    const asError = (error: RowError | null) => error && { type: error.key, message: JSON.stringify(error) };
    const carrier = asError(carrierError({ carrier: values.carrier, carrierText: '' }));
    const tracking = asError(trackingError(values.trackingNo));
    if (carrier) errors.carrier = carrier;
    if (tracking) errors.trackingNo = tracking;
    return { values: {} as Record<string, never>, errors: errors as FieldErrors<Values> };
  };
}

export function useRowErrorText() {
  const { t } = useTranslation();
  return (error: RowError | { message?: string } | undefined | null): string | undefined => {
    if (!error) return undefined;
    const rowError = 'key' in error ? error : error.message ? (JSON.parse(error.message) as RowError) : undefined;
    return rowError ? t(`shipping.rowError.${rowError.key}`, rowError.values ?? {}) : undefined;
  };
}

/** The order named by the address: `orderId`, or `id` as the order screens write it. */
function useShipOrderId(): number | null {
  const [params] = useSearchParams();
  const raw = params.get('orderId') ?? params.get('id') ?? '';
  const id = Number(raw);
  return raw !== '' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function ShippingOrderPage() {
  const { t } = useTranslation();
  const orderId = useShipOrderId();
  const result = shippingApi.useOrderToShipQuery({ orderId: orderId ?? 0 }, { skip: orderId === null, refetchOnMountOrArgChange: true });
  const order = result.currentData;
  return (
    <Stack spacing={2} data-testid="shipping-order">
      <Typography variant="h6" component="h1">
        {t('shipping.ship.title')}
      </Typography>
      {orderId === null ? (
        <Alert severity="warning">{t('shipping.ship.missingOrder')}</Alert>
      ) : result.error ? (
        <PageError error={result.error} onRetry={result.refetch} />
      ) : !order ? (
        <PageLoading />
      ) : (
        <ShipOrder order={order} />
      )}
    </Stack>
  );
}

function ShipOrder({ order }: { order: OrderDetail }) {
  const context = useTextContext();
  const { t } = context;
  const navigate = useNavigate();
  const errorText = useRowErrorText();
  const [ship] = shippingApi.useShipOrderMutation();
  const resolver = useMemo(() => shipResolver(order.orderId), [order.orderId]);
  const form = useForm<Values>({ defaultValues: { carrier: '', trackingNo: '' }, resolver });
  const guard = useUnsavedChangesGuard(form.formState.isDirty && !form.formState.isSubmitSuccessful);
  const shippable = order.actions.includes('ship');

  const submit = form.handleSubmit(async (values) => {
    const shipment = await ship({ orderId: order.orderId, ...values }).unwrap();
    guard.allowLeave();
    void navigate(deliverySuccessAddress(order.orderId, shipment.shipmentId));
  });

  return (
    <>
      <Section id="ship-order-summary" title={t('shipping.ship.orderSummary')} testId="ship-order-summary">
        <DescriptionList
          testIdPrefix="ship"
          entries={[
            { key: 'orderNo', label: t('shipping.field.orderNo'), value: order.orderNo },
            { key: 'status', label: t('shipping.field.status'), value: <OrderStatusChip status={order.status} context={context} /> },
            { key: 'paidAt', label: t('shipping.field.paidAt'), value: formatSecondsTimestamp(order.paidAt) },
            { key: 'receiver', label: t('shipping.field.receiver'), value: order.receiver.name },
            { key: 'receiverPhone', label: t('shipping.field.receiverPhone'), value: maskPhone(order.receiver.phone) },
            { key: 'amount', label: t('shipping.field.amount'), value: formatCents(order.amountCents) },
            { key: 'address', label: t('shipping.field.address'), value: order.receiver.address, wide: true },
          ]}
        />
      </Section>
      <Panel>
        <ItemsTable items={order.items} titleKey="shipping.shipment.items" />
      </Panel>
      <Section id="ship-order-form-title" title={t('shipping.ship.title')}>
        {!shippable ? (
          <Alert severity="info" data-testid="ship-not-allowed">
            {t('shipping.ship.notShippable', { status: orderStatusText(order.status, context) })}
          </Alert>
        ) : (
          <form noValidate aria-labelledby="ship-order-form-title" onSubmit={(event) => void submit(event).catch(() => undefined)} data-testid="ship-form">
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start', maxWidth: 760 }}>
              <Controller
                name="carrier"
                control={form.control}
                render={({ field, fieldState }) => (
                  <CarrierSelect label={t('shipping.field.carrier')} value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={errorText(fieldState.error)} helperText={t('shipping.ship.carrierHint')} testId="ship-carrier" />
                )}
              />
              <Controller
                name="trackingNo"
                control={form.control}
                render={({ field, fieldState }) => (
                  <TrackingNoField label={t('shipping.field.trackingNo')} value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={errorText(fieldState.error)} helperText={t('shipping.ship.trackingHint')} testId="ship-tracking" />
                )}
              />
            </Stack>
            <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
              <PermissionButton type="submit" variant="contained" permission={PERMISSIONS.orderShip} loading={form.formState.isSubmitting} data-testid="ship-submit">
                {t('shipping.ship.submit')}
              </PermissionButton>
              <Button variant="outlined" onClick={() => void navigate(SHIPPING_PATHS.orderDelivery)}>
                {t('shipping.success.backToList')}
              </Button>
            </Stack>
          </form>
        )}
      </Section>
      <ConfirmDialog
        open={guard.asking}
        title={t('resourceKit.unsavedTitle')}
        content={t('resourceKit.unsavedContent')}
        confirmText={t('resourceKit.leave')}
        cancelText={t('resourceKit.stay')}
        onConfirm={() => guard.leave()}
        onClose={() => guard.stay()}
      />
    </>
  );
}
