import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UiKitLocaleProvider } from '../i18n/locale-context';
import { ActionButtons, actionButtonsWidth, splitActions, type RowAction } from './ActionButtons';
import { ConfirmDialog } from './ConfirmDialog';
import { Countdown } from './Countdown';
import { splitCountdown } from './countdown-parts';
import { PermissionButton } from './PermissionButton';
import { PermissionProvider, usePermissions } from '../context/permissions';

const actions = (count: number, onClick = jest.fn()): RowAction[] =>
  Array.from({ length: count }, (_, i) => ({ key: `a${i}`, label: `action ${i + 1}`, onClick: () => onClick(i) }));

describe('ActionButtons (§2: up to 3 shown, else first 2 + more)', () => {
  it('splits by the rule', () => {
    expect(splitActions([1, 2, 3])).toEqual({ direct: [1, 2, 3], overflow: [] });
    expect(splitActions([1, 2, 3, 4])).toEqual({ direct: [1, 2], overflow: [3, 4] });
  });

  it('sizes the column for what it shows: each button at least 64 px (MUI), the gaps and the cell padding; with 4+ actions, 2 and "more"', () => {
    // Two-character Chinese labels are narrower than a button's minimum: the minimum decides.
    expect(actionButtonsWidth(['详情', '编辑', '删除'], '更多')).toBe(3 * 64 + 2 * 4 + 20);
    // Four actions: the first two and 'more', whatever the others are called.
    expect(actionButtonsWidth(['详情', '编辑', '一个很长很长的名字', '删除'], '更多')).toBe(actionButtonsWidth(['详情', '编辑', '更多'], '更多'));
    // A long label widens its own button beyond the minimum.
    expect(actionButtonsWidth(['Take off shelf'], 'more')).toBeGreaterThan(64 + 20);
    expect(actionButtonsWidth([], 'more')).toBe(20);
  });

  it('shows three actions directly without a more menu', () => {
    render(<ActionButtons actions={actions(3)} />);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['action 1', 'action 2', 'action 3']);
  });

  it('shows two plus more, and the menu runs the hidden action', async () => {
    const onClick = jest.fn();
    render(
      <UiKitLocaleProvider locale="en-US">
        <ActionButtons actions={actions(5, onClick)} />
      </UiKitLocaleProvider>,
    );
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['action 1', 'action 2', 'more']);
    await userEvent.click(screen.getByRole('button', { name: 'more' }));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['action 3', 'action 4', 'action 5']);
    await userEvent.click(screen.getByRole('menuitem', { name: 'action 4' }));
    expect(onClick).toHaveBeenCalledWith(3);
  });
});

describe('ActionButtons permission codes (§6), including the more menu', () => {
  const coded = (onClick: jest.Mock): RowAction[] => [
    { key: 'view', label: 'view', onClick: () => onClick('view') },
    { key: 'edit', label: 'edit', permission: 'goods:edit', onClick: () => onClick('edit') },
    { key: 'ship', label: 'ship', permission: 'order:ship', onClick: () => onClick('ship') },
    { key: 'refund', label: 'refund', permission: 'order:refund', onClick: () => onClick('refund') },
    { key: 'note', label: 'note', onClick: () => onClick('note') },
  ];

  it('disables a coded action in the more menu for a user without the code, and never runs it', async () => {
    const onClick = jest.fn();
    render(
      <UiKitLocaleProvider locale="en-US">
        <PermissionProvider codes={['goods:edit', 'order:refund']}>
          <ActionButtons actions={coded(onClick)} />
        </PermissionProvider>
      </UiKitLocaleProvider>,
    );
    expect(screen.getByRole('button', { name: 'edit' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'more' }));
    const ship = screen.getByRole('menuitem', { name: 'ship' });
    expect(ship).toHaveAttribute('aria-disabled', 'true');
    expect(ship).toHaveAttribute('title', 'no permission');
    await userEvent.click(ship, { pointerEventsCheck: 0 });
    expect(onClick).not.toHaveBeenCalled();
    expect(screen.getByRole('menuitem', { name: 'refund' })).not.toHaveAttribute('aria-disabled');
    await userEvent.click(screen.getByRole('menuitem', { name: 'refund' }));
    expect(onClick).toHaveBeenCalledWith('refund');
  });

  it('disables direct coded actions without the code, with the title no permission', () => {
    render(
      <UiKitLocaleProvider locale="en-US">
        <PermissionProvider codes={[]}>
          <ActionButtons actions={coded(jest.fn()).slice(0, 3)} />
        </PermissionProvider>
      </UiKitLocaleProvider>,
    );
    expect(screen.getByRole('button', { name: 'view' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'edit' })).toBeDisabled();
    expect(screen.getAllByTitle('no permission')).toHaveLength(2);
  });

  it('treats every coded action as denied without a PermissionProvider', async () => {
    const onClick = jest.fn();
    render(<ActionButtons actions={coded(onClick)} />);
    await userEvent.click(screen.getByRole('button', { name: '更多' }));
    expect(screen.getByRole('menuitem', { name: 'ship' })).toHaveAttribute('title', '暂无权限');
  });

  it('lets explicit userCodes override the provider, in the menu too', async () => {
    render(
      <PermissionProvider codes={[]}>
        <ActionButtons actions={coded(jest.fn())} userCodes={['order:ship']} />
      </PermissionProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: '更多' }));
    expect(screen.getByRole('menuitem', { name: 'ship' })).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('menuitem', { name: 'refund' })).toHaveAttribute('aria-disabled', 'true');
  });
});

