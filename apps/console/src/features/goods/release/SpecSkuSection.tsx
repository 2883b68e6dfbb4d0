// Specs of the category as toggle chips, the unit, and the SKU table: one row per combination of
// the ticked values, each with its price (yuan, cents on the wire), stock and optional floor price for
// promotions (the margin guard, docs/marketing.md); a bulk-fill row writes a price and/or stock into every row.
import { useId, useState } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MoneyInput, NumberInput, formatCents } from '@merchant/ui-kit';
import { useEnabledUnitsQuery, type CategorySpec } from './api';
import { GOODS_LIMITS } from './contract';
import { errorText } from './formText';
import type { ReleaseFormValues } from './releaseSchema';
import { activeSpecs, bulkFillSkus, buildSkuRows, countCombinations, skuKey, toggleSpecValue } from './skus';
import { specLabelOf, specValueLabelOf } from './specLabels';

const PRICE_MAX_YUAN = Number(formatCents(GOODS_LIMITS.priceMaxCents));

const visuallyHidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/** The table's column header is what a sighted merchant reads; a screen reader gets the full name. */
function CellLabel({ id, text }: { id: string; text: string }) {
  return (
    <label htmlFor={id} style={visuallyHidden}>
      {text}
    </label>
  );
}

export function SpecSkuSection({ categorySpecs, loading }: { categorySpecs: CategorySpec[] | undefined; loading: boolean }) {
  const { t, i18n } = useTranslation();
  const { control, setValue, getValues, formState } = useFormContext<ReleaseFormValues>();
  const categoryId = useWatch({ control, name: 'categoryId' });
  const specs = useWatch({ control, name: 'specs' });
  const skus = useWatch({ control, name: 'skus' });
  const units = useEnabledUnitsQuery();
  const [bulk, setBulk] = useState({ price: '', stock: '' });
  const idBase = useId();
  const names = activeSpecs(specs).map((spec) => spec.specName);
  const skusError = formState.errors.skus?.message ?? formState.errors.skus?.root?.message;

  const toggle = (spec: CategorySpec, value: string) => {
    const nextSpecs = toggleSpecValue(getValues('specs'), spec.specName, value, spec.specValues);
    setValue('specs', nextSpecs, { shouldDirty: true });
    setValue('skus', buildSkuRows(nextSpecs, getValues('skus')), { shouldDirty: true, shouldValidate: formState.isSubmitted });
  };

  const applyBulk = () => {
    setValue('skus', bulkFillSkus(getValues('skus'), bulk), { shouldDirty: true, shouldValidate: formState.isSubmitted });
  };

  return (
    <Stack spacing={2}>
      {categoryId == null && <Typography color="text.secondary">{t('goodsRelease.specs.pickCategory')}</Typography>}
      {categoryId != null && loading && <Typography color="text.secondary">{t('goodsRelease.specs.loading')}</Typography>}
      {categoryId != null && !loading && categorySpecs?.length === 0 && <Alert severity="info">{t('goodsRelease.specs.none')}</Alert>}
      {(categorySpecs ?? []).map((spec) => {
        const chosen = specs.find((item) => item.specName === spec.specName)?.values ?? [];
        return (
          <Stack key={spec.id} direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }} role="group" aria-label={spec.specLabel ?? spec.specName}>
            <Typography sx={{ minWidth: 96 }} component="span">
              {spec.specLabel ?? spec.specName}
            </Typography>
            {spec.specValues.map((value) => {
              const on = chosen.includes(value);
              return (
                <Chip
                  key={value}
                  label={spec.specValueLabels?.[value] ?? value}
                  clickable
                  color={on ? 'primary' : 'default'}
                  variant={on ? 'filled' : 'outlined'}
                  aria-pressed={on}
                  onClick={() => toggle(spec, value)}
                  data-testid={`spec-${spec.specName}-${value}`}
                />
              );
            })}
          </Stack>
        );
      })}
      {formState.errors.specs?.message && <FormHelperText error>{errorText(i18n, formState.errors.specs.message)}</FormHelperText>}
      {categoryId != null && (
        <Typography variant="body2" color="text.secondary" data-testid="sku-count">
          {t('goodsRelease.specs.count', { count: countCombinations(specs) })}
        </Typography>
      )}

      <Controller
        control={control}
        name="unitId"
        render={({ field, fieldState }) => (
          <TextField
            select
            required
            label={t('goodsRelease.sku.unit')}
            value={units.data ? field.value : ''}
            onChange={(event) => field.onChange(String(event.target.value))}
            onBlur={field.onBlur}
            error={Boolean(fieldState.error)}
            helperText={errorText(i18n, fieldState.error?.message) || ' '}
            slotProps={{ htmlInput: { 'data-testid': 'release-unit' } }}
            sx={{ width: 200 }}
          >
            {(units.data ?? []).map((unit) => (
              <MenuItem key={unit.id} value={String(unit.id)}>
                {unit.unitName}
              </MenuItem>
            ))}
          </TextField>
        )}
      />

      <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        {/* Scrolls sideways on narrow screens rather than squeezing the inputs. */}
        <Table size="small" aria-label={t('goodsRelease.sku.table')} sx={{ minWidth: 720, '& td, & th': { whiteSpace: 'nowrap' }, '& .MuiTextField-root': { width: 150 } }}>
          <TableHead>
            <TableRow>
              {names.length === 0 ? <TableCell>{t('goodsRelease.sku.spec')}</TableCell> : names.map((name) => <TableCell key={name}>{specLabelOf(categorySpecs, name)}</TableCell>)}
              <TableCell>{t('goodsRelease.sku.price')}</TableCell>
              <TableCell>{t('goodsRelease.sku.stock')}</TableCell>
              <TableCell title={t('goodsRelease.sku.floorHint')}>{t('goodsRelease.sku.floorPrice')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            <TableRow sx={{ bgcolor: 'action.hover' }} data-testid="sku-bulk-row">
              <TableCell colSpan={Math.max(names.length, 1)}>
                <Typography variant="body2">{t('goodsRelease.sku.bulk')}</Typography>
              </TableCell>
              <TableCell>
                <CellLabel id={`${idBase}-bulk-price`} text={t('goodsRelease.sku.bulkLabel', { field: t('goodsRelease.sku.price') })} />
                <MoneyInput
                  id={`${idBase}-bulk-price`}
                  size="small"
                  value={bulk.price}
                  max={PRICE_MAX_YUAN}
                  onValueChange={(price) => setBulk((current) => ({ ...current, price }))}
                  data-testid="sku-bulk-price"
                />
              </TableCell>
              <TableCell>
                <Stack direction="row" spacing={1}>
                  <CellLabel id={`${idBase}-bulk-stock`} text={t('goodsRelease.sku.bulkLabel', { field: t('goodsRelease.sku.stock') })} />
                  <NumberInput
                    id={`${idBase}-bulk-stock`}
                    size="small"
                    value={bulk.stock}
                    onValueChange={(stock) => setBulk((current) => ({ ...current, stock }))}
                    data-testid="sku-bulk-stock"
                  />
                  <Button variant="outlined" size="small" onClick={applyBulk} disabled={!bulk.price && !bulk.stock} data-testid="sku-bulk-apply" sx={{ whiteSpace: 'nowrap' }}>
                    {t('goodsRelease.sku.bulkApply')}
                  </Button>
                </Stack>
              </TableCell>
              <TableCell>
                <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'normal', display: 'block', maxWidth: 180 }}>
                  {t('goodsRelease.sku.floorHint')}
                </Typography>
              </TableCell>
            </TableRow>
            {skus.map((row, index) => {
              const label = row.specValues.length ? row.specValues.map((value, k) => specValueLabelOf(categorySpecs, names[k] ?? '', value)).join(' / ') : t('goodsRelease.sku.single');
              return (
                <TableRow key={skuKey(row.specValues)} data-testid="sku-row">
                  {row.specValues.length === 0 ? <TableCell>{label}</TableCell> : row.specValues.map((value, column) => <TableCell key={column}>{specValueLabelOf(categorySpecs, names[column] ?? '', value)}</TableCell>)}
                  <TableCell>
                    <Controller
                      control={control}
                      name={`skus.${index}.price`}
                      render={({ field, fieldState }) => (
                        <>
                          <CellLabel id={`${idBase}-price-${index}`} text={t('goodsRelease.sku.rowLabel', { spec: label, field: t('goodsRelease.sku.price') })} />
                          <MoneyInput
                            id={`${idBase}-price-${index}`}
                            size="small"
                            value={field.value}
                            max={PRICE_MAX_YUAN}
                            onValueChange={field.onChange}
                            onBlur={field.onBlur}
                            error={Boolean(fieldState.error)}
                            helperText={fieldState.error ? errorText(i18n, fieldState.error.message) : undefined}
                            data-testid={`sku-price-${index}`}
                          />
                        </>
                      )}
                    />
                  </TableCell>
                  <TableCell>
                    <Controller
                      control={control}
                      name={`skus.${index}.stock`}
                      render={({ field, fieldState }) => (
                        <>
                          <CellLabel id={`${idBase}-stock-${index}`} text={t('goodsRelease.sku.rowLabel', { spec: label, field: t('goodsRelease.sku.stock') })} />
                          <NumberInput
                            id={`${idBase}-stock-${index}`}
                            size="small"
                            value={field.value}
                            onValueChange={field.onChange}
                            onBlur={field.onBlur}
                            error={Boolean(fieldState.error)}
                            helperText={fieldState.error ? errorText(i18n, fieldState.error.message) : undefined}
                            data-testid={`sku-stock-${index}`}
                          />
                        </>
                      )}
                    />
                  </TableCell>
                  <TableCell>
                    <Controller
                      control={control}
                      name={`skus.${index}.floorPrice`}
                      render={({ field, fieldState }) => (
                        <>
                          <CellLabel id={`${idBase}-floor-${index}`} text={t('goodsRelease.sku.rowLabel', { spec: label, field: t('goodsRelease.sku.floorPrice') })} />
                          <MoneyInput
                            id={`${idBase}-floor-${index}`}
                            size="small"
                            value={field.value ?? ''}
                            max={PRICE_MAX_YUAN}
                            onValueChange={field.onChange}
                            onBlur={field.onBlur}
                            error={Boolean(fieldState.error)}
                            helperText={fieldState.error ? errorText(i18n, fieldState.error.message) : undefined}
                            data-testid={`sku-floor-${index}`}
                          />
                        </>
                      )}
                    />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {skusError && <FormHelperText error>{errorText(i18n, skusError)}</FormHelperText>}
    </Stack>
  );
}
