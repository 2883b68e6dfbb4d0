// kind 'textarea': several lines of text (a remark, a reply). With `counter` it shows how many of the
// contract's characters are used (code points, as the contract counts them).
import { useTranslation } from 'react-i18next';
import TextField from '@mui/material/TextField';
import type { ResourceFormInputProps } from '../types';
import { textFieldProps, useFieldControl } from './useFieldControl';

export function TextareaFormField({ field, required, disabled }: ResourceFormInputProps) {
  const { t } = useTranslation();
  const control = useFieldControl(field);
  const value = (control.value as string | undefined) ?? '';
  const props = textFieldProps(control, { required, disabled });
  const helperText = field.counter !== undefined && !control.error ? t('resourceKit.characterCount', { count: [...value].length, max: field.counter }) : props.helperText;
  return <TextField {...props} helperText={helperText} multiline minRows={3} value={value} onChange={(event) => control.onChange(event.target.value)} />;
}
