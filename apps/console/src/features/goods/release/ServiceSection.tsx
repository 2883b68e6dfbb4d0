// Freight template (required) and after-sale explanation template (optional), by number. The
// contract takes their ids, but store-server has no template list call yet (freightTem and
// afterSale are merchant-centre screens nobody has built), so the merchant types the number shown
// on the template; docs/goods.md (console section) records this until a list call exists.
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import { NumberInput } from '@merchant/ui-kit';
import { errorText } from './formText';
import type { ReleaseFormValues } from './releaseSchema';

const toId = (text: string) => (text === '' ? null : Number(text));

export function ServiceSection() {
  const { t, i18n } = useTranslation();
  const { control } = useFormContext<ReleaseFormValues>();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <Controller
        control={control}
        name="freightTemplateId"
        render={({ field, fieldState }) => (
          <NumberInput
            required
            label={t('goodsRelease.field.freight')}
            value={field.value == null ? '' : String(field.value)}
            onValueChange={(text) => field.onChange(toId(text.slice(0, 9)))}
            onBlur={field.onBlur}
            error={Boolean(fieldState.error)}
            helperText={errorText(i18n, fieldState.error?.message) || t('goodsRelease.field.templateHint')}
            data-testid="release-freight"
            sx={{ width: 280 }}
          />
        )}
      />
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
