import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MoneyInput, NumberInput, OneDecimalInput } from './MoneyInput';

function Controlled({ kind }: { kind: 'money' | 'number' | 'oneDecimal' }) {
  const [value, setValue] = useState('');
  if (kind === 'oneDecimal') return <OneDecimalInput label="discount" value={value} onValueChange={setValue} max={9.9} />;
  return kind === 'money' ? (
    <MoneyInput label="price" value={value} onValueChange={setValue} max={100} />
  ) : (
    <NumberInput label="stock" value={value} onValueChange={setValue} />
  );
}

describe('MoneyInput / NumberInput (§5)', () => {
  it('never holds more than two decimals or more than the maximum', async () => {
    render(<Controlled kind="money" />);
    const input = screen.getByLabelText('price');
    await userEvent.type(input, '12.3456');
    expect(input).toHaveValue('12.34');
    await userEvent.clear(input);
    await userEvent.type(input, '999');
    expect(input).toHaveValue('100');
  });

  it('cannot go below 0: a minus sign is not typed', async () => {
    render(<Controlled kind="money" />);
    const input = screen.getByLabelText('price');
    await userEvent.type(input, '-5.5');
    expect(input).toHaveValue('5.5');
  });

  it('keeps one decimal in the one-decimal variant and clamps it', async () => {
    render(<Controlled kind="oneDecimal" />);
    const input = screen.getByLabelText('discount');
    await userEvent.type(input, '8.55');
    expect(input).toHaveValue('8.5');
    await userEvent.clear(input);
    await userEvent.type(input, '12');
    expect(input).toHaveValue('9.9');
  });

  it('keeps digits only', async () => {
    render(<Controlled kind="number" />);
    const input = screen.getByLabelText('stock');
    await userEvent.type(input, '1a2-3.');
    expect(input).toHaveValue('123');
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
