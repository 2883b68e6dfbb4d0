// Stock adjustment of one SKU through goodsSkuWarning updateGoodsSkuStock (console-spec §7): set the stock
// or change it by a delta (the server applies it atomically and never below zero), and optionally the
// warning line. A form-kit dialog checked by the contract's biz: `stock` and `delta` are two fields of which
// the chosen way shows one, so the contract's problems land on the box the merchant typed in.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormContext, useWatch } from 'react-hook-form';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PERMISSIONS, goodsEndpoints, pickLanguage, skuSpecText, updateSkuStockBiz, type LabelledSkuSpec, type SkuStockAnswer } from '@merchant/api-contracts';
import { useAppDispatch } from '../../../app/hooks';
import { notify } from '../../../app/notificationsSlice';
import { ResourceFormDialog, defineResourceForm, textFieldProps, useFieldControl, type ResourceActionContext, type ResourceFormInputProps, type ResourceRowAction } from '../../../resource-kit';
import { goodsListApi } from '../api';

export interface AdjustStockTarget {
  skuId: number;
  title: string;
  /** The SKU's stored spec keys and their labels; shown in the console's language. */
  spec: LabelledSkuSpec;
  stock: number;
  warningStock: number | null;
}

/** The field the quantity is typed in: the stock to set, or the change. */
type Mode = 'stock' | 'delta';
type Values = { mode: Mode; stock?: number; delta?: number; warningStock?: number };

/** The updateGoodsSkuStock biz: the quantity the chosen way names, the warning line only when it changed. */
export function adjustStockBiz(sku: Pick<AdjustStockTarget, 'skuId' | 'warningStock'>, values: Values) {
  const amount = values[values.mode];
  const warningStock = values.warningStock ?? null;
  return {
    skuId: sku.skuId,
    ...(amount === undefined ? {} : { [values.mode]: amount }),
    ...(warningStock !== sku.warningStock ? { warningStock } : {}),
  };
}

/** The way of changing it; switching clears the other way's quantity (only one is sent). */
function ModeInput({ field }: ResourceFormInputProps) {
  const { t } = useTranslation();
  const control = useFieldControl(field);
  const { setValue } = useFormContext();
  return (
    <RadioGroup
      row
      value={control.value}
      aria-label={control.label}
      onChange={(event) => {
        setValue(control.value as Mode, undefined);
        control.onChange(event.target.value);
      }}
    >
      <FormControlLabel value="delta" control={<Radio size="small" />} label={t('goods.adjust.delta')} />
      <FormControlLabel value="stock" control={<Radio size="small" />} label={t('goods.adjust.set')} />
    </RadioGroup>
  );
}

/** The quantity of one way (`stock` or `delta`), shown only while that way is chosen; a delta may be negative. */
function QuantityInput({ field, required, disabled }: ResourceFormInputProps) {
  const control = useFieldControl(field);
  const mode = useWatch({ name: 'mode' }) as Mode;
  // The typed text is kept while it is typed ('-' before its digits); the values hold the number.
  const [text, setText] = useState(control.value === undefined ? '' : String(control.value));
  if (mode !== field.name) return null;
  const signed = field.name === 'delta';
  return (
    <TextField
      {...textFieldProps(control, { required, disabled })}
      value={control.value === undefined && text !== '-' ? '' : text}
      slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'adjust-quantity' } }}
      onChange={(event) => {
        const next = event.target.value.replace(signed ? /(?!^-)[^\d]/g : /\D/g, '');
        setText(next);
        control.onChange(next === '' || next === '-' ? undefined : Number(next));
      }}
    />
  );
}

export function adjustStockForm(sku: AdjustStockTarget, onFired: () => void) {
  /** What is adjusted: the SKU and its stock now. */
  const Summary = () => {
    const { t, i18n } = useTranslation();
    return (
      <div>
        <Typography variant="body2">{sku.title}</Typography>
        <Typography variant="caption" color="text.secondary">
          {skuSpecText(sku.spec, pickLanguage(i18n.language))}
        </Typography>
        <Typography variant="body2" data-testid="adjust-current">
          {t('goods.adjust.current', { stock: sku.stock })}
        </Typography>
      </div>
    );
  };
  return defineResourceForm<Values>({
    schema: updateSkuStockBiz,
    toBiz: (values) => adjustStockBiz(sku, values),
    defaults: { mode: 'delta', stock: undefined, delta: undefined, warningStock: sku.warningStock ?? undefined },
    fields: [
      { name: 'skuId', labelKey: 'goods.field.goods', kind: 'text', input: Summary },
      { name: 'mode', labelKey: 'goods.adjust.mode', kind: 'select', input: ModeInput },
      { name: 'delta', labelKey: 'goods.adjust.quantity', kind: 'integer', helperKey: 'goods.adjust.deltaHint', input: QuantityInput },
      { name: 'stock', labelKey: 'goods.adjust.quantity', kind: 'integer', input: QuantityInput },
      { name: 'warningStock', labelKey: 'goods.adjust.warningStock', kind: 'integer', helperKey: 'goods.adjust.warningHint' },
    ],
    create: { endpoint: goodsListApi.endpoints.updateGoodsSkuStock as never, contract: goodsEndpoints.updateGoodsSkuStock },
    afterSave: (answer) => {
      if ((answer as SkuStockAnswer).warningFired) onFired();
    },
  });
}

export function AdjustStockDialog({ sku, context, onClose }: { sku: AdjustStockTarget; context: ResourceActionContext; onClose(): void }) {
  const dispatch = useAppDispatch();
  const definition = useMemo(() => adjustStockForm(sku, () => dispatch(notify({ severity: 'warning', message: 'goods.stock.fired', translate: true }))), [sku, dispatch]);
  return <ResourceFormDialog definition={definition} titleKey="goods.adjust.title" context={context} onClose={onClose} maxWidth="xs" />;
}

/** The 'adjust stock' row action of a list of SKUs (sales inventory, stock warnings): the row as the dialog's SKU. */
export function adjustStockAction<Row>(toSku: (row: Row) => AdjustStockTarget): ResourceRowAction<Row> {
  return {
    key: 'adjust',
    labelKey: 'goods.action.adjustStock',
    permission: PERMISSIONS.goodsStock,
    run: (row, ctx) => ctx.openDialog((close) => <AdjustStockDialog sku={toSku(row)} context={ctx} onClose={close} />),
  };
}
