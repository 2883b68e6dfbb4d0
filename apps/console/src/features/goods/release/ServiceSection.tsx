// Freight template (required) and after-sale explanation template (optional). The freight template is
// chosen from the store's templates with a preview of its price (FreightTemplateField, issue 27 §1); the
// after-sale template is still typed by number until its own picker replaces this input (issue 27 §3).
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import { NumberInput } from '@merchant/ui-kit';
import { errorText } from './formText';
import { FreightTemplateField } from './FreightTemplateField';
import type { ReleaseFormValues } from './releaseSchema';

const toId = (text: string) => (text === '' ? null : Number(text));

export function ServiceSection() {
  const { t, i18n } = useTranslation();
  const { control } = useFormContext<ReleaseFormValues>();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <FreightTemplateField />
      <Controller
        control={control}
        name="afterSaleTemplateId"
        render={({ field, fieldState }) => (
          <NumberInput
            label={t('goodsRelease.field.afterSale')}
            value={field.value == null ? '' : String(field.value)}
            onValueChange={(text) => field.onChange(toId(text.slice(0, 9)))}
            onBlur={field.onBlur}
            error={Boolean(fieldState.error)}
            helperText={errorText(i18n, fieldState.error?.message) || t('goodsRelease.field.optional')}
            data-testid="release-after-sale"
            sx={{ width: 280 }}
          />
        )}
      />
    </Stack>
  );
}
