// kind 'media': files picked from the media library (console-spec §2 Picker: thumbnails, zoom, remove,
// reorder; §4/§5 picker rules: single or multiple, the limit, images or videos only), through the library's
// own MediaPicker with the console's file list and upload flow. The value is what the contracts take: one
// `{ fileId?, objectUrl }` (null when cleared) or, with `multiple`, a list of them. Loaded lazily by the registry
// (the picker brings its dialogs and drag and drop).
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import type { LibraryFile } from '@merchant/media-library';
import { MediaPicker, pickerFiles } from '@merchant/media-library/react';
import { mediaApi } from '../../features/media/api';
import { useMediaUpload } from '../../features/media/useMediaUpload';
import type { ResourceFormInputProps } from '../types';
import { fileToMediaRef, mediaRefToFile, type MediaRef } from './MediaValue';
import { useFieldControl } from './useFieldControl';

const isMediaRef = (value: unknown): value is MediaRef => typeof value === 'object' && value !== null && typeof (value as { objectUrl?: unknown }).objectUrl === 'string';

/** The field's value (one reference, a list of them, or nothing) as the picker's files. */
export function filesOfMediaValue(value: unknown): LibraryFile[] {
  const refs = Array.isArray(value) ? value : [value];
  return refs.filter(isMediaRef).map(mediaRefToFile);
}

/** The picker's files as the field's value. */
export function mediaValueOfFiles(files: readonly LibraryFile[], multiple: boolean): MediaRef[] | MediaRef | null {
  const refs = files.map(fileToMediaRef);
  return multiple ? refs : (refs[0] ?? null);
}

export default function MediaFormField({ field, required, disabled }: ResourceFormInputProps) {
  const control = useFieldControl(field);
  const upload = useMediaUpload();
  const { multiple = false, limit, chooseFileType = 'img' } = field.media ?? {};
  const files = filesOfMediaValue(control.value);
  const labelId = `${control.id}-label`;
  const helperId = `${control.id}-helper-text`;
  return (
    <FormControl error={Boolean(control.error)} disabled={disabled} required={required}>
      <Stack
        spacing={1}
        role="group"
        id={control.id}
        aria-labelledby={labelId}
        aria-describedby={control.helperText ? helperId : undefined}
        aria-invalid={Boolean(control.error)}
        // A failed submit focuses the first invalid field: here the group, read with its label and message.
        tabIndex={-1}
        ref={control.ref}
        onBlur={(event) => {
          if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) control.onBlur();
        }}
        sx={{ outline: 'none' }}
      >
        <FormLabel id={labelId}>{control.label}</FormLabel>
        {/*
          A disabled fieldset disables the picker's buttons (the thumbnails stay visible). React carries a
          submit up through the dialogs' portals: their search forms must not submit the form around the field.
        */}
        <fieldset disabled={disabled} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }} onSubmit={(event) => event.stopPropagation()}>
          <MediaPicker
            value={multiple ? files : (files[0] ?? {})}
            onChange={(picked) => control.onChange(mediaValueOfFiles(pickerFiles(picked), multiple))}
            multiple={multiple}
            limit={limit}
            chooseFileType={chooseFileType}
            trigger="card"
            endpoint={mediaApi.endpoints.mediaFiles}
            upload={upload.picker}
            onNotice={upload.onNotice}
          />
        </fieldset>
        {control.helperText && <FormHelperText id={helperId}>{control.helperText}</FormHelperText>}
      </Stack>
    </FormControl>
  );
}
