// kind 'switch': a yes/no value, its label beside the switch.
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import type { ResourceFormInputProps } from '../types';
import { useFieldControl } from './useFieldControl';

export function SwitchFormField({ field, disabled }: ResourceFormInputProps) {
  const control = useFieldControl(field);
  const helperId = `${control.id}-helper-text`;
  return (
    <FormControl error={Boolean(control.error)} disabled={disabled}>
      <FormControlLabel
        label={control.label}
        control={
          <Switch
            id={control.id}
            name={control.name}
            checked={Boolean(control.value)}
            onChange={(event) => control.onChange(event.target.checked)}
            onBlur={control.onBlur}
            slotProps={{ input: { ref: control.ref, 'aria-invalid': Boolean(control.error), ...(control.helperText ? { 'aria-describedby': helperId } : {}) } }}
          />
        }
      />
      {control.helperText && <FormHelperText id={helperId}>{control.helperText}</FormHelperText>}
    </FormControl>
  );
}
