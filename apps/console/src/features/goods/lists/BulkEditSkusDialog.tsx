// Bulk edit of price and stock for the selected SKUs (issue 9 §3): a new price and/or stock per SKU, or one
// value applied to all; only filled-in values are sent, all or nothing (contract skuBulkEditBiz). A form-kit
// dialog whose one field is the table of SKUs (its own input); the contract's problems show on their cells.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { get, useFormContext, useFormState, type FieldError } from 'react-hook-form';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { goodsEndpoints, pickLanguage, skuBulkEditBiz, skuSpecText, type SkuStockRow } from '@merchant/api-contracts';
import { MoneyInput, NumberInput, formatCents, yuanTextToCents } from '@merchant/ui-kit';
import { ResourceFormDialog, defineResourceForm, problemText, useFieldControl, type ResourceActionContext, type ResourceFormInputProps } from '../../../resource-kit';
import { goodsListApi } from '../api';

interface Draft {
  skuId: number;
  price: string;
  stock: string;
}
type Values = { skus: Draft[] };

const typed = (draft: Draft) => draft.price.trim() !== '' || draft.stock.trim() !== '';

/** The bulk-edit biz from the typed values: SKUs with nothing typed are left out. */
export function bulkEditBiz(drafts: readonly Draft[]) {
  return {
    skus: drafts.filter(typed).map((draft) => ({
      skuId: draft.skuId,
      ...(draft.price.trim() === '' ? {} : { price: yuanTextToCents(draft.price) }),
      ...(draft.stock.trim() === '' ? {} : { stock: Number(draft.stock) }),
    })),
  };
}

/** The table of the selected SKUs with a new price and stock each, and the 'apply to all' boxes above it. */
function skuTableInput(skus: readonly SkuStockRow[]) {
  return function SkuTableInput({ field, disabled }: ResourceFormInputProps) {
    const { t, i18n } = useTranslation();
    const control = useFieldControl(field);
    const { setValue } = useFormContext();
    const { errors } = useFormState({ name: 'skus' });
    const [allPrice, setAllPrice] = useState('');
    const [allStock, setAllStock] = useState('');
    const drafts = control.value as Draft[];
    const edit = (index: number, change: Partial<Draft>) => control.onChange(drafts.map((draft, at) => (at === index ? { ...draft, ...change } : draft)));
    const applyAll = (change: Partial<Draft>) => setValue('skus', drafts.map((draft) => ({ ...draft, ...change })), { shouldDirty: true });
    // The contract numbers the SKUs that are sent (typed ones); its problems are found by that number.
    const sentIndex = (index: number) => (typed(drafts[index]!) ? drafts.slice(0, index).filter(typed).length : -1);
    const messageAt = (path: string) => (get(errors, path) as FieldError | undefined)?.message;
    const cellError = (index: number, name: 'price' | 'stock', label: string) => problemText(i18n, messageAt(`skus.${sentIndex(index)}.${name}`), label);
    const rowError = (index: number) => problemText(i18n, messageAt(`skus.${sentIndex(index)}`), `${sentIndex(index) + 1}`);
    const price = t('goods.bulk.newPrice');
    const stock = t('goods.bulk.newStock');
    return (
      <div>
        <DialogContentText variant="body2">{t('goods.bulk.hint')}</DialogContentText>
        <Stack direction="row" spacing={1} sx={{ my: 2, alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
          <MoneyInput size="small" label={t('goods.bulk.setAllPrice')} value={allPrice} onValueChange={setAllPrice} slotProps={{ htmlInput: { 'data-testid': 'bulk-all-price' } }} />
          <Button size="small" onClick={() => applyAll({ price: allPrice })} disabled={!allPrice || disabled} data-testid="bulk-apply-price">
            {t('goods.bulk.applyAll')}
          </Button>
          <NumberInput size="small" label={t('goods.bulk.setAllStock')} value={allStock} onValueChange={setAllStock} slotProps={{ htmlInput: { 'data-testid': 'bulk-all-stock' } }} />
          <Button size="small" onClick={() => applyAll({ stock: allStock })} disabled={!allStock || disabled} data-testid="bulk-apply-stock">
            {t('goods.bulk.applyAll')}
          </Button>
        </Stack>
        <Table size="small" aria-label={t('goods.bulk.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('goods.field.goods')}</TableCell>
              <TableCell align="right">{t('goods.field.price')}</TableCell>
              <TableCell>{price}</TableCell>
              <TableCell align="right">{t('goods.field.stock')}</TableCell>
              <TableCell>{stock}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {skus.map((sku, index) => {
              const draft = drafts[index]!;
              const priceError = cellError(index, 'price', price) ?? rowError(index);
              const stockError = cellError(index, 'stock', stock);
              return (
                <TableRow key={sku.skuId} data-testid={`bulk-row-${sku.skuId}`}>
                  <TableCell>
                    {sku.title}
                    <br />
                    <small>{skuSpecText(sku, pickLanguage(i18n.language))}</small>
                  </TableCell>
                  <TableCell align="right">{formatCents(sku.price)}</TableCell>
                  <TableCell>
                    <MoneyInput
                      size="small"
                      value={draft.price}
                      disabled={disabled}
                      error={Boolean(priceError)}
                      helperText={priceError}
                      inputRef={index === 0 ? control.ref : undefined}
                      onValueChange={(next) => edit(index, { price: next })}
                      slotProps={{ htmlInput: { 'aria-label': `${price} ${sku.skuId}` } }}
                    />
                  </TableCell>
                  <TableCell align="right">{sku.stock}</TableCell>
                  <TableCell>
                    <NumberInput
                      size="small"
                      value={draft.stock}
                      disabled={disabled}
                      error={Boolean(stockError)}
                      helperText={stockError}
                      onValueChange={(next) => edit(index, { stock: next })}
                      slotProps={{ htmlInput: { 'aria-label': `${stock} ${sku.skuId}` } }}
                    />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
        {control.error && (
          <FormHelperText error id={`${control.id}-helper-text`}>
            {control.error}
          </FormHelperText>
        )}
      </div>
    );
  };
}

export function bulkEditSkusForm(skus: readonly SkuStockRow[]) {
  return defineResourceForm<Values>({
    schema: skuBulkEditBiz,
    toBiz: (values) => bulkEditBiz(values.skus),
    defaults: { skus: skus.map(({ skuId }) => ({ skuId, price: '', stock: '' })) },
    fields: [{ name: 'skus', labelKey: 'goods.bulk.filled', kind: 'text', required: false, input: skuTableInput(skus) }],
    create: { endpoint: goodsListApi.endpoints.skuBulkEdit as never, contract: goodsEndpoints.bulkEditSkus },
  });
}

export function BulkEditSkusDialog({ skus, context, onClose }: { skus: SkuStockRow[]; context: ResourceActionContext; onClose(): void }) {
  const definition = useMemo(() => bulkEditSkusForm(skus), [skus]);
  return <ResourceFormDialog definition={definition} titleKey="goods.bulk.title" context={context} onClose={onClose} maxWidth="md" />;
}
