// kind 'date': one day, as the seconds of its start (loaded lazily by the registry: fields/index.ts).
import type { ResourceFormInputProps } from '../types';
import { PickersLocalization, SecondsDatePicker } from './SecondsDatePicker';
import { useFieldControl } from './useFieldControl';

export default function DateFormField({ field, required, disabled, context }: ResourceFormInputProps) {
  const control = useFieldControl(field);
  return (
    <PickersLocalization context={context}>
      <SecondsDatePicker control={control} label={control.label} required={required} disabled={disabled} edge="startOf" />
    </PickersLocalization>
  );
}
