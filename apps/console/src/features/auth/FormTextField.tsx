// A react-hook-form controlled outlined text field whose error messages are i18n keys. Built from
// FormControl + OutlinedInput rather than TextField, which also pulls in Select, Menu and Modal:
// the sign-in page stays light (docs/performance.md).
import { useEffect, useId, useRef } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';

export interface FormTextFieldProps<Values extends FieldValues> {
  name: FieldPath<Values>;
  control: Control<Values>;
  label: string;
  testId?: string;
  maxLength?: number;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  inputMode?: 'text' | 'tel' | 'numeric';
  sx?: SxProps<Theme>;
}

export function FormTextField<Values extends FieldValues>({
  name,
  control,
  label,
  testId,
  maxLength = 64,
  inputMode,
  sx,
  autoFocus,
  ...inputProps
}: FormTextFieldProps<Values>) {
  const { t } = useTranslation();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  // Focused in a task of its own rather than by React's autoFocus during the commit, where the
  // forced layout lengthened the sign-in page's first long task (Lighthouse total blocking time).
  useEffect(() => {
    if (!autoFocus) return undefined;
    const timer = setTimeout(() => inputRef.current?.focus());
    return () => clearTimeout(timer);
  }, [autoFocus]);
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <FormControl variant="outlined" fullWidth required={inputProps.required} error={Boolean(fieldState.error)} sx={sx}>
          <InputLabel htmlFor={id}>{label}</InputLabel>
          <OutlinedInput
            {...(inputProps as OutlinedInputProps)}
            {...field}
            id={id}
            inputRef={inputRef}
            label={label}
            aria-describedby={`${id}-helper`}
            inputProps={{ 'data-testid': testId, maxLength, inputMode }}
          />
          <FormHelperText id={`${id}-helper`}>{fieldState.error?.message ? t(fieldState.error.message) : ' '}</FormHelperText>
        </FormControl>
      )}
    />
  );
}
