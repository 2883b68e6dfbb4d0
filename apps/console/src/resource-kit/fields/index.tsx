// The form field kinds: one component per kind, each in its own file of this folder. To add a kind, add
// it to `ResourceFormFieldKind` (types.ts), write its component here and map it below; a single field
// can also bring its own input (`ResourceFormField.input`).
import { lazy, type ComponentType } from 'react';
import type { Resolver } from 'react-hook-form';
import type { ResourceFormField, ResourceFormFieldKind, ResourceFormInputProps } from '../types';
import { CheckCodeFormField } from './CheckCodeFormField';
import { IntegerFormField } from './IntegerFormField';
import { LinesFormField } from './LinesFormField';
import { ListSelectFormField } from './ListSelectFormField';
import { MoneyFormField } from './MoneyFormField';
import { PasswordFormField } from './PasswordFormField';
import { PhoneFormField } from './PhoneFormField';
import { RegionFormField } from './RegionFormField';
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
  region: RegionFormField,
  listSelect: ListSelectFormField,
  // The media picker (its dialogs, drag and drop) and the rich-text editor (DOMPurify) load only when a form shows them.
  media: lazy(() => import('./MediaFormField')),
  richText: lazy(() => import('./RichTextFormField')),
  checkCode: CheckCodeFormField,
  lines: LinesField,
  password: PasswordFormField,
};

type FormValues = Record<string, unknown>;

/**
 * The values as they are checked and sent: rich text sanitised once more (the editor sanitised every
 * change; this also covers a value set without it, e.g. a loaded record or a reset).
 */
export async function prepareFieldValues(fields: readonly ResourceFormField[], values: FormValues): Promise<FormValues> {
  const richText = fields.filter((field) => field.kind === 'richText');
  if (richText.length === 0) return values;
  const { sanitizeRichText } = await import('./richTextHtml');
  return { ...values, ...Object.fromEntries(richText.map((field) => [field.name, sanitizeRichText(values[field.name])])) };
}

/** A form's resolver that checks the prepared values (prepareFieldValues): what it passes is what is sent. */
export function withPreparedValues<V extends FormValues>(fields: readonly ResourceFormField[], resolver: Resolver<V>): Resolver<V> {
  return async (values, context, options) => resolver((await prepareFieldValues(fields, values)) as V, context, options);
}

/** A lines field whose cells are drawn by FormFieldInput (passed in, so LinesFormField.tsx does not import this file). */
function LinesField(props: ResourceFormInputProps) {
  return <LinesFormField {...props} CellInput={FormFieldInput} />;
}

/** Draws a form field: its own input if it brings one, else its kind's component. */
export function FormFieldInput(props: ResourceFormInputProps) {
  const Input = props.field.input ?? FORM_FIELD_COMPONENTS[props.field.kind];
  return <Input {...props} />;
}

export { useFieldControl, textFieldProps, type FieldControl } from './useFieldControl';
export { CheckCodeButton, CHECK_CODE_RESEND_SECONDS, useCheckCodeCountdown, type CheckCodeButtonProps } from './CheckCodeFormField';
