// The goods detail: plain paragraphs (stored as escaped <p> HTML, see detailText.ts) or an ordered
// list of detail images picked from the media library.
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMediaUpload } from '../../media/useMediaUpload';
import { GOODS_LIMITS } from './contract';
import { errorText } from './formText';
import { ImagePickerField } from './ImagePickerField';
import type { ReleaseFormValues } from './releaseSchema';

export function DetailSection() {
  const { t, i18n } = useTranslation();
  const { control } = useFormContext<ReleaseFormValues>();
  const upload = useMediaUpload();
  const mode = useWatch({ control, name: 'detailMode' });
  const text = useWatch({ control, name: 'detailText' });

  return (
    <Stack spacing={2}>
      <Controller
        control={control}
        name="detailMode"
        render={({ field }) => (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <FormLabel id="release-detail-mode">{t('goodsRelease.field.detailMode')}</FormLabel>
            <RadioGroup row aria-labelledby="release-detail-mode" value={field.value} onChange={(event) => field.onChange(event.target.value)}>
              <FormControlLabel value="text" control={<Radio />} label={t('goodsRelease.detailMode.text')} />
              <FormControlLabel value="images" control={<Radio />} label={t('goodsRelease.detailMode.images')} />
            </RadioGroup>
          </Stack>
        )}
      />
      {mode === 'text' ? (
        <Controller
          control={control}
          name="detailText"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              multiline
              minRows={6}
              maxRows={20}
              fullWidth
              label={t('goodsRelease.field.detailText')}
              error={Boolean(fieldState.error)}
              helperText={errorText(i18n, fieldState.error?.message) || t('goodsRelease.field.detailTextHint', { count: text.length })}
              slotProps={{ htmlInput: { 'data-testid': 'release-detail-text' } }}
            />
          )}
        />
      ) : (
        <ImagePickerField
          name="detailImages"
          id="release-detail-images"
          label={t('goodsRelease.field.detailImages')}
          hint={t('goodsRelease.field.detailImagesHint', { max: GOODS_LIMITS.detailImagesMax })}
          limit={GOODS_LIMITS.detailImagesMax}
          upload={upload}
        />
      )}
    </Stack>
  );
}
