// The account forms' secret inputs (sign-in and pay passwords): a kit field drawn as a password box, so
// the browser's password manager knows which one is the current and which the new secret.
import type { ComponentType } from 'react';
import TextField from '@mui/material/TextField';
import { textFieldProps, useFieldControl, type ResourceFormInputProps } from '../../../resource-kit';

interface SecretOptions {
  autoComplete: 'current-password' | 'new-password';
  /** A PIN of this many digits (the pay password): digits only, and a number pad on phones. */
  digits?: number;
}

/** A field `input` for `ResourceFormField.input`; the field's `testId` lands on the input element. */
export function secretInput({ autoComplete, digits }: SecretOptions): ComponentType<ResourceFormInputProps> {
  return function SecretInput({ field, required, disabled }: ResourceFormInputProps) {
    const control = useFieldControl(field);
    const keep = (text: string) => (digits ? text.replace(/\D/g, '').slice(0, digits) : text);
    return (
      <TextField
        {...textFieldProps(control, { required, disabled })}
        type="password"
        autoComplete={autoComplete}
        slotProps={{ htmlInput: { 'data-testid': field.testId, ...(digits ? { inputMode: 'numeric', maxLength: digits } : {}) } }}
        value={(control.value as string | undefined) ?? ''}
        onChange={(event) => control.onChange(keep(event.target.value))}
      />
    );
  };
}
