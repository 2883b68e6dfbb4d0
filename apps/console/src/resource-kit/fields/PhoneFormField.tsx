// kind 'phone': a mainland mobile number (console-spec §5: 1[3-9] plus 9 digits). Only digits are kept, at
// most 11; the format itself is the contract's `mobileField` rule, checked with the rest of the form.
import TextField from '@mui/material/TextField';
import type { ResourceFormInputProps } from '../types';
import { textFieldProps, useFieldControl } from './useFieldControl';

/** Length of a mainland mobile number (console-spec §5). */
const MOBILE_DIGITS = 11;

export function PhoneFormField({ field, required, disabled }: ResourceFormInputProps) {
  const control = useFieldControl(field);
  const props = textFieldProps(control, { required, disabled });
  return (
    <TextField
      {...props}
      type="tel"
      autoComplete="tel"
      slotProps={{ htmlInput: { ...props.slotProps.htmlInput, inputMode: 'tel', maxLength: MOBILE_DIGITS } }}
      value={(control.value as string | undefined) ?? ''}
      onChange={(event) => control.onChange(event.target.value.replace(/\D/g, '').slice(0, MOBILE_DIGITS))}
    />
  );
}
