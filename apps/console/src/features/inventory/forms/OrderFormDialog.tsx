// managedWarehousing 'New inbound application' (inbound/create) and outboundApplication 'New outbound
// application' (outbound/create): a warehouse, lines of the store's items there with a quantity, and
// for outbound the contact name, mainland mobile (console-spec §5) and address. Checked by the
// contract's schema; nothing moves until the warehouse confirms (receive / dispatch).
import { useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { INVENTORY_LIMITS, inboundCreateBiz, outboundCreateBiz, type EndpointBiz, type inventoryEndpoints } from '@merchant/api-contracts';
import { NumberInput } from '@merchant/ui-kit';
import type { ResourceActionContext } from '../../../resource-kit';
import { inventoryApi } from '../api';
import { FormDialog, contractResolver, listError, useDialogGuard, useErrorText } from './formKit';
import { ItemPicker, WarehouseField, type ItemRow } from './pickers';

export type OrderDirection = 'inbound' | 'outbound';

interface Line {
  itemId?: number;
  quantity?: number;
}
export interface OrderValues {
  warehouseName: string;
  lines: Line[];
  contactName: string;
  contactMobile: string;
  address: string;
  remark: string;
}

const EMPTY: OrderValues = { warehouseName: '', lines: [{}], contactName: '', contactMobile: '', address: '', remark: '' };

/** The biz each call takes: inbound has no address and an optional mobile; an empty outbound mobile is a missing one. */
export function orderBiz(direction: OrderDirection, { address, ...values }: OrderValues): unknown {
  const lines = values.lines.map((line) => ({ itemId: line.itemId, quantity: line.quantity }));
  if (direction === 'inbound') return { ...values, lines };
  return { ...values, lines, address, contactMobile: values.contactMobile.trim() === '' ? undefined : values.contactMobile };
}

const SETUP = {
  inbound: { schema: inboundCreateBiz, title: 'inventory.action.newInbound', notice: 'inventory.notice.inboundCreated', endpoint: inventoryApi.endpoints.createInbound },
  outbound: { schema: outboundCreateBiz, title: 'inventory.action.newOutbound', notice: 'inventory.notice.outboundCreated', endpoint: inventoryApi.endpoints.createOutbound },
} as const;

export function OrderFormDialog({ direction, context, onClose }: { direction: OrderDirection; context: ResourceActionContext; onClose(): void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const setup = SETUP[direction];
  /** The picked items by id: their names and stock for the lines (the form values hold only ids). */
  const [picked, setPicked] = useState<ReadonlyMap<number, ItemRow>>(new Map());
  const form = useForm<OrderValues>({ defaultValues: EMPTY, resolver: contractResolver(setup.schema, (values: OrderValues) => orderBiz(direction, values)) });
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const warehouseName = useWatch({ control: form.control, name: 'warehouseName' });
  const chosen = useWatch({ control: form.control, name: 'lines' });
  const guard = useDialogGuard(form.formState.isDirty, onClose);

  const submit = form.handleSubmit(async (biz) => {
    await context.mutate(setup.endpoint, biz as unknown as EndpointBiz<typeof inventoryEndpoints.outboundCreate>);
    guard.saved();
    context.succeeded(setup.notice);
    onClose();
  });

  const changeWarehouse = (next: string) => {
    form.setValue('warehouseName', next, { shouldDirty: true });
    // Lines name items of one warehouse: items of another are taken off their lines.
    form.getValues('lines').forEach((line, index) => {
      if (line.itemId !== undefined && picked.get(line.itemId)?.warehouseName !== next.trim()) form.setValue(`lines.${index}.itemId`, undefined, { shouldDirty: true });
    });
  };
  const takenIds = chosen.flatMap((line) => (line.itemId === undefined ? [] : [line.itemId]));
  const linesProblem = errorText(listError(form.formState.errors.lines));

  return (
    <FormDialog titleId={`inventory-${direction}-title`} title={t(setup.title)} onClose={guard.requestClose} question={guard.question} maxWidth="md">
      <form noValidate onSubmit={(event) => void submit(event).catch(() => undefined)} data-testid={`inventory-${direction}-form`}>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Controller
              name="warehouseName"
              control={form.control}
              render={({ field, fieldState }) => (
                <WarehouseField label={t('inventory.field.warehouse')} value={field.value} onChange={changeWarehouse} onBlur={field.onBlur} error={errorText(fieldState.error)} testId="order-warehouse" />
              )}
            />
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
              <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
                {t('inventory.lines')}
              </Typography>
              <Stack spacing={1.5}>
                {lines.fields.map((line, index) => {
                  const itemId = chosen[index]?.itemId;
                  const item = itemId === undefined ? undefined : picked.get(itemId);
                  return (
                    <Stack key={line.id} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }} data-testid={`order-line-${index}`}>
                      <Box sx={{ flex: 1, minWidth: 0 }}>
                        <Controller
                          name={`lines.${index}.itemId`}
                          control={form.control}
                          render={({ field, fieldState }) => (
                            <ItemPicker
                              label={t('inventory.field.item')}
                              warehouseName={warehouseName}
                              value={item ?? null}
                              taken={takenIds}
                              onChange={(next) => {
                                if (next) setPicked((current) => new Map(current).set(next.itemId, next));
                                field.onChange(next?.itemId);
                              }}
                              onBlur={field.onBlur}
                              error={errorText(fieldState.error)}
                              helperText={item ? t('inventory.form.inStock', { quantity: item.quantity }) : undefined}
                              testId={`order-line-item-${index}`}
                            />
                          )}
                        />
                      </Box>
                      <Controller
                        name={`lines.${index}.quantity`}
                        control={form.control}
                        render={({ field, fieldState }) => (
                          <NumberInput
                            label={t('inventory.field.quantity')}
                            size="small"
                            sx={{ width: { sm: 160 } }}
                            value={field.value === undefined ? '' : String(field.value)}
                            onValueChange={(text) => field.onChange(text === '' ? undefined : Number(text))}
                            onBlur={field.onBlur}
                            error={Boolean(fieldState.error)}
                            helperText={errorText(fieldState.error)}
                            slotProps={{ htmlInput: { 'data-testid': `order-line-quantity-${index}` } }}
                          />
                        )}
                      />
                      <IconButton aria-label={t('inventory.form.removeLine', { line: index + 1 })} onClick={() => lines.remove(index)} disabled={lines.fields.length === 1} sx={{ alignSelf: { xs: 'flex-end', sm: 'flex-start' } }}>
                        <DeleteOutlineIcon />
                      </IconButton>
                    </Stack>
                  );
                })}
              </Stack>
              <Button startIcon={<AddIcon />} size="small" onClick={() => lines.append({})} disabled={lines.fields.length >= INVENTORY_LIMITS.linesMax} sx={{ mt: 1 }} data-testid="order-add-line">
                {t('inventory.form.addLine')}
              </Button>
              {linesProblem && (
                <Alert severity="error" sx={{ mt: 1 }}>
                  {linesProblem}
                </Alert>
              )}
            </Box>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextInput form={form} name="contactName" label={t('inventory.field.contact')} required={direction === 'outbound'} />
              <TextInput form={form} name="contactMobile" label={t('inventory.field.mobile')} required={direction === 'outbound'} inputMode="tel" />
            </Stack>
            {direction === 'outbound' && <TextInput form={form} name="address" label={t('inventory.field.address')} required />}
            <TextInput form={form} name="remark" label={t('inventory.field.remark')} multiline />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={guard.requestClose}>{t('resourceKit.cancel')}</Button>
          <Button type="submit" variant="contained" loading={form.formState.isSubmitting} data-testid="inventory-form-submit">
            {t('inventory.form.submitApplication')}
          </Button>
        </DialogActions>
      </form>
    </FormDialog>
  );
}

function TextInput({ form, name, label, required, multiline, inputMode }: { form: ReturnType<typeof useForm<OrderValues>>; name: 'contactName' | 'contactMobile' | 'address' | 'remark'; label: string; required?: boolean; multiline?: boolean; inputMode?: 'tel' }) {
  const errorText = useErrorText();
  return (
    <Controller
      name={name}
      control={form.control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          label={label}
          size="small"
          fullWidth
          required={required}
          multiline={multiline}
          minRows={multiline ? 2 : undefined}
          error={Boolean(fieldState.error)}
          helperText={errorText(fieldState.error)}
          slotProps={{ htmlInput: { inputMode, 'data-testid': `order-${name}` } }}
        />
      )}
    />
  );
}
