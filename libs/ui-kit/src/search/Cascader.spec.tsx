import { useState } from 'react';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UiKitProvider } from '../context/UiKitProvider';
import { Cascader, type CascaderProps } from './Cascader';

const OPTIONS = [
  { value: 'zj', label: 'Zhejiang', children: [{ value: 'hz', label: 'Hangzhou' }, { value: 'nb', label: 'Ningbo' }] },
  { value: 'js', label: 'Jiangsu' },
];

function Controlled(props: Partial<CascaderProps> & { onPath?: (path: string[]) => void }) {
  const [path, setPath] = useState<string[]>([]);
  return (
    <UiKitProvider locale="en-US">
      <Cascader
        label="region"
        levelLabel={() => 'city'}
        options={OPTIONS}
        value={path}
        onChange={(next) => {
          setPath(next);
          props.onPath?.(next);
        }}
        {...props}
      />
    </UiKitProvider>
  );
}

describe('Cascader as a form field', () => {
  it('marks every level invalid and describes it by the one message under the levels', async () => {
    render(<Controlled id="region" required error helperText="Region is required" emptyLabel="none" />);
    const province = screen.getByRole('combobox', { name: /region/ });
    expect(province).toHaveAttribute('aria-invalid', 'true');
    expect(province).toHaveAccessibleDescription('Region is required');
    expect(document.getElementById('region-helper-text')).toHaveTextContent('Region is required');
    await userEvent.click(province);
    expect(within(screen.getByRole('listbox')).getByRole('option', { name: 'none' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('option', { name: 'Zhejiang' }));
    const city = screen.getByRole('combobox', { name: 'city' });
    expect(city).toHaveAttribute('aria-invalid', 'true');
    expect(city).toHaveAccessibleDescription('Region is required');
    // Only the first level carries the required mark.
    expect(screen.getByText('*', { selector: '#region-label *' })).toBeInTheDocument();
  });

  it('is chosen with the keyboard alone: Tab, Enter, arrows', async () => {
    const onPath = jest.fn();
    render(<Controlled id="region" onPath={onPath} />);
    await userEvent.tab();
    expect(screen.getByRole('combobox', { name: 'region' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onPath).toHaveBeenLastCalledWith(['zj']);
    await userEvent.tab();
    expect(screen.getByRole('combobox', { name: 'city' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onPath).toHaveBeenLastCalledWith(['zj', 'nb']);
  });

  it('focuses its first level through inputRef and reports blur', async () => {
    const ref: { current: { focus(): void } | null } = { current: null };
    const onBlur = jest.fn();
    render(<Controlled inputRef={ref} onBlur={onBlur} />);
    act(() => ref.current?.focus());
    expect(screen.getByRole('combobox', { name: 'region' })).toHaveFocus();
    await userEvent.tab();
    expect(onBlur).toHaveBeenCalled();
  });

  it('cannot be changed when disabled', () => {
    render(<Controlled disabled />);
    expect(screen.getByRole('combobox', { name: 'region' })).toHaveAttribute('aria-disabled', 'true');
  });
});
