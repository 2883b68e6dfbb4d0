// The release form's brand: one of the store's approved brands whose authorisation has not ended
// (queryStoreBrandList), chosen from a list; store-server refuses any other brand. A missing brand is
// applied for on brandApply. A good whose stored brand is no longer approved keeps showing it, with
// a notice, until the merchant chooses another.
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Autocomplete from '@mui/material/Autocomplete';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useStoreBrandsQuery, type StoreBrand } from './api';
import { errorText } from './formText';
import type { ReleaseFormValues } from './releaseSchema';

export const BRAND_APPLY_PATH = '/goods/brandApply';

const sameBrand = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The approved brand a stored name stands for (store-server matches names case-insensitively). */
export function approvedBrandOf(brands: readonly StoreBrand[], name: string): StoreBrand | undefined {
  return name.trim() ? brands.find((brand) => sameBrand(brand.brandName, name)) : undefined;
}

export function BrandField() {
  const { t, i18n } = useTranslation();
  const { control } = useFormContext<ReleaseFormValues>();
  const brands = useStoreBrandsQuery();
  const list = brands.data ?? [];

  return (
    <Controller
      control={control}
      name="brandName"
      render={({ field, fieldState }) => {
        const chosen = approvedBrandOf(list, field.value);
        // A stored brand that is not (or no longer) approved stays visible as the value, flagged below.
        const stale = !chosen && field.value.trim() !== '' && brands.isSuccess;
        const names = list.map((brand) => brand.brandName);
        const options = stale ? [...names, field.value] : names;
        const hint = brands.isError
          ? t('goodsRelease.field.brandLoadFailed')
          : stale
            ? t('goodsRelease.field.brandNotApproved', { brand: field.value })
            : brands.isSuccess && list.length === 0
              ? t('goodsRelease.field.brandNone')
              : t('goodsRelease.field.brandChoose');
        return (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Autocomplete
              options={options}
              value={chosen?.brandName ?? (field.value.trim() ? field.value : null)}
              onChange={(_event, next) => field.onChange(next ?? '')}
              onBlur={field.onBlur}
              loading={brands.isFetching}
              loadingText={t('goodsRelease.field.brandLoading')}
              noOptionsText={t(list.length === 0 ? 'goodsRelease.field.brandNone' : 'goodsRelease.field.brandNoMatch')}
              getOptionDisabled={(name) => !approvedBrandOf(list, name)}
              renderOption={({ key, ...props }, name) => {
                const brand = approvedBrandOf(list, name);
                return (
                  <li key={key} {...props}>
                    <Stack>
                      <span>{name}</span>
                      {brand ? (
                        <Typography variant="caption" color="text.secondary">
                          {t('goodsRelease.field.brandExpiresOn', { date: brand.brandExpireDate })}
                        </Typography>
                      ) : null}
                    </Stack>
                  </li>
                );
              }}
              sx={{ width: 420 }}
              renderInput={(params) => (
                <TextField
                  {...params}
                  required
                  label={t('goodsRelease.field.brand')}
                  error={Boolean(fieldState.error) || stale || brands.isError}
                  helperText={fieldState.error ? errorText(i18n, fieldState.error.message) : hint}
                  slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'release-brand' } }}
                />
              )}
            />
            <Typography variant="body2" sx={{ pt: 2 }}>
              {t('goodsRelease.field.brandHint')}{' '}
              <Link component={RouterLink} to={BRAND_APPLY_PATH} data-testid="release-brand-apply">
                {t('goodsRelease.field.brandApplyLink')}
              </Link>
            </Typography>
          </Stack>
        );
      }}
    />
  );
}
