// The pay password's input: the kit's password box, plus what a 6-digit PIN wants (digits only, at most six,
// a number pad on phones). The rule itself is the contract's payPasswordField.
import type { ComponentType } from 'react';
import TextField from '@mui/material/TextField';
import { textFieldProps, useFieldControl, type ResourceFormInputProps } from '../../../resource-kit';

/** The pay password's digits (api-contracts PAY_PASSWORD_PATTERN). */
export const PIN_DIGITS = 6;

/** A field `input` (`ResourceFormField.input`) for a PIN; `autoComplete` tells the current one from a new one. */
export function pinInput(autoComplete: 'current-password' | 'new-password'): ComponentType<ResourceFormInputProps> {
  return function PinInput({ field, required, disabled }: ResourceFormInputProps) {
    const control = useFieldControl(field);
    const props = textFieldProps(control, { required, disabled });
    return (
      <TextField
        {...props}
        type="password"
        autoComplete={autoComplete}
        slotProps={{ htmlInput: { ...props.slotProps.htmlInput, inputMode: 'numeric', maxLength: PIN_DIGITS } }}
        value={(control.value as string | undefined) ?? ''}
        onChange={(event) => control.onChange(event.target.value.replace(/\D/g, '').slice(0, PIN_DIGITS))}
      />
    );
  };
}
