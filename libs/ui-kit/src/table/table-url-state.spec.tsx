import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { useTableUrlState } from './table-url-state';

function useStateAndSearch() {
  return { table: useTableUrlState('orders'), search: useLocation().search };
}

const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={['/orders']}>{children}</MemoryRouter>;

describe('useTableUrlState filters', () => {
  it('an update given as a function starts from the filters in the URL, not from the last render', () => {
    const { result } = renderHook(useStateAndSearch, { wrapper });
    const rendered = result.current.table;
    act(() => {
      // A search, then a tab click, before the screen re-renders (both handlers hold `rendered`).
      rendered.setFilters({ buyerName: 'E2E chain' });
      rendered.setFilters((current) => ({ ...current, status: 4 }));
    });
    expect(result.current.table.filters).toEqual({ buyerName: 'E2E chain', status: 4 });
    expect(new URLSearchParams(result.current.search).get('orders.q')).toBe(JSON.stringify({ buyerName: 'E2E chain', status: 4 }));
  });

  it('a value replaces the filters and goes back to page 1', () => {
    const { result } = renderHook(useStateAndSearch, { wrapper });
    act(() => result.current.table.setPageNum(3));
    act(() => result.current.table.setFilters({ status: 2 }));
    expect(result.current.table.filters).toEqual({ status: 2 });
    expect(result.current.table.pageNum).toBe(1);
  });
});
