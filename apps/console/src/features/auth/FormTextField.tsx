// A react-hook-form controlled MUI TextField whose error messages are i18n keys.
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

export type FormTextFieldProps<Values extends FieldValues> = Omit<TextFieldProps, 'name'> & {
  name: FieldPath<Values>;
  control: Control<Values>;
  testId?: string;
  maxLength?: number;
};

export function FormTextField<Values extends FieldValues>({ name, control, testId, maxLength = 64, ...rest }: FormTextFieldProps<Values>) {
  const { t } = useTranslation();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...rest}
          {...field}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ? t(fieldState.error.message) : ' '}
          slotProps={{ htmlInput: { 'data-testid': testId, maxLength } }}
        />
      )}
    />
  );
}
