// A live preview of the picker that goods and shop forms use: choose images from the library (or
// upload new ones), reorder them by dragging, zoom and remove. Nothing is saved; it shows merchants
// and developers how the picker behaves with the store's own files.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { MediaPicker, pickerFiles, type MediaPickerValue } from '@merchant/media-library/react';
import { mediaApi } from './api';
import { useMediaUpload } from './useMediaUpload';

export const PICKER_PREVIEW_LIMIT = 9;

export function PickerPreview() {
  const { t } = useTranslation();
  const upload = useMediaUpload();
  const [value, setValue] = useState<MediaPickerValue>([]);
  const names = pickerFiles(value).map((file) => file.objectName);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="media-picker-preview-title">
      <Typography id="media-picker-preview-title" variant="subtitle1">
        {t('media.pickerTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('media.pickerHint', { limit: PICKER_PREVIEW_LIMIT })}
      </Typography>
      <MediaPicker
        value={value}
        onChange={setValue}
        multiple
        limit={PICKER_PREVIEW_LIMIT}
        chooseFileType="img"
        trigger="card"
        showFileName
        endpoint={mediaApi.endpoints.mediaFiles}
        upload={upload.picker}
        onNotice={upload.onNotice}
      />
      <Typography variant="body2" sx={{ mt: 1 }} data-testid="media-picker-order">
        {names.length ? t('media.pickerOrder', { names: names.join(', ') }) : t('media.pickerEmpty')}
      </Typography>
    </Paper>
  );
}
