// outboundApplication 'Dispatch' (确认出库, outbound/dispatch): the question shows what leaves the warehouse —
// the warehouse, the recipient and address, and every line's goods, SKU spec and quantity (outbound/detail) —
// so the merchant confirms the goods, not an order number (issue 35 §4). Confirming waits for the lines; a
// refusal (not enough stock) shows the server msg once (baseQuery), keeps the dialog open and moves nothing.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { maskPhone } from '@merchant/ui-kit';
import { PageError, PageLoading, RecordTable, type ResourceActionContext } from '../../../resource-kit';
import { inventoryApi } from '../api';
import { ORDER_LINE_COLUMNS } from '../resources/shared';

const TITLE_ID = 'inventory-dispatch-title';

export function DispatchDialog({ orderId, context, onClose }: { orderId: number; context: ResourceActionContext; onClose(): void }) {
  const { t } = useTranslation();
  const result = inventoryApi.endpoints.outboundOrder.useQuery({ orderId });
  const order = result.currentData;
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      await context.perform(inventoryApi.endpoints.dispatchOutbound, { orderId }, 'inventory.notice.dispatched');
      onClose();
    } catch {
      // The server's msg is on screen already (baseQuery); the merchant may cancel or try again.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={TITLE_ID} maxWidth="md" fullWidth data-testid="inventory-dispatch-dialog">
      <DialogTitle id={TITLE_ID}>{t('inventory.confirm.dispatchTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{t('inventory.confirm.dispatch')}</DialogContentText>
          {result.error ? (
            <PageError error={result.error} onRetry={result.refetch} />
          ) : !order ? (
            <PageLoading />
          ) : (
            <>
              <Typography variant="body2" data-testid="dispatch-summary">
                {t('inventory.confirm.dispatchSummary', {
                  orderId: order.orderId,
                  warehouse: order.warehouseName,
                  contact: order.contactName,
                  mobile: maskPhone(order.contactMobile),
                  address: order.address,
                })}
              </Typography>
              <RecordTable titleKey="inventory.lines" rows={order.lines} rowKey={(line) => line.itemId} columns={ORDER_LINE_COLUMNS} />
              <Alert severity="info" icon={false}>
                {t('inventory.confirm.dispatchTotal', { lines: order.lineCount, quantity: order.totalQuantity })}
              </Alert>
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('resourceKit.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void confirm()} loading={busy} disabled={!order}>
          {t('inventory.action.dispatch')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
