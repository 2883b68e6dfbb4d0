// The two inputs of a shipment: the carrier picked from the list and the tracking number. Used by the
// one-order form and by each line of a bulk shipment, so both read and check the same way.
import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { CARRIERS } from '@merchant/api-contracts';

type Locale = 'zh-CN' | 'en-US';

export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
}

interface FieldProps {
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  error?: string;
  /** The visible label (one-order form) or, in a table line, the accessible name only. */
  label: string;
  hideLabel?: boolean;
  helperText?: string;
  testId: string;
  size?: 'small' | 'medium';
}

export function CarrierSelect({ value, onChange, onBlur, error, label, hideLabel, helperText, testId, size }: FieldProps) {
  const locale = useLocale();
  return (
    <TextField
      select
      fullWidth
      size={size}
      label={hideLabel ? undefined : label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      error={Boolean(error)}
      helperText={error ?? helperText}
      slotProps={{ select: { inputProps: { 'aria-label': hideLabel ? label : undefined }, SelectDisplayProps: { 'aria-label': hideLabel ? label : undefined, 'data-testid': testId } as never } }}
    >
      {CARRIERS.map((carrier) => (
        <MenuItem key={carrier.code} value={carrier.code}>
          {carrier.name[locale]}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function TrackingNoField({ value, onChange, onBlur, error, label, hideLabel, helperText, testId, size }: FieldProps) {
  return (
    <TextField
      fullWidth
      size={size}
      label={hideLabel ? undefined : label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      error={Boolean(error)}
      helperText={error ?? helperText}
      autoComplete="off"
      slotProps={{ htmlInput: { 'aria-label': hideLabel ? label : undefined, 'data-testid': testId, spellCheck: false } }}
    />
  );
}
