import { act, renderHook } from '@testing-library/react';
import { SETTLE_DELAY_MS, useFirstPageSettled } from './useFirstPageSettled';

describe('useFirstPageSettled', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('stays false while the first page loads, then turns true at the next idle moment', () => {
    const idle: Array<() => void> = [];
    window.requestIdleCallback = jest.fn((callback: IdleRequestCallback) => idle.push(() => callback({} as IdleDeadline)) as number);
    window.cancelIdleCallback = jest.fn();
    const { result } = renderHook(() => useFirstPageSettled());
    act(() => jest.advanceTimersByTime(SETTLE_DELAY_MS - 1));
    expect(result.current).toBe(false);
    act(() => jest.advanceTimersByTime(1));
    // The delay is over; still waiting for the browser to be idle.
    expect(result.current).toBe(false);
    expect(window.requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: expect.any(Number) });
    act(() => idle.forEach((run) => run()));
    expect(result.current).toBe(true);
  });

  it('is true at once when asked for now, and stays true after', () => {
    const { result, rerender } = renderHook(({ now }) => useFirstPageSettled(now), { initialProps: { now: true } });
    expect(result.current).toBe(true);
    rerender({ now: false });
    expect(result.current).toBe(true);
  });

  it('turns true when asked for now before the delay ends (the merchant opened the chat)', () => {
    const { result, rerender } = renderHook(({ now }) => useFirstPageSettled(now), { initialProps: { now: false } });
    expect(result.current).toBe(false);
    rerender({ now: true });
    expect(result.current).toBe(true);
  });
});
