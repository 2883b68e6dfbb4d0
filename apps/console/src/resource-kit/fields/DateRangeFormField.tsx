// kind 'dateRange': two values fields, `name` (the first day's start, in seconds) and `endName` (the last
// day's end). "End not before start" is the contract's endBeforeStart rule, shown under the end.
import Stack from '@mui/material/Stack';
import type { ResourceFormInputProps } from '../types';
import { PickersLocalization, SecondsDatePicker } from './SecondsDatePicker';
import { useFieldControl } from './useFieldControl';

function endNameOf(field: ResourceFormInputProps['field']): string {
  if (!field.endName) throw new Error(`dateRange field "${field.name}" needs an endName`);
  return field.endName;
}

export default function DateRangeFormField({ field, required, disabled, context }: ResourceFormInputProps) {
  const start = useFieldControl(field);
  const end = useFieldControl(field, endNameOf(field));
  return (
    <PickersLocalization context={context}>
      <Stack direction="row" spacing={1} role="group" aria-label={start.label}>
        <SecondsDatePicker control={start} label={context.t('resourceKit.rangeStart', { field: start.label })} required={required} disabled={disabled} edge="startOf" />
        <SecondsDatePicker control={end} label={context.t('resourceKit.rangeEnd', { field: start.label })} required={required} disabled={disabled} edge="endOf" />
      </Stack>
    </PickersLocalization>
  );
}
