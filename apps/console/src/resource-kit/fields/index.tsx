// The form field kinds: one component per kind, each in its own file of this folder. To add a kind, add
// it to `ResourceFormFieldKind` (types.ts), write its component here and map it below; a single field
// can also bring its own input (`ResourceFormField.input`).
import { lazy, type ComponentType } from 'react';
import type { ResourceFormFieldKind, ResourceFormInputProps } from '../types';
import { IntegerFormField } from './IntegerFormField';
import { MoneyFormField } from './MoneyFormField';
import { PhoneFormField } from './PhoneFormField';
import { SelectFormField } from './SelectFormField';
import { SwitchFormField } from './SwitchFormField';
import { TextareaFormField } from './TextareaFormField';
import { TextFormField } from './TextFormField';

export const FORM_FIELD_COMPONENTS: { readonly [Kind in ResourceFormFieldKind]: ComponentType<ResourceFormInputProps> } = {
  text: TextFormField,
  textarea: TextareaFormField,
  integer: IntegerFormField,
  money: MoneyFormField,
  phone: PhoneFormField,
  select: SelectFormField,
  switch: SwitchFormField,
  // The date pickers (and dayjs's adapter) load only when a form shows a date.
  date: lazy(() => import('./DateFormField')),
  dateRange: lazy(() => import('./DateRangeFormField')),
};

/** Draws a form field: its own input if it brings one, else its kind's component. */
export function FormFieldInput(props: ResourceFormInputProps) {
  const Input = props.field.input ?? FORM_FIELD_COMPONENTS[props.field.kind];
  return <Input {...props} />;
}

export { useFieldControl, textFieldProps, type FieldControl } from './useFieldControl';
