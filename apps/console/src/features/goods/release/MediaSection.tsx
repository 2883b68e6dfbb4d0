// Goods images (1 to 9, first is the main image, drag to reorder) and an optional main video,
// both through the media library's picker. A picked video is checked against the §5 rules
// (size, duration) before the form takes it.
import { useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import { noticeText } from '@merchant/media-library';
import { MediaPicker, pickerFiles, useMediaText } from '@merchant/media-library/react';
import { mediaApi } from '../../media/api';
import { useMediaUpload } from '../../media/useMediaUpload';
import { GOODS_LIMITS } from './contract';
import { errorText } from './formText';
import { ImagePickerField } from './ImagePickerField';
import type { ReleaseFormValues } from './releaseSchema';
import { browserVideoProbe, checkPickedVideo } from './videoCheck';

export function MediaSection() {
  const { t, i18n } = useTranslation();
  const { control } = useFormContext<ReleaseFormValues>();
  const upload = useMediaUpload();
  const { locale } = useMediaText();
  const [checkingVideo, setCheckingVideo] = useState(false);

  return (
    <Stack spacing={3}>
      <ImagePickerField
        name="images"
        id="release-images"
        label={t('goodsRelease.field.images')}
        hint={t('goodsRelease.field.imagesHint', { max: GOODS_LIMITS.imagesMax })}
        limit={GOODS_LIMITS.imagesMax}
        upload={upload}
        showFileName
      />
      <Controller
        control={control}
        name="video"
        render={({ field, fieldState }) => (
          <Stack spacing={1} role="group" aria-labelledby="release-video-label" data-testid="release-video">
            <FormLabel id="release-video-label">{t('goodsRelease.field.video')}</FormLabel>
            <MediaPicker
              value={field.value ?? {}}
              onChange={(value) => {
                const [file] = pickerFiles(value);
                if (!file) {
                  field.onChange(null);
                  return;
                }
                setCheckingVideo(true);
                void checkPickedVideo(file, browserVideoProbe(upload.measureVideoDuration)).then((result) => {
                  setCheckingVideo(false);
                  if (result.ok) {
                    field.onChange(result.video);
                    return;
                  }
                  upload.onNotice('error', result.notice ? noticeText(result.notice, locale) : t('goodsRelease.validation.videoUnreadable'));
                });
              }}
              chooseFileType="video"
              trigger="card"
              showFileName
              endpoint={mediaApi.endpoints.mediaFiles}
              upload={upload.picker}
              onNotice={upload.onNotice}
            />
            <FormHelperText error={Boolean(fieldState.error)} aria-live="polite">
              {checkingVideo ? t('goodsRelease.validation.videoChecking') : fieldState.error ? errorText(i18n, fieldState.error.message) : t('goodsRelease.field.videoHint')}
            </FormHelperText>
          </Stack>
        )}
      />
    </Stack>
  );
}