describe('ActionButtons links (issue 35 §5: navigating actions open in a new tab too)', () => {
  const linked = (onClick: () => void): RowAction[] => [
    { key: 'detail', label: 'detail', href: '/order/orderDetails?id=42', onClick },
    { key: 'ship', label: 'ship', href: '/order/ship?id=42', onClick, permission: 'order:ship' },
    { key: 'note', label: 'note', onClick },
    { key: 'edit', label: 'edit', href: '/order/edit?id=42', onClick },
  ];

  it('a navigating action is a real link; a plain click stays in the app, a modified click is left to the browser', async () => {
    const onClick = jest.fn();
    render(<ActionButtons actions={linked(onClick)} userCodes={['order:ship']} />);
    const detail = screen.getByRole('link', { name: 'detail' });
    expect(detail).toHaveAttribute('href', '/order/orderDetails?id=42');
    expect(screen.getByRole('link', { name: 'ship' })).toHaveAttribute('href', '/order/ship?id=42');

    // A plain click: the app navigates (the browser's own navigation is prevented).
    const plain = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    act(() => void detail.dispatchEvent(plain));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(plain.defaultPrevented).toBe(true);
    // ctrl/⌘-click (new tab): the app does nothing and the browser follows the link.
    for (const modifier of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }]) {
      const modified = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...modifier });
      act(() => void detail.dispatchEvent(modified));
      expect(modified.defaultPrevented).toBe(false);
    }
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('a forbidden action is no link, and the more menu holds links too', async () => {
    const onClick = jest.fn();
    render(<ActionButtons actions={linked(onClick)} userCodes={[]} />);
    expect(screen.queryByRole('link', { name: 'ship' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ship' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: /more|更多/ }));
    const edit = await screen.findByRole('menuitem', { name: 'edit' });
    expect(edit).toHaveAttribute('href', '/order/edit?id=42');
    expect(screen.getByRole('menuitem', { name: 'note' })).not.toHaveAttribute('href');
    await userEvent.click(edit);
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});

describe('usePermissions', () => {
  function Probe({ code }: { code?: string }) {
    const permissions = usePermissions();
    return <output>{String(permissions.has(code))}</output>;
  }
  it('answers from the provider codes; no code needed is always allowed', () => {
    const { rerender } = render(
      <PermissionProvider codes={['a']}>
        <Probe code="a" />
      </PermissionProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('true');
    rerender(
      <PermissionProvider codes={['a']}>
        <Probe code="b" />
      </PermissionProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('false');
    rerender(<Probe />);
    expect(screen.getByRole('status')).toHaveTextContent('true');
  });
});

describe('PermissionButton (§6)', () => {
  it('is disabled with the title no permission when the code is missing', async () => {
    const onClick = jest.fn();
    render(
      <UiKitLocaleProvider locale="en-US">
        <PermissionProvider codes={['goods:edit']}>
          <PermissionButton permission="goods:delete" onClick={onClick}>
            delete
          </PermissionButton>
          <PermissionButton permission="goods:edit">edit</PermissionButton>
        </PermissionProvider>
      </UiKitLocaleProvider>,
    );
    const denied = screen.getByRole('button', { name: 'delete' });
    expect(denied).toBeDisabled();
    expect(screen.getByTitle('no permission')).toContainElement(denied);
    expect(screen.getByRole('button', { name: 'edit' })).toBeEnabled();
    expect(screen.getAllByTitle('no permission')).toHaveLength(1);
  });

  it('uses explicit codes and the zh-CN text by default', () => {
    render(<PermissionButton permission="x" userCodes={[]}>go</PermissionButton>);
    expect(screen.getByTitle('暂无权限')).toBeInTheDocument();
  });
});

describe('Countdown (§2: days, or hours minutes seconds)', () => {
  afterEach(() => jest.useRealTimers());

  it('splits remaining seconds', () => {
    expect(splitCountdown(2 * 86_400 + 3_661)).toEqual({ days: 2, hours: 1, minutes: 1, seconds: 1 });
    expect(splitCountdown(-5)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it('shows days while a day or more remains', () => {
    render(
      <UiKitLocaleProvider locale="en-US">
        <Countdown endTime={1_000_000 + 3 * 86_400 + 50} now={() => 1_000_000_000} />
      </UiKitLocaleProvider>,
    );
    expect(screen.getByRole('timer')).toHaveTextContent('3 days');
  });

  it('ticks hours, minutes and seconds and reports the end', () => {
    jest.useFakeTimers();
    let nowMs = 1_000_000_000;
    const onEnd = jest.fn();
    render(
      <UiKitLocaleProvider locale="en-US">
        <Countdown endTime={1_000_000 + 3_602} now={() => nowMs} onEnd={onEnd} />
      </UiKitLocaleProvider>,
    );
    expect(screen.getByRole('timer')).toHaveTextContent('01h 00m 02s');
    act(() => {
      nowMs += 1000;
      jest.advanceTimersByTime(1000);
    });
    expect(screen.getByRole('timer')).toHaveTextContent('01h 00m 01s');
    act(() => {
      nowMs += 3_601_000;
      jest.advanceTimersByTime(1000);
    });
    expect(screen.getByRole('timer')).toHaveTextContent('00h 00m 00s');
    expect(onEnd).toHaveBeenCalledTimes(1);
  });
});

describe('ConfirmDialog', () => {
  it('waits for an async confirm, then closes', async () => {
    let finish: () => void = () => undefined;
    const onConfirm = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const onClose = jest.fn();
    render(<ConfirmDialog open title="Delete 3 items?" onConfirm={onConfirm} onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Delete 3 items?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: '取消' })).toBeDisabled();
    await act(async () => finish());
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('stays open when the confirm action fails', async () => {
    const onClose = jest.fn();
    render(<ConfirmDialog open title="t" confirmText="yes" onConfirm={() => Promise.reject(new Error('x'))} onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'yes' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '取消' })).toBeEnabled());
    expect(onClose).not.toHaveBeenCalled();
  });
});
