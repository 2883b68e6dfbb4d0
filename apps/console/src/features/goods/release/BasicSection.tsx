// Category, brand (BrandField: one of the store's approved brands) and title. Choosing another
// category resets the specs to that category's (the SKU section rebuilds the rows from them).
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { BrandField } from './BrandField';
import { useCategoryTreeQuery } from '../../../app/storeInit';
import { useStoreCategoryIdsQuery, type CategoryNode } from './api';
import { GOODS_LIMITS } from './contract';
import { errorText } from './formText';
import type { ReleaseFormValues } from './releaseSchema';

/** The category tree cut to the store's business categories (the server refuses others), empty groups dropped. */
export function storeCategoryGroups(tree: readonly CategoryNode[], storeIds: readonly number[]): CategoryNode[] {
  const own = new Set(storeIds);
  return tree.map((top) => ({ ...top, children: (top.children ?? []).filter((leaf) => own.has(leaf.id)) })).filter((top) => top.children.length > 0);
}

export function BasicSection({ onCategoryChange }: { onCategoryChange(categoryId: number): void }) {
  const { t, i18n } = useTranslation();
  const { control } = useFormContext<ReleaseFormValues>();
  // Store init's shared category tree: no second fetch when the form opens.
  const tree = useCategoryTreeQuery();
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
            helperText={fieldState.error ? errorText(i18n, fieldState.error.message) : t(groups?.length === 0 ? 'goodsRelease.field.noCategories' : 'goodsRelease.field.categoryHint')}
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
      <BrandField />
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
            helperText={errorText(i18n, fieldState.error?.message) || t('goodsRelease.field.titleHint', { count: title.trim().length, max: GOODS_LIMITS.titleMax })}
            slotProps={{ htmlInput: { maxLength: GOODS_LIMITS.titleMax, 'data-testid': 'release-title' } }}
          />
        )}
      />
    </Stack>
  );
}
