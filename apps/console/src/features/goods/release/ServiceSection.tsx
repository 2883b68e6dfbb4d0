// Freight template (required), after-sale explanation template and cartage template (both optional). The freight
// template is chosen from the store's templates with a preview of its price (FreightTemplateField, issue 27 §1); the
// after-sale template from the store's templates with its text under it (AfterSaleTemplateField, issue 27 §3); the
// cartage template of bulky goods with the price of a sample job (CartageTemplateField, issue 27 §2).
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import { AfterSaleTemplateField } from '../../shop/after-sale-templates/AfterSaleTemplateField';
import { CartageTemplateField } from '../../shop/cartage/CartageTemplateField';
import { errorText } from './formText';
import { FreightTemplateField } from './FreightTemplateField';
import type { ReleaseFormValues } from './releaseSchema';

export function ServiceSection() {
  const { i18n } = useTranslation();
  const { control } = useFormContext<ReleaseFormValues>();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <FreightTemplateField />
      <Controller
        control={control}
        name="afterSaleTemplateId"
        render={({ field, fieldState }) => (
          <AfterSaleTemplateField
            value={field.value ?? null}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={Boolean(fieldState.error)}
            helperText={errorText(i18n, fieldState.error?.message)}
          />
        )}
      />
      <Controller
        control={control}
        name="cartageTemplateId"
        render={({ field, fieldState }) => (
          <CartageTemplateField
            value={field.value ?? null}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={Boolean(fieldState.error)}
            helperText={errorText(i18n, fieldState.error?.message)}
          />
        )}
      />
    </Stack>
  );
}
