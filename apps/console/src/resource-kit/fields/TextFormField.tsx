// kind 'text': one line of text.
import TextField from '@mui/material/TextField';
import type { ResourceFormInputProps } from '../types';
import { textFieldProps, useFieldControl } from './useFieldControl';

export function TextFormField({ field, required, disabled }: ResourceFormInputProps) {
  const control = useFieldControl(field);
  return <TextField {...textFieldProps(control, { required, disabled })} value={(control.value as string | undefined) ?? ''} onChange={(event) => control.onChange(event.target.value)} />;
}
