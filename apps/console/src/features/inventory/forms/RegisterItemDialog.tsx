// inventoryList 'Register item' (item/add): one of the store's goods SKUs kept at a warehouse, quantity 0
// until an inbound application is received. The same SKU at the same warehouse twice is refused by the
// server (10100009, its msg shown by the baseQuery) and the dialog stays open.
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import { inventoryItemAddBiz } from '@merchant/api-contracts';
import type { ResourceActionContext } from '../../../resource-kit';
import { inventoryApi } from '../api';
import { FormDialog, contractResolver, useDialogGuard, useErrorText } from './formKit';
import { SkuPicker, WarehouseField, type SkuRow } from './pickers';

interface Values {
  skuId?: number;
  warehouseName: string;
}

export function RegisterItemDialog({ context, onClose }: { context: ResourceActionContext; onClose(): void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [sku, setSku] = useState<SkuRow | null>(null);
  const form = useForm<Values>({ defaultValues: { skuId: undefined, warehouseName: '' }, resolver: contractResolver(inventoryItemAddBiz, (values) => values) });
  const guard = useDialogGuard(form.formState.isDirty, onClose);
  const submit = form.handleSubmit(async (biz) => {
    await context.mutate(inventoryApi.endpoints.addInventoryItem, biz as { skuId: number; warehouseName: string });
    guard.saved();
    context.succeeded('inventory.notice.registered');
    onClose();
  });

  return (
    <FormDialog titleId="inventory-register-title" title={t('inventory.action.register')} onClose={guard.requestClose} question={guard.question}>
      <form noValidate onSubmit={(event) => void submit(event).catch(() => undefined)} data-testid="inventory-register-form">
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Controller
              name="skuId"
              control={form.control}
              render={({ field, fieldState }) => (
                <SkuPicker
                  label={t('inventory.field.goodsSku')}
                  value={sku}
                  onChange={(next) => {
                    setSku(next);
                    field.onChange(next?.skuId);
                  }}
                  onBlur={field.onBlur}
                  error={errorText(fieldState.error)}
                  helperText={t('inventory.form.skuHint')}
                  testId="register-sku"
                />
              )}
            />
            <Controller
              name="warehouseName"
              control={form.control}
              render={({ field, fieldState }) => (
                <WarehouseField label={t('inventory.field.warehouse')} value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={errorText(fieldState.error)} helperText={t('inventory.form.warehouseHint')} testId="register-warehouse" />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={guard.requestClose}>{t('resourceKit.cancel')}</Button>
          <Button type="submit" variant="contained" loading={form.formState.isSubmitting} data-testid="inventory-form-submit">
            {t('inventory.action.register')}
          </Button>
        </DialogActions>
      </form>
    </FormDialog>
  );
}
