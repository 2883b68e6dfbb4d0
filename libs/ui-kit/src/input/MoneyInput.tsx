import { useState, type ReactNode } from 'react';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useUiKitText } from '../i18n/locale-context';
import { checkMoneyInput, checkNumberInput, type InputCheck, type InputRefusal, type MoneyInputRules } from './input-rules';

type BaseProps = Omit<TextFieldProps, 'value' | 'onChange' | 'type'> & {
  value: string;
  onValueChange: (value: string) => void;
};

/** The caller's input attributes (aria-label, data-testid…) kept beside the input mode the rule needs. */
function withInputMode(slotProps: TextFieldProps['slotProps'], inputMode: 'decimal' | 'numeric'): TextFieldProps['slotProps'] {
  const htmlInput = slotProps?.htmlInput;
  return { ...slotProps, htmlInput: { ...(typeof htmlInput === 'object' ? htmlInput : {}), inputMode } };
}

/**
 * A refused change keeps the old text and shows the rule it broke under the field, announced to screen
 * readers (issue 35 §8), until the next accepted change or the field is left.
 */
function useRefusal(helperText: ReactNode, ruleText: (refusal: InputRefusal) => string) {
  const [refusal, setRefusal] = useState<InputRefusal>();
  return {
    helperText: refusal ? <span role="status">{ruleText(refusal)}</span> : helperText,
    apply(check: InputCheck, onValueChange: (value: string) => void) {
      if (check.refusal !== undefined) return setRefusal(check.refusal);
      setRefusal(undefined);
      onValueChange(check.text);
    },
    clear: () => setRefusal(undefined),
  };
}

/** A text field that only ever holds a valid money amount: two decimals, at most `max`, never below 0 (console-spec §5). */
export function MoneyInput({ value, onValueChange, max, decimals, slotProps, helperText, onBlur, ...rest }: BaseProps & MoneyInputRules) {
  const text = useUiKitText();
  const refusal = useRefusal(helperText, (rule) =>
    rule === 'max' && max !== undefined
      ? text('inputRuleMax', { max: max.toFixed(decimals ?? 2) })
      : rule === 'decimals'
        ? text('inputRuleDecimals', { decimals: decimals ?? 2 })
        : text('inputRuleMoney'),
  );
  return (
    <TextField
      {...rest}
      value={value}
      helperText={refusal.helperText}
      slotProps={withInputMode(slotProps, 'decimal')}
      onChange={(event) => refusal.apply(checkMoneyInput(event.target.value, { max, decimals }), onValueChange)}
      onBlur={(event) => {
        refusal.clear();
        onBlur?.(event);
      }}
    />
  );
}

/** The one-decimal variant of MoneyInput (console-spec §5), e.g. for discounts such as 9.5. */
export function OneDecimalInput(props: BaseProps & Omit<MoneyInputRules, 'decimals'>) {
  return <MoneyInput {...props} decimals={1} />;
}

/** A text field that only ever holds digits (console-spec §5). */
export function NumberInput({ value, onValueChange, slotProps, helperText, onBlur, ...rest }: BaseProps) {
  const text = useUiKitText();
  const refusal = useRefusal(helperText, () => text('inputRuleDigits'));
  return (
    <TextField
      {...rest}
      value={value}
      helperText={refusal.helperText}
      slotProps={withInputMode(slotProps, 'numeric')}
      onChange={(event) => refusal.apply(checkNumberInput(event.target.value), onValueChange)}
      onBlur={(event) => {
        refusal.clear();
        onBlur?.(event);
      }}
    />
  );
}
