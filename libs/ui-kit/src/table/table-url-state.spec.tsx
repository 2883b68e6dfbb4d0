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

describe('useTableUrlState page size (issue 35 §1)', () => {
  beforeEach(() => window.localStorage.clear());

  it('a list opened again without a size in its URL shows the size last chosen for it', () => {
    const first = renderHook(useStateAndSearch, { wrapper });
    act(() => first.result.current.table.setPageSize(20));
    expect(new URLSearchParams(first.result.current.search).get('orders.size')).toBe('20');
    first.unmount();

    const again = renderHook(useStateAndSearch, { wrapper });
    expect(again.result.current.table.pageSize).toBe(20);
    // Another list keeps §2's default.
    const other = renderHook(() => useTableUrlState('goods'), { wrapper });
    expect(other.result.current.pageSize).toBe(5);
  });

  it('paging a remembered size writes it into the URL, so a copied link shows the same rows', () => {
    window.localStorage.setItem('ui-kit.pageSize.orders', '50');
    const { result } = renderHook(useStateAndSearch, { wrapper });
    act(() => result.current.table.setPageNum(2));
    const search = new URLSearchParams(result.current.search);
    expect(search.get('orders.size')).toBe('50');
    expect(search.get('orders.page')).toBe('2');
  });

  it('going back to the default size is remembered too, and the URL leaves the default out', () => {
    window.localStorage.setItem('ui-kit.pageSize.orders', '20');
    const { result } = renderHook(useStateAndSearch, { wrapper });
    act(() => result.current.table.setPageSize(5));
    expect(result.current.table.pageSize).toBe(5);
    expect(new URLSearchParams(result.current.search).get('orders.size')).toBeNull();
    expect(window.localStorage.getItem('ui-kit.pageSize.orders')).toBe('5');
  });

  it('a size in the URL wins over the remembered one, and a stored size that is not one of §2 is ignored', () => {
    window.localStorage.setItem('ui-kit.pageSize.orders', '20');
    const linked = renderHook(() => useTableUrlState('orders'), {
      wrapper: ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={['/orders?orders.size=100']}>{children}</MemoryRouter>,
    });
    expect(linked.result.current.pageSize).toBe(100);
    window.localStorage.setItem('ui-kit.pageSize.orders', '7');
    const odd = renderHook(() => useTableUrlState('orders'), { wrapper });
    expect(odd.result.current.pageSize).toBe(5);
  });
});
