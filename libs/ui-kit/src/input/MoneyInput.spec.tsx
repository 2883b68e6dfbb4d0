import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UiKitLocaleProvider } from '../i18n/locale-context';
import type { UiKitLocale } from '../i18n/messages';
import { MoneyInput, NumberInput, OneDecimalInput } from './MoneyInput';

function Input({ kind }: { kind: 'money' | 'number' | 'oneDecimal' }) {
  const [value, setValue] = useState('');
  if (kind === 'oneDecimal') return <OneDecimalInput label="discount" value={value} onValueChange={setValue} max={9.9} />;
  return kind === 'money' ? (
    <MoneyInput label="price" value={value} onValueChange={setValue} max={100} />
  ) : (
    <NumberInput label="stock" value={value} onValueChange={setValue} />
  );
}

function Controlled({ kind, locale = 'en-US' }: { kind: 'money' | 'number' | 'oneDecimal'; locale?: UiKitLocale }) {
  return (
    <UiKitLocaleProvider locale={locale}>
      <Input kind={kind} />
    </UiKitLocaleProvider>
  );
}

describe('MoneyInput / NumberInput (§5)', () => {
  it('never holds more than two decimals or more than the maximum: the keystroke is refused and the rule shown (issue 35 §8)', async () => {
    render(<Controlled kind="money" />);
    const input = screen.getByLabelText('price');
    await userEvent.type(input, '12.3456');
    expect(input).toHaveValue('12.34');
    expect(screen.getByRole('status')).toHaveTextContent('at most 2 decimal places');
    await userEvent.clear(input);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    // Not rewritten to the maximum: the digit that would pass it is refused.
    await userEvent.type(input, '999');
    expect(input).toHaveValue('99');
    expect(screen.getByRole('status')).toHaveTextContent('at most 100.00');
  });

  it('cannot go below 0: a minus sign is refused with the rule, not silently dropped', async () => {
    render(<Controlled kind="money" />);
    const input = screen.getByLabelText('price');
    await userEvent.type(input, '-');
    expect(input).toHaveValue('');
    expect(screen.getByRole('status')).toHaveTextContent('an amount: digits and one decimal point, not below 0');
    // The next accepted keystroke clears the note; leaving the field does too.
    await userEvent.type(input, '5.5');
    expect(input).toHaveValue('5.5');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('a pasted value that breaks the rule is refused whole, not rewritten into another number', async () => {
    render(<Controlled kind="number" />);
    const input = screen.getByLabelText('stock');
    await userEvent.type(input, '7');
    await userEvent.click(input);
    await userEvent.paste('1.5');
    // Before: "1.5" became 15 (7 + "15" = 715).
    expect(input).toHaveValue('7');
    expect(screen.getByRole('status')).toHaveTextContent('whole numbers only');
    await userEvent.tab();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('keeps one decimal in the one-decimal variant and refuses past the maximum', async () => {
    render(<Controlled kind="oneDecimal" />);
    const input = screen.getByLabelText('discount');
    await userEvent.type(input, '8.55');
    expect(input).toHaveValue('8.5');
    await userEvent.clear(input);
    await userEvent.type(input, '12');
    expect(input).toHaveValue('1');
    expect(screen.getByRole('status')).toHaveTextContent('at most 9.9');
  });

  it('keeps digits only', async () => {
    render(<Controlled kind="number" />);
    const input = screen.getByLabelText('stock');
    await userEvent.type(input, '1a2-3.');
    expect(input).toHaveValue('123');
    expect(screen.getByRole('status')).toHaveTextContent('whole numbers only');
  });

  it("shows the rule in the merchant's language", async () => {
    render(<Controlled kind="number" locale="zh-CN" />);
    await userEvent.type(screen.getByLabelText('stock'), '-');
    expect(screen.getByRole('status')).toHaveTextContent('只能输入整数（数字 0–9）');
  });

  it('a leading dot and leading zeros are normalised, not refused', async () => {
    render(<Controlled kind="money" />);
    const input = screen.getByLabelText('price');
    await userEvent.type(input, '.5');
    expect(input).toHaveValue('0.5');
    await userEvent.clear(input);
    await userEvent.type(input, '007');
    expect(input).toHaveValue('7');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it("keeps the caller's input attributes (an accessible name in a table cell) beside its input mode", () => {
    render(
      <>
        <MoneyInput value="" onValueChange={() => undefined} slotProps={{ htmlInput: { 'aria-label': 'new price 1' } }} />
        <NumberInput value="" onValueChange={() => undefined} slotProps={{ htmlInput: { 'aria-label': 'new stock 1' } }} />
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'new price 1' })).toHaveAttribute('inputmode', 'decimal');
    expect(screen.getByRole('textbox', { name: 'new stock 1' })).toHaveAttribute('inputmode', 'numeric');
  });
});
