// A react-hook-form controlled MUI TextField whose zod message (an i18n key) is translated in place.
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

export type FormTextFieldProps<T extends FieldValues, TOutput extends FieldValues = T> = Omit<TextFieldProps, 'name' | 'error'> & {
  /** The form's control; its output type may differ from its input type (zod transforms). */
  control: Control<T, unknown, TOutput>;
  name: FieldPath<T>;
  testId?: string;
};

export function FormTextField<T extends FieldValues, TOutput extends FieldValues = T>({ control, name, testId, helperText, ...rest }: FormTextFieldProps<T, TOutput>) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...rest}
          {...field}
          value={field.value ?? ''}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ? t(fieldState.error.message) : helperText}
          fullWidth
          slotProps={{ ...rest.slotProps, htmlInput: { 'data-testid': testId, ...(rest.slotProps?.htmlInput as object) } }}
        />
      )}
    />
  );
}
