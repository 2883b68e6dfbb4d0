// kind 'integer': digits only (console-spec §5 number input); a number in the values, undefined when empty.
import { NumberInput } from '@merchant/ui-kit';
import type { ResourceFormInputProps } from '../types';
import { textFieldProps, useFieldControl } from './useFieldControl';

export function IntegerFormField({ field, required, disabled }: ResourceFormInputProps) {
  const control = useFieldControl(field);
  const value = control.value === undefined || control.value === null ? '' : String(control.value);
  return <NumberInput {...textFieldProps(control, { required, disabled })} value={value} onValueChange={(text) => control.onChange(text === '' ? undefined : Number(text))} />;
}
