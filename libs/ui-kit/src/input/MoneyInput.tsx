import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { sanitizeMoneyInput, sanitizeNumberInput, type MoneyInputRules } from './input-rules';

type BaseProps = Omit<TextFieldProps, 'value' | 'onChange' | 'type'> & {
  value: string;
  onValueChange: (value: string) => void;
};

/** A text field that only ever holds a valid money amount: two decimals, clamped to `max`, never below 0 (console-spec §5). */
/** The caller's input attributes (aria-label, data-testid…) kept beside the input mode the rule needs. */
function withInputMode(slotProps: TextFieldProps['slotProps'], inputMode: 'decimal' | 'numeric'): TextFieldProps['slotProps'] {
  const htmlInput = slotProps?.htmlInput;
  return { ...slotProps, htmlInput: { ...(typeof htmlInput === 'object' ? htmlInput : {}), inputMode } };
}

export function MoneyInput({ value, onValueChange, max, decimals, slotProps, ...rest }: BaseProps & MoneyInputRules) {
  return (
    <TextField
      {...rest}
      value={value}
      slotProps={withInputMode(slotProps, 'decimal')}
      onChange={(event) => onValueChange(sanitizeMoneyInput(event.target.value, { max, decimals }))}
    />
  );
}

/** The one-decimal variant of MoneyInput (console-spec §5), e.g. for discounts such as 9.5. */
export function OneDecimalInput(props: BaseProps & Omit<MoneyInputRules, 'decimals'>) {
  return <MoneyInput {...props} decimals={1} />;
}

/** A text field that only ever holds digits (console-spec §5). */
export function NumberInput({ value, onValueChange, slotProps, ...rest }: BaseProps) {
  return (
    <TextField
      {...rest}
      value={value}
      slotProps={withInputMode(slotProps, 'numeric')}
      onChange={(event) => onValueChange(sanitizeNumberInput(event.target.value))}
    />
  );
}
