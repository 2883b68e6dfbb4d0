// A calendar day (YYYY-MM-DD) in the browser's own date box, as a form-kit field `input` (the onboarding
// forms' licence and brand end dates; the wire takes seconds at the day's end, storeInfoSchema.dateToSeconds).
import TextField from '@mui/material/TextField';
import { textFieldProps, useFieldControl } from '../../../resource-kit/fields/useFieldControl';
import type { ResourceFormInputProps } from '../../../resource-kit/types';

export function DayInput({ field, required, disabled }: ResourceFormInputProps) {
  const control = useFieldControl(field);
  const props = textFieldProps(control, { required, disabled });
  return (
    <TextField
      {...props}
      type="date"
      slotProps={{ ...props.slotProps, inputLabel: { shrink: true } }}
      value={(control.value as string | undefined) ?? ''}
      onChange={(event) => control.onChange(event.target.value)}
    />
  );
}
