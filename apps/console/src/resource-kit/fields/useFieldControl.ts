// What every field component reads from the form: its value and handlers, its error in the merchant's
// language with the field's label (formErrors problemText), and the attributes that bind the label, the
// error and the focus of a failed submit to the input.
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { problemText } from '../formErrors';
import type { ResourceFormField, ResourceFormFieldKind, ResourceFormInputProps } from '../types';

/** Kinds whose value is chosen, not typed: an empty one reads "choose …". */
const PICKED_KINDS: ReadonlySet<ResourceFormFieldKind> = new Set(['select', 'date', 'dateRange', 'region', 'media', 'listSelect']);

/** The form state of `name` (default: the field's own) as an input needs it. */
export function useFieldControl(field: ResourceFormField, name: string = field.name) {
  const { t, i18n } = useTranslation();
  const { field: control, fieldState } = useController({ name });
  const label = t(field.labelKey);
  const error = problemText(i18n, fieldState.error?.message, label, field.picked ?? PICKED_KINDS.has(field.kind));
  return {
    ...control,
    label,
    error,
    /** The error, else the field's hint. */
    helperText: error ?? (field.helperKey ? t(field.helperKey) : undefined),
    /** Binds the label (`for`) and the helper text (`aria-describedby`) to the input. */
    id: `field-${name}`,
    /** The field's data-testid for its input element (e2e selectors). */
    testId: field.testId,
    /** The field's kind, written on its input (`data-field-kind`): the e2e hostile-input sweep finds a form's text fields by it. */
    kind: field.kind,
  };
}

export type FieldControl = ReturnType<typeof useFieldControl>;

/** The props an MUI TextField of a form field takes: label, `*`, error with aria-invalid, the focus ref. */
export function textFieldProps(control: FieldControl, { required, disabled }: Pick<ResourceFormInputProps, 'required' | 'disabled'>) {
  return {
    id: control.id,
    name: control.name,
    label: control.label,
    required,
    disabled,
    error: Boolean(control.error),
    helperText: control.helperText,
    onBlur: control.onBlur,
    inputRef: control.ref,
    size: 'small' as const,
    fullWidth: true,
    // A kind with slotProps of its own keeps the test id by spreading these first (PhoneFormField).
    slotProps: { htmlInput: { 'data-field-kind': control.kind, ...(control.testId ? { 'data-testid': control.testId } : {}) } },
  };
}
