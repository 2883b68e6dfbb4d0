// kind 'password': a secret typed in a password box (never shown, no trimming), so the browser's password
// manager knows a new secret from the current one (`autoComplete`).
import TextField from '@mui/material/TextField';
import type { ResourceFormInputProps } from '../types';
import { textFieldProps, useFieldControl } from './useFieldControl';

export function PasswordFormField({ field, required, disabled }: ResourceFormInputProps) {
  const control = useFieldControl(field);
  return (
    <TextField
      {...textFieldProps(control, { required, disabled })}
      type="password"
      autoComplete={field.autoComplete ?? 'new-password'}
      value={(control.value as string | undefined) ?? ''}
      onChange={(event) => control.onChange(event.target.value)}
    />
  );
}
