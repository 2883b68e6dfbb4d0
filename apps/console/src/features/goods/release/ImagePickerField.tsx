// A labelled group of library images picked through the media picker (1..limit, ordered), with the
// field's message or hint under it: the release form's goods images and its detail images.
import type { ReactNode } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import { MediaPicker, pickerFiles } from '@merchant/media-library/react';
import { mediaApi } from '../../media/api';
import type { useMediaUpload } from '../../media/useMediaUpload';
import { errorText } from './formText';
import type { ReleaseFormValues } from './releaseSchema';

export interface ImagePickerFieldProps {
  name: 'images' | 'detailImages';
  /** The group's id stem: `${id}-label` names the group, `id` is its test id. */
  id: string;
  label: ReactNode;
  hint: ReactNode;
  limit: number;
  /** The form's one upload flow (useMediaUpload), shared with its other pickers. */
  upload: ReturnType<typeof useMediaUpload>;
  showFileName?: boolean;
}

export function ImagePickerField({ name, id, label, hint, limit, upload, showFileName }: ImagePickerFieldProps) {
  const { i18n } = useTranslation();
  const { control } = useFormContext<ReleaseFormValues>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Stack spacing={1} role="group" aria-labelledby={`${id}-label`} data-testid={id}>
          <FormLabel id={`${id}-label`} required>
            {label}
          </FormLabel>
          <MediaPicker
            value={field.value}
            onChange={(value) => field.onChange(pickerFiles(value))}
            multiple
            limit={limit}
            chooseFileType="img"
            trigger="card"
            showFileName={showFileName}
            endpoint={mediaApi.endpoints.mediaFiles}
            upload={upload.picker}
            onNotice={upload.onNotice}
          />
          <FormHelperText error={Boolean(fieldState.error)}>{fieldState.error ? errorText(i18n, fieldState.error.message) : hint}</FormHelperText>
        </Stack>
      )}
    />
  );
}
