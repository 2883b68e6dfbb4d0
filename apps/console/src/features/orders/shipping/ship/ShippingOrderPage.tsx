// shippingOrder (`?orderId=`, or `?id=`): ship one order. The order is shown as the merchant needs it to
// pack (receiver, goods); the form takes the carrier from the list and the tracking number. On the form
// kit's engine: checked by the contract (shipOrderBiz) with its rule texts in the merchant's language
// before anything is sent, a server problem on its field. The server's actions decide whether the order
// can be shipped now; a refusal (10100005: shipped meanwhile) shows the server's msg and the form stays.
import { Suspense, useMemo } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CARRIERS, PERMISSIONS, orderEndpoints, shipOrderBiz, type OrderDetail } from '@merchant/api-contracts';
import { PermissionButton, formatCents, formatSecondsTimestamp, maskPhone } from '@merchant/ui-kit';
import { FormFieldInput, PageError, PageLoading, defineResourceForm, useResourceActions, useResourceForm, type ResourceFormField } from '../../../../resource-kit';
import { DescriptionList, ItemsTable, Panel, Section, useTextContext } from '../../details/sections';
import { OrderStatusChip, orderStatusText } from '../../orderStatus';
import { shippingApi } from '../api';
import { deliverySuccessAddress, SHIPPING_PATHS } from '../paths';

type Values = { carrier: string; trackingNo: string };

const FIELDS: readonly ResourceFormField[] = [
  { name: 'carrier', labelKey: 'shipping.field.carrier', kind: 'select', helperKey: 'shipping.ship.carrierHint', options: CARRIERS.map((carrier) => ({ value: carrier.code, label: carrier.name })) },
  { name: 'trackingNo', labelKey: 'shipping.field.trackingNo', kind: 'text', helperKey: 'shipping.ship.trackingHint' },
];

/** The shipment of one order; after it, the delivery-success screen of the shipment the server made. */
const shipForm = (orderId: number) =>
  defineResourceForm<Values>({
    schema: shipOrderBiz,
    toBiz: (values) => ({ orderId, ...values }),
    defaults: { carrier: '', trackingNo: '' },
    fields: FIELDS,
    create: { endpoint: shippingApi.endpoints.shipOrder as never, contract: orderEndpoints.shipOrder },
    // The next screen says it was shipped.
    successKey: null,
  });

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
  const actions = useResourceActions();
  const definition = useMemo(() => shipForm(order.orderId), [order.orderId]);
  const engine = useResourceForm(definition, {
    initial: definition.defaults,
    context: actions.context,
    successKey: 'resourceKit.saved',
    onSaved: (shipment) => actions.context.navigate(deliverySuccessAddress(order.orderId, (shipment as { shipmentId: number }).shipmentId)),
  });
  const shippable = order.actions.includes('ship');

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
          <FormProvider {...engine.form}>
            <form noValidate aria-labelledby="ship-order-form-title" onSubmit={engine.submit} data-testid="ship-form">
              <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start', maxWidth: 760 }}>
                <Suspense fallback={null}>
                  {FIELDS.map((field) => (
                    <Box key={field.name} sx={{ flex: 1, width: '100%' }}>
                      <FormFieldInput field={field} required={engine.required.has(field.name)} disabled={false} context={context} />
                    </Box>
                  ))}
                </Suspense>
              </Stack>
              {engine.formProblems.length > 0 && (
                <Alert severity="error" sx={{ mt: 2 }}>
                  {engine.formProblems.join(' ')}
                </Alert>
              )}
              <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
                <PermissionButton type="submit" variant="contained" permission={PERMISSIONS.orderShip} loading={engine.submitting} disabled={engine.submitting} data-testid="ship-submit">
                  {t('shipping.ship.submit')}
                </PermissionButton>
                <Button variant="outlined" onClick={() => actions.context.navigate(SHIPPING_PATHS.orderDelivery)}>
                  {t('shipping.success.backToList')}
                </Button>
              </Stack>
            </form>
          </FormProvider>
        )}
      </Section>
      {engine.question}
    </>
  );
}
