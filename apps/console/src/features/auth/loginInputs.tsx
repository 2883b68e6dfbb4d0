// The sign-in forms' text inputs, as a form-kit field `input`: the label with its `*`, the error in the
// merchant's language (the kit's problemText: the rule code said with the label), the focus of a failed
// submit. Drawn with FormControl + OutlinedInput rather than TextField, which also brings Select, Menu and
// Modal, and the kit's rule texts load with the first error (every error comes from a check that loaded
// the resolver): /login stays within its first-load budget (docs/performance.md).
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { ResourceFormInputProps } from '../../resource-kit/types';

type ProblemText = (typeof import('../../resource-kit/formErrors'))['problemText'];
let loadedProblemText: ProblemText | null = null;

/** The kit's problemText, once an error needs it. */
function useProblemText(needed: boolean): ProblemText | null {
  const [problemText, setProblemText] = useState<ProblemText | null>(() => loadedProblemText);
  useEffect(() => {
    if (!needed || problemText) return undefined;
    let live = true;
    void import('../../resource-kit/formErrors').then((module) => {
      loadedProblemText = module.problemText;
      if (live) setProblemText(() => module.problemText);
    });
    return () => {
      live = false;
    };
  }, [needed, problemText]);
  return problemText;
}

export interface LightInputOptions {
  type?: 'text' | 'password';
  autoComplete?: string;
  inputMode?: 'text' | 'tel' | 'numeric';
  maxLength?: number;
  /** The merchant starts typing at once (issue 7). */
  autoFocus?: boolean;
}

/** A `ResourceFormField.input`; the field's `testId` lands on the input element. */
export function lightInput({ type = 'text', autoComplete, inputMode, maxLength = 64, autoFocus = false }: LightInputOptions = {}): ComponentType<ResourceFormInputProps> {
  return function LightInput({ field, required, disabled }: ResourceFormInputProps) {
    const { t, i18n } = useTranslation();
    const { field: control, fieldState } = useController({ name: field.name });
    const message = fieldState.error?.message;
    const problemText = useProblemText(Boolean(message));
    const label = t(field.labelKey);
    const error = message && problemText ? problemText(i18n, message, label) : undefined;
    const helperText = error ?? (field.helperKey ? t(field.helperKey) : undefined);
    const element = useRef<HTMLInputElement | null>(null);
    // Focused in a task of its own rather than by React's autoFocus during the commit, where the forced
    // layout lengthened the sign-in page's first long task (Lighthouse total blocking time).
    useEffect(() => {
      if (!autoFocus) return undefined;
      const timer = setTimeout(() => element.current?.focus());
      return () => clearTimeout(timer);
    }, []);
    // The kit's ids (useFieldControl): the label's `for` and the helper's `aria-describedby`.
    const id = `field-${field.name}`;
    const helperId = `${id}-helper`;
    return (
      <FormControl variant="outlined" fullWidth required={required} disabled={disabled} error={Boolean(message)}>
        <InputLabel htmlFor={id}>{label}</InputLabel>
        <OutlinedInput
          id={id}
          name={control.name}
          label={label}
          type={type}
          autoComplete={autoComplete}
          inputRef={(node: HTMLInputElement | null) => {
            element.current = node;
            control.ref(node);
          }}
          value={(control.value as string | undefined) ?? ''}
          onChange={(event) => control.onChange(event.target.value)}
          onBlur={control.onBlur}
          aria-describedby={helperId}
          inputProps={{ 'data-testid': field.testId, maxLength, inputMode }}
        />
        {/* A space keeps the row, so an error appearing does not move the form. */}
        <FormHelperText id={helperId}>{helperText ?? ' '}</FormHelperText>
      </FormControl>
    );
  };
}
