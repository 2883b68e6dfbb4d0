// /goods/brandApply: a merchant whose brand is not listed applies for it (brand name, when the
// authorisation ends, the authorisation certificate). The fields are checked here; store-server has
// no brand-application call yet (docs/goods.md, console section), so the page says so instead of
// pretending to submit.
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import dayjs from 'dayjs';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { LibraryFile } from '@merchant/media-library';
import { MediaPicker, pickerFiles } from '@merchant/media-library/react';
import { mediaApi } from '../../media/api';
import { useMediaUpload } from '../../media/useMediaUpload';
import { GOODS_LIMITS } from './contract';
import { errorText } from './formText';
import { pickerUpload } from './MediaSection';

const V = 'goodsRelease.validation';
/** Our design: up to 3 certificate images (front, back, an extension page). */
export const BRAND_CERTIFICATES_MAX = 3;

export const brandApplySchema = z.object({
  brandName: z.string().trim().min(1, `${V}.brandNameRequired`).max(GOODS_LIMITS.brandMax, `${V}.brandMax`),
  brandExpireDate: z
    .string()
    .min(1, `${V}.brandExpireRequired`)
    .refine((text) => dayjs(text).isValid() && dayjs(text).isAfter(dayjs(), 'day'), `${V}.brandExpirePast`),
  certificates: z.array(z.custom<LibraryFile>()).min(1, `${V}.brandLogoRequired`).max(BRAND_CERTIFICATES_MAX),
});
export type BrandApplyValues = z.infer<typeof brandApplySchema>;

export function BrandApplyPage() {
  const { t } = useTranslation();
  const upload = useMediaUpload();
  const [checked, setChecked] = useState(false);
  const { control, handleSubmit } = useForm<BrandApplyValues>({
    resolver: zodResolver(brandApplySchema),
    defaultValues: { brandName: '', brandExpireDate: '', certificates: [] },
  });
  const submit = handleSubmit(() => setChecked(true));

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
      <Stack component="form" noValidate spacing={2} onSubmit={(event) => void submit(event)} aria-labelledby="brand-apply-heading">
        <Typography id="brand-apply-heading" variant="h5" component="h1">
          {t('goodsRelease.brand.title')}
        </Typography>
        <Typography color="text.secondary">{t('goodsRelease.brand.intro')}</Typography>
        <Controller
          control={control}
          name="brandName"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              required
              label={t('goodsRelease.brand.name')}
              error={Boolean(fieldState.error)}
              helperText={errorText(t, fieldState.error?.message) || ' '}
              slotProps={{ htmlInput: { maxLength: GOODS_LIMITS.brandMax } }}
            />
          )}
        />
        <Controller
          control={control}
          name="brandExpireDate"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              required
              type="date"
              label={t('goodsRelease.brand.expire')}
              error={Boolean(fieldState.error)}
              helperText={errorText(t, fieldState.error?.message) || ' '}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ width: 240 }}
            />
          )}
        />
        <Controller
          control={control}
          name="certificates"
          render={({ field, fieldState }) => (
            <Stack spacing={1} role="group" aria-labelledby="brand-certificates-label">
              <FormLabel id="brand-certificates-label" required>
                {t('goodsRelease.brand.logo')}
              </FormLabel>
              <MediaPicker
                value={field.value}
                onChange={(value) => field.onChange(pickerFiles(value))}
                multiple
                limit={BRAND_CERTIFICATES_MAX}
                chooseFileType="img"
                trigger="card"
                endpoint={mediaApi.endpoints.mediaFiles}
                upload={pickerUpload(upload)}
                onNotice={upload.onNotice}
              />
              {fieldState.error && <FormHelperText error>{errorText(t, fieldState.error.message)}</FormHelperText>}
            </Stack>
          )}
        />
        {checked && (
          <Alert severity="info" data-testid="brand-apply-unavailable">
            {t('goodsRelease.brand.unavailable')}
          </Alert>
        )}
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained">
            {t('goodsRelease.brand.submit')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
