// inventoryCount 'New count' (count/create): a warehouse, optionally the items to count (every item there
// when none is chosen, up to 100), a remark. The count keeps each item's book quantity of now; the
// merchant is taken to its detail page to enter the counted quantities.
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { inventoryCountCreateBiz, type EndpointBiz, type inventoryEndpoints } from '@merchant/api-contracts';
import type { ResourceActionContext } from '../../../resource-kit';
import { inventoryApi } from '../api';
import { BASE_PATH } from '../resources/shared';
import { FormDialog, contractResolver, useDialogGuard, useErrorText } from './formKit';
import { ItemsPicker, WarehouseField, type ItemRow } from './pickers';

interface Values {
  warehouseName: string;
  itemIds: number[];
  remark: string;
}

export const countBiz = ({ itemIds, ...values }: Values) => ({ ...values, ...(itemIds.length > 0 ? { itemIds } : {}) });

export function CountCreateDialog({ context, onClose }: { context: ResourceActionContext; onClose(): void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [items, setItems] = useState<ItemRow[]>([]);
  const form = useForm<Values>({ defaultValues: { warehouseName: '', itemIds: [], remark: '' }, resolver: contractResolver(inventoryCountCreateBiz, countBiz) });
  const warehouseName = useWatch({ control: form.control, name: 'warehouseName' });
  const guard = useDialogGuard(form.formState.isDirty, onClose);
  const submit = form.handleSubmit(async (biz) => {
    const { countId } = (await context.mutate(inventoryApi.endpoints.createInventoryCount, biz as unknown as EndpointBiz<typeof inventoryEndpoints.countCreate>)) as { countId: number };
    guard.saved();
    context.succeeded('inventory.notice.countCreated');
    onClose();
    context.navigate(`${BASE_PATH}/inventoryCount/detail?id=${countId}`);
  });

  return (
    <FormDialog titleId="inventory-count-title" title={t('inventory.action.newCount')} onClose={guard.requestClose} question={guard.question}>
      <form noValidate onSubmit={(event) => void submit(event).catch(() => undefined)} data-testid="inventory-count-form">
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Controller
              name="warehouseName"
              control={form.control}
              render={({ field, fieldState }) => (
                <WarehouseField
                  label={t('inventory.field.warehouse')}
                  value={field.value}
                  onChange={(next) => {
                    field.onChange(next);
                    // The chosen items belong to the warehouse named before.
                    if (items.length > 0 && items.some((item) => item.warehouseName !== next.trim())) {
                      setItems([]);
                      form.setValue('itemIds', [], { shouldDirty: true });
                    }
                  }}
                  onBlur={field.onBlur}
                  error={errorText(fieldState.error)}
                  testId="count-warehouse"
                />
              )}
            />
            <Controller
              name="itemIds"
              control={form.control}
              render={({ field, fieldState }) => (
                <ItemsPicker
                  label={t('inventory.field.item')}
                  warehouseName={warehouseName}
                  value={items}
                  onChange={(next) => {
                    setItems(next);
                    field.onChange(next.map((item) => item.itemId));
                  }}
                  error={errorText(fieldState.error)}
                  helperText={t('inventory.form.countItemsHint')}
                  testId="count-items"
                />
              )}
            />
            <Controller
              name="remark"
              control={form.control}
              render={({ field, fieldState }) => (
                <TextField {...field} label={t('inventory.field.remark')} size="small" multiline minRows={2} error={Boolean(fieldState.error)} helperText={errorText(fieldState.error)} slotProps={{ htmlInput: { 'data-testid': 'count-remark' } }} />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={guard.requestClose}>{t('resourceKit.cancel')}</Button>
          <Button type="submit" variant="contained" loading={form.formState.isSubmitting} data-testid="inventory-form-submit">
            {t('inventory.form.startCount')}
          </Button>
        </DialogActions>
      </form>
    </FormDialog>
  );
}
