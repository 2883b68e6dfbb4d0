import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MoneyInput, NumberInput } from './MoneyInput';

function Controlled({ kind }: { kind: 'money' | 'number' }) {
  const [value, setValue] = useState('');
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

  it('keeps digits only', async () => {
    render(<Controlled kind="number" />);
    const input = screen.getByLabelText('stock');
    await userEvent.type(input, '1a2-3.');
    expect(input).toHaveValue('123');
  });
});
