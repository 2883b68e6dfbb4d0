// Category, brand and title. Choosing another category resets the specs to that category's
// (the SKU section rebuilds the rows from them).
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useReleaseCategoriesQuery, useStoreCategoryIdsQuery, type CategoryNode } from './api';
import { GOODS_LIMITS } from './contract';
import { errorText } from './formText';
import type { ReleaseFormValues } from './releaseSchema';

export const BRAND_APPLY_PATH = '/goods/brandApply';

/** The category tree cut to the store's business categories (the server refuses others), empty groups dropped. */
export function storeCategoryGroups(tree: readonly CategoryNode[], storeIds: readonly number[]): CategoryNode[] {
  const own = new Set(storeIds);
  return tree.map((top) => ({ ...top, children: (top.children ?? []).filter((leaf) => own.has(leaf.id)) })).filter((top) => top.children.length > 0);
}

export function BasicSection({ onCategoryChange }: { onCategoryChange(categoryId: number): void }) {
  const { t } = useTranslation();
  const { control } = useFormContext<ReleaseFormValues>();
  const tree = useReleaseCategoriesQuery();
  const storeIds = useStoreCategoryIdsQuery();
  const groups = tree.data && storeIds.data ? storeCategoryGroups(tree.data, storeIds.data) : undefined;
  const title = useWatch({ control, name: 'title' });

  return (
    <Stack spacing={2}>
      <Controller
        control={control}
        name="categoryId"
        render={({ field, fieldState }) => (
          <TextField
            select
            required
            label={t('goodsRelease.field.category')}
            value={groups ? (field.value ?? '') : ''}
            onChange={(event) => {
              const id = Number(event.target.value);
              field.onChange(id);
              onCategoryChange(id);
            }}
            onBlur={field.onBlur}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error ? errorText(t, fieldState.error.message) : t(groups?.length === 0 ? 'goodsRelease.field.noCategories' : 'goodsRelease.field.categoryHint')}
            slotProps={{ htmlInput: { 'data-testid': 'release-category' }, select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
            sx={{ maxWidth: 420 }}
          >
            {/* One option per leaf, named with its group: MUI's Select would make group headers options too. */}
            {(groups ?? []).flatMap((top) =>
              (top.children ?? []).map((leaf) => (
                <MenuItem key={leaf.id} value={leaf.id} data-testid={`release-category-${leaf.id}`}>
                  {top.categoryName} / {leaf.categoryName}
                </MenuItem>
              )),
            )}
          </TextField>
        )}
      />
      <Controller
        control={control}
        name="brandName"
        render={({ field, fieldState }) => (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
            <TextField
              {...field}
              required
              label={t('goodsRelease.field.brand')}
              error={Boolean(fieldState.error)}
              helperText={errorText(t, fieldState.error?.message) || ' '}
              slotProps={{ htmlInput: { maxLength: GOODS_LIMITS.brandMax, 'data-testid': 'release-brand' } }}
              sx={{ width: 420 }}
            />
            <Typography variant="body2" sx={{ pt: 2 }}>
              {t('goodsRelease.field.brandHint')}{' '}
              <Link component={RouterLink} to={BRAND_APPLY_PATH}>
                {t('goodsRelease.field.brandApplyLink')}
              </Link>
            </Typography>
          </Stack>
        )}
      />
      <Controller
        control={control}
        name="title"
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            required
            fullWidth
            label={t('goodsRelease.field.title')}
            error={Boolean(fieldState.error)}
            helperText={errorText(t, fieldState.error?.message) || t('goodsRelease.field.titleHint', { count: title.trim().length, max: GOODS_LIMITS.titleMax })}
            slotProps={{ htmlInput: { maxLength: GOODS_LIMITS.titleMax, 'data-testid': 'release-title' } }}
          />
        )}
      />
    </Stack>
  );
}
