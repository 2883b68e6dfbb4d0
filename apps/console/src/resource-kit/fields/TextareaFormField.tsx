// kind 'textarea': several lines of text (a remark).
import TextField from '@mui/material/TextField';
import type { ResourceFormInputProps } from '../types';
import { textFieldProps, useFieldControl } from './useFieldControl';

export function TextareaFormField({ field, required, disabled }: ResourceFormInputProps) {
  const control = useFieldControl(field);
  return <TextField {...textFieldProps(control, { required, disabled })} multiline minRows={3} value={(control.value as string | undefined) ?? ''} onChange={(event) => control.onChange(event.target.value)} />;
}
