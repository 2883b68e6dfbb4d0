// kind 'money': integer cents in the values (ARCHITECTURE.md: money is cents on the wire), yuan with two
// decimals on screen (console-spec §5 money input, ui-kit MoneyInput).
import { useEffect, useState } from 'react';
import { MoneyInput, yuanTextToCents } from '@merchant/ui-kit';
import type { ResourceFormInputProps } from '../types';
import { textFieldProps, useFieldControl } from './useFieldControl';

const yuanText = (cents: unknown) => (typeof cents === 'number' ? (cents / 100).toFixed(2) : '');

export function MoneyFormField({ field, required, disabled }: ResourceFormInputProps) {
  const control = useFieldControl(field);
  const cents = control.value;
  // The typed text is kept while it is being typed ("12."); only an outside change (a reset) rewrites it.
  const [text, setText] = useState(() => yuanText(cents));
  useEffect(() => {
    if (yuanTextToCents(text) !== cents) setText(yuanText(cents));
  }, [cents]);
  return (
    <MoneyInput
      {...textFieldProps(control, { required, disabled })}
      max={field.maxCents === undefined ? undefined : field.maxCents / 100}
      value={text}
      onValueChange={(next) => {
        setText(next);
        control.onChange(yuanTextToCents(next));
      }}
    />
  );
}
