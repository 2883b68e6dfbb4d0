import { act, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTable } from './DataTable';
import { DEFAULT_TABLE_PAGE_SIZE, TABLE_PAGE_SIZES, useDataTable, type TableQuery } from './use-data-table';

interface Row {
  id: number;
  name: string;
}
type Filters = { keyword: string };

/** A server with `count` rows that records every query it receives. */
function fakeServer(count: number) {
  const rows: Row[] = Array.from({ length: count }, (_, i) => ({ id: i + 1, name: `row ${i + 1}` }));
  const queries: TableQuery<Filters>[] = [];
  const load = jest.fn(async (query: TableQuery<Filters>) => {
    queries.push(query);
    const matching = rows.filter((row) => row.name.includes(query.filters.keyword));
    const start = (query.pageNum - 1) * query.pageSize;
    return { list: matching.slice(start, start + query.pageSize), total: matching.length };
  });
  return { rows, queries, load, remove: (n: number) => rows.splice(rows.length - n, n) };
}

describe('useDataTable paging rules (§2, §3, §8)', () => {
  it('offers page sizes 5,10,20,50,100,200 and starts at page 1 with 5 rows', async () => {
    expect(TABLE_PAGE_SIZES).toEqual([5, 10, 20, 50, 100, 200]);
    const server = fakeServer(12);
    const { result } = renderHook(() => useDataTable({ load: server.load, filters: { keyword: '' } }));
    await waitFor(() => expect(result.current.rows).toHaveLength(5));
    expect(server.queries[0]).toEqual({ pageNum: 1, pageSize: DEFAULT_TABLE_PAGE_SIZE, filters: { keyword: '' } });
    expect(result.current.total).toBe(12);
  });

  it('resets to page 1 when the filters change', async () => {
    const server = fakeServer(30);
    const { result, rerender } = renderHook(({ filters }) => useDataTable({ load: server.load, filters }), {
      initialProps: { filters: { keyword: '' } },
    });
    await waitFor(() => expect(result.current.rows).toHaveLength(5));
    act(() => result.current.setPageNum(3));
    await waitFor(() => expect(result.current.rows[0]?.id).toBe(11));
    rerender({ filters: { keyword: 'row 2' } });
    await waitFor(() => expect(result.current.pageNum).toBe(1));
    await waitFor(() => expect(result.current.rows[0]?.name).toBe('row 2'));
    // No query ever combined the new filters with the old page.
    expect(server.queries.filter((q) => q.filters.keyword === 'row 2').every((q) => q.pageNum === 1)).toBe(true);
  });

  it('does not reload when the caller passes an equal filters object', async () => {
    const server = fakeServer(3);
    const { result, rerender } = renderHook(({ filters }) => useDataTable({ load: server.load, filters }), {
      initialProps: { filters: { keyword: '' } },
    });
    await waitFor(() => expect(result.current.rows).toHaveLength(3));
    rerender({ filters: { keyword: '' } });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(server.load).toHaveBeenCalledTimes(1);
  });

  it('goes back one page and reloads when a later page comes back empty', async () => {
    const server = fakeServer(11);
    const { result } = renderHook(() => useDataTable({ load: server.load, filters: { keyword: '' } }));
    await waitFor(() => expect(result.current.rows).toHaveLength(5));
    act(() => result.current.setPageNum(3));
    await waitFor(() => expect(result.current.rows).toEqual([{ id: 11, name: 'row 11' }]));
    server.remove(1); // the only row of page 3 was deleted
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.pageNum).toBe(2));
    await waitFor(() => expect(result.current.rows.map((r) => r.id)).toEqual([6, 7, 8, 9, 10]));
    expect(server.queries.slice(-2).map((q) => q.pageNum)).toEqual([3, 2]);
  });

  it('keeps an empty first page without looping', async () => {
    const server = fakeServer(0);
    const { result } = renderHook(() => useDataTable({ load: server.load, filters: { keyword: '' } }));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.rows).toEqual([]);
    expect(server.load).toHaveBeenCalledTimes(1);
  });

  it('shows the msg of a failed load as empty text with an empty list', async () => {
    let fail = false;
    const load = jest.fn(async () => {
      if (fail) throw { code: '10000001', msg: 'store is closed' };
      return { list: [{ id: 1, name: 'a' }], total: 1 };
    });
    const { result } = renderHook(() => useDataTable<Row, Filters>({ load, filters: { keyword: '' } }));
    await waitFor(() => expect(result.current.rows).toHaveLength(1));
    fail = true;
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.errorText).toBe('store is closed'));
    expect(result.current.rows).toEqual([]);
    expect(result.current.total).toBe(0);
  });

  it('changing the page size goes back to page 1', async () => {
    const server = fakeServer(40);
    const { result } = renderHook(() => useDataTable({ load: server.load, filters: { keyword: '' } }));
    await waitFor(() => expect(result.current.rows).toHaveLength(5));
    act(() => result.current.setPageNum(4));
    await waitFor(() => expect(result.current.pageNum).toBe(4));
    act(() => result.current.setPageSize(20));
    await waitFor(() => expect(result.current.rows).toHaveLength(20));
    expect(result.current.pageNum).toBe(1);
  });
});

function TableUnderTest({ load, keyword = '' }: { load: (q: TableQuery<Filters>) => Promise<{ list: Row[]; total: number }>; keyword?: string }) {
  const table = useDataTable({ load, filters: { keyword } });
  return (
    <DataTable
      table={table}
      rowKey={(row) => row.id}
      columns={[
        { key: 'id', title: 'ID' },
        { key: 'name', title: 'Name', render: (row) => <b>{row.name}</b> },
      ]}
    />
  );
}

describe('DataTable component', () => {
  it('renders rows, the total and moves pages with next and the jumper', async () => {
    const server = fakeServer(23);
    render(<TableUnderTest load={server.load} />);
    expect(await screen.findByText('row 1')).toBeInTheDocument();
    expect(screen.getByText('共 23 条')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    expect(await screen.findByText('row 6')).toBeInTheDocument();
    const jumper = screen.getByLabelText('前往');
    await userEvent.type(jumper, '5{Enter}');
    expect(await screen.findByText('row 21')).toBeInTheDocument();
    expect(server.queries.at(-1)?.pageNum).toBe(5);
  });

  it('shows the load failure msg in the empty row', async () => {
    render(<TableUnderTest load={async () => Promise.reject({ msg: 'permission denied by server' })} />);
    const cell = await screen.findByText('permission denied by server');
    expect(within(cell.closest('tr')!).getAllByRole('cell')).toHaveLength(1);
  });
});
