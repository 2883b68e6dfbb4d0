// The release form's freight template (issue 27 §1): chosen from the store's templates, each with the freight of
// a sample cart to a sample district, computed by the same calculation store-server quotes with. Replaces the
// typed id. The after-sale template id beside it stays typed until its own picker exists (ServiceSection.tsx).
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { FREIGHT_SAMPLE_CART, quoteFreight, type FreightRules } from '@merchant/api-contracts';
import { formatCents } from '@merchant/ui-kit';
import { useCityListQuery } from '../../../app/storeInit';
import { useFreightTemplateListQuery, type FreightTemplateRow } from '../../shop/freight/api';
import { FREIGHT_PATHS } from '../../shop/freight/paths';
import { regionLabel, regionPathOf, sampleDistrict } from '../../shop/freight/regions';
import { errorText } from './formText';
import type { ReleaseFormValues } from './releaseSchema';

/** Templates one store keeps: the picker asks for them all at once (the largest page the contracts allow). */
const ALL_TEMPLATES = { pageNum: 1, pageSize: 200 } as const;

export function FreightTemplateField() {
  const { t, i18n } = useTranslation();
  const { control } = useFormContext<ReleaseFormValues>();
  const templates = useFreightTemplateListQuery(ALL_TEMPLATES);
  const cities = useCityListQuery().data ?? [];
  const sample = sampleDistrict(cities);
  const samplePath = sample ? regionPathOf(cities, sample.cityCode) : [];
  const rows = templates.data?.list ?? [];

  const preview = (row: FreightTemplateRow) => {
    const quote = quoteFreight(row as unknown as FreightRules, samplePath, FREIGHT_SAMPLE_CART);
    return quote.freightCents === null ? t('shopFreight.picker.notSold') : `¥${formatCents(quote.freightCents)}`;
  };

  return (
    <Controller
      control={control}
      name="freightTemplateId"
      render={({ field, fieldState }) => {
        const chosen = rows.find((row) => row.templateId === field.value);
        const hint = rows.length === 0 && !templates.isFetching
          ? t('shopFreight.picker.noTemplates')
          : chosen && sample
            ? t('shopFreight.picker.hint', { region: regionLabel(cities, sample.cityCode), price: preview(chosen) })
            : '';
        return (
          <TextField
            select
            required
            label={t('shopFreight.picker.label')}
            value={chosen ? String(chosen.templateId) : ''}
            onChange={(event) => field.onChange(event.target.value === '' ? null : Number(event.target.value))}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={Boolean(fieldState.error)}
            helperText={
              <>
                {errorText(i18n, fieldState.error?.message) || hint}{' '}
                <Link component={RouterLink} to={FREIGHT_PATHS.list}>
                  {t('shopFreight.picker.manage')}
                </Link>
              </>
            }
            slotProps={{ htmlInput: { 'data-testid': 'release-freight' }, select: { SelectDisplayProps: { 'data-testid': 'release-freight-select' } as never }, formHelperText: { 'data-testid': 'release-freight-hint' } as never }}
            sx={{ width: 360 }}
          >
            {rows.map((row) => (
              <MenuItem key={row.templateId} value={String(row.templateId)}>
                {row.name}
                {row.isDefault ? ` (${t('shopFreight.picker.defaultTag')})` : ''} · {preview(row)}
              </MenuItem>
            ))}
          </TextField>
        );
      }}
    />
  );
}
