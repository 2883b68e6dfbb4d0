// kind 'select': one of static options, or of options a hook loads (e.g. the store's inventory items).
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { labelText } from '../text';
import type { ResourceFormInputProps, ResourceStatusOption } from '../types';
import { textFieldProps, useFieldControl } from './useFieldControl';

export function SelectFormField(props: ResourceFormInputProps) {
  const { useOptions } = props.field;
  return useOptions ? <LoadedSelect {...props} useOptions={useOptions} /> : <OptionsSelect {...props} options={props.field.options ?? []} />;
}

function LoadedSelect({ useOptions, ...props }: ResourceFormInputProps & { useOptions: () => readonly ResourceStatusOption[] }) {
  return <OptionsSelect {...props} options={useOptions()} />;
}

function OptionsSelect({ field, required, disabled, context, options }: ResourceFormInputProps & { options: readonly ResourceStatusOption[] }) {
  const control = useFieldControl(field);
  const value = control.value === undefined || control.value === null ? '' : String(control.value);
  return (
    <TextField
      {...textFieldProps(control, { required, disabled })}
      select
      value={value}
      onChange={(event) => control.onChange(options.find((option) => String(option.value) === event.target.value)?.value)}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={String(option.value)}>
          {labelText(option.label, context)}
        </MenuItem>
      ))}
    </TextField>
  );
}
