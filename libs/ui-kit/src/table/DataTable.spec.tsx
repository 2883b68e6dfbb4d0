import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UiKitProvider } from '../context/UiKitProvider';
import { PermissionProvider } from '../context/permissions';
import { bulkDeleteAction } from './BulkActionBar';
import { useState } from 'react';
import { columnVisibilityKey, type ColumnVisibility } from './column-visibility';
import { DataTable } from './DataTable';
import { createListServer, withStoreAndRouter, type Row } from '../../test/table-test-kit';
import { DEFAULT_TABLE_PAGE_SIZE, TABLE_PAGE_SIZES, useDataTable } from './use-data-table';

type Server = ReturnType<typeof createListServer>;

// The real DataGrid in jsdom, on two cores shared with many jobs: several page loads per test can pass 30 s.
jest.setTimeout(90_000);

function RowsTable({ server, withBulkDelete = false, controlled }: { server: Server; withBulkDelete?: boolean; controlled?: boolean }) {
  const [visibility, setVisibility] = useState<ColumnVisibility>({ code: false });
  const table = useDataTable<Row>({ id: 'rows', endpoint: server.api.endpoints.listRows });
  const [deleteRows] = server.api.useDeleteRowsMutation();
  return (
    <>
      <button type="button" onClick={() => table.setFilters({ keyword: 'row 1' })}>
        filter row 1
      </button>
      <button type="button" onClick={() => setVisibility({ name: false })}>
        apply view
      </button>
      <DataTable
        label="rows"
        table={table}
        columnVisibility={controlled ? visibility : undefined}
        onColumnVisibilityChange={controlled ? setVisibility : undefined}
        getRowId={(row) => row.id}
        columns={[
          { key: 'id', title: 'ID', sortable: true },
          { key: 'name', title: 'Name' },
          { key: 'code', title: 'Code', format: (row) => `#${String(row.id).padStart(3, '0')}` },
          { key: 'tools', title: 'Tools', hideable: false, render: (row) => <button type="button">open {row.id}</button> },
        ]}
        bulkActions={withBulkDelete ? [bulkDeleteAction(async (ids) => void (await deleteRows(ids as number[]).unwrap()), { permission: 'rows:delete' })] : undefined}
      />
    </>
  );
}

function renderTable(server: Server, options: { url?: string; bulk?: boolean; codes?: string[]; controlled?: boolean } = {}) {
  return render(
    withStoreAndRouter(
      server.store,
      <UiKitProvider locale="en-US" size="small">
        <PermissionProvider codes={options.codes ?? ['rows:delete']}>
          <RowsTable server={server} withBulkDelete={options.bulk} controlled={options.controlled} />
        </PermissionProvider>
      </UiKitProvider>,
      options.url,
    ),
  );
}

const shownNames = () => screen.queryAllByRole('row').slice(1).map((row) => within(row).queryAllByRole('gridcell').filter((c) => ['id', 'name'].includes(c.getAttribute('data-field') ?? '')).map((c) => c.textContent).join('|'));
/** The check boxes of the body rows (the header row holds the select-all box). */
const rowCheckboxes = () => screen.getAllByRole('checkbox').filter((box) => box.closest('[role=row]')?.getAttribute('aria-rowindex') !== '1');
const location = () => screen.getByTestId('location').textContent;

beforeEach(() => localStorage.clear());

describe('DataTable over an RTK Query list endpoint (§2, §4, §8)', () => {
  it('starts at page 1 with the default 5 rows and offers sizes 5,10,20,50,100,200', async () => {
    expect(TABLE_PAGE_SIZES).toEqual([5, 10, 20, 50, 100, 200]);
    expect(DEFAULT_TABLE_PAGE_SIZE).toBe(5);
    const server = createListServer(12);
    renderTable(server);
    await waitFor(() => expect(shownNames()).toHaveLength(5));
    expect(server.queries[0]).toMatchObject({ pageNum: 1, pageSize: 5, filters: {} });
    expect(screen.getByTestId('table-total')).toHaveTextContent('total 12');
    await userEvent.click(screen.getByRole('combobox', { name: 'rows per page' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(TABLE_PAGE_SIZES.map((s) => `${s} / page`));
  });

  it('lays the pager out as total, sizes, previous, pager, next, jumper', async () => {
    const server = createListServer(30);
    renderTable(server);
    await waitFor(() => expect(shownNames()).toHaveLength(5));
    const pager = screen.getByRole('navigation', { name: 'pagination' });
    const order = [
      screen.getByTestId('table-total'),
      within(pager).getByRole('combobox', { name: 'rows per page' }),
      within(pager).getByRole('button', { name: 'previous page' }),
      within(pager).getByRole('button', { name: 'page 1, current' }),
      within(pager).getByRole('button', { name: 'next page' }),
      within(pager).getByRole('textbox', { name: 'go to' }),
    ];
    for (let i = 1; i < order.length; i++) {
      expect(order[i - 1]!.compareDocumentPosition(order[i]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
  });

  it('keeps page, size, filters and sort in the URL under the table prefix', async () => {
    const server = createListServer(12); // few rows: size 200 must not make jsdom draw 200 of them
    renderTable(server, { url: '/?other=1' });
    await waitFor(() => expect(shownNames()).toHaveLength(5));
    await userEvent.click(screen.getByRole('button', { name: 'go to page 3' }));
    await waitFor(() => expect(location()).toBe('?other=1&rows.page=3'));
    await waitFor(() => expect(shownNames()[0]).toBe('11|row 11'));
    await userEvent.click(screen.getByRole('combobox', { name: 'rows per page' }));
    await userEvent.click(screen.getByRole('option', { name: '200 / page' }));
    await waitFor(() => expect(location()).toBe('?other=1&rows.size=200'));
    await waitFor(() => expect(server.queries.at(-1)).toMatchObject({ pageNum: 1, pageSize: 200 }));
    await userEvent.click(screen.getByRole('columnheader', { name: /ID/ }));
    await waitFor(() => expect(location()).toContain('rows.sort=id.asc'));
  });

  it('reads its state back from a shared URL', async () => {
    const server = createListServer(40);
    renderTable(server, { url: '/?rows.page=2&rows.size=10&rows.sort=id.desc&rows.q=%7B%22keyword%22%3A%22row%22%7D' });
    await waitFor(() => expect(shownNames()).toHaveLength(10));
    expect(server.queries[0]).toEqual({ pageNum: 2, pageSize: 10, filters: { keyword: 'row' }, sort: { field: 'id', direction: 'desc' } });
    expect(shownNames()[0]).toBe('30|row 30');
  });

  it('goes back to page 1 when the filters change', async () => {
    const server = createListServer(30);
    renderTable(server, { url: '/?rows.page=3' });
    await waitFor(() => expect(shownNames()[0]).toBe('11|row 11'));
    await userEvent.click(screen.getByRole('button', { name: 'filter row 1' }));
    await waitFor(() => expect(location()).toBe('?rows.q=%7B%22keyword%22%3A%22row+1%22%7D'));
    await waitFor(() => expect(shownNames()[0]).toBe('1|row 1'));
    expect(server.queries.filter((q) => q.filters.keyword === 'row 1').every((q) => q.pageNum === 1)).toBe(true);
  });

  it('steps back one page and loads it when a later page comes back empty', async () => {
    const server = createListServer(11);
    renderTable(server, { url: '/?rows.page=3' });
    await waitFor(() => expect(shownNames()).toEqual(['11|row 11']));
    // The only row of page 3 disappears; the next answer for page 3 is empty.
    await act(async () => {
      await server.store.dispatch(server.api.endpoints.deleteRows.initiate([11]));
    });
    await waitFor(() => expect(location()).toBe('?rows.page=2'));
    await waitFor(() => expect(shownNames().map((n) => n.split('|')[0])).toEqual(['6', '7', '8', '9', '10']));
    expect(server.queries.slice(-2).map((q) => q.pageNum)).toEqual([3, 2]);
  });

  it('shows the failure msg as the empty text with an empty list', async () => {
    const server = createListServer(3);
    server.state.failWith = 'store closed for stock-taking';
    renderTable(server);
    expect(await screen.findByText('store closed for stock-taking')).toBeInTheDocument();
    expect(shownNames()).toEqual([]);
    expect(screen.getByTestId('table-total')).toHaveTextContent('total 0');
  });

  it('refreshes after a bulk delete through tag invalidation, after asking for confirmation', async () => {
    const server = createListServer(7);
    renderTable(server, { bulk: true });
    await waitFor(() => expect(shownNames()).toHaveLength(5));
    const deleteButton = screen.getByRole('button', { name: 'delete' });
    expect(deleteButton).toBeDisabled();
    await userEvent.click(rowCheckboxes()[0]!);
    await userEvent.click(rowCheckboxes()[1]!);
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'delete' }));
    const dialog = screen.getByRole('dialog', { name: 'delete the 2 selected items?' });
    expect(server.state.rows).toHaveLength(7); // nothing deleted before confirming
    await userEvent.click(within(dialog).getByRole('button', { name: 'confirm' }));
    await waitFor(() => expect(server.state.rows.map((r) => r.id)).toEqual([3, 4, 5, 6, 7]));
    await waitFor(() => expect(shownNames().map((n) => n.split('|')[0])).toEqual(['3', '4', '5', '6', '7']));
    expect(screen.getByTestId('table-total')).toHaveTextContent('total 5');
  });

  it('disables bulk delete without its permission code', async () => {
    const server = createListServer(3);
    renderTable(server, { bulk: true, codes: [] });
    await waitFor(() => expect(shownNames()).toHaveLength(3));
    await userEvent.click(rowCheckboxes()[0]!);
    expect(screen.getByRole('button', { name: 'delete' })).toBeDisabled();
    expect(screen.getByTitle('no permission')).toBeInTheDocument();
  });

  it('remembers hidden columns per table in localStorage', async () => {
    const server = createListServer(3);
    const first = renderTable(server);
    await waitFor(() => expect(shownNames()).toHaveLength(3));
    await userEvent.click(screen.getByRole('button', { name: 'columns' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Name' }));
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: 'Name' })).not.toBeInTheDocument());
    expect(JSON.parse(localStorage.getItem(columnVisibilityKey('rows'))!)).toEqual({ name: false });
    first.unmount();
    renderTable(createListServer(3));
    await waitFor(() => expect(screen.getAllByRole('row').length).toBeGreaterThan(1));
    expect(screen.queryByRole('columnheader', { name: 'Name' })).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /ID/ })).toBeInTheDocument();
  });

  it('takes its column set from the caller when visibility is controlled (a saved view), without touching the stored choice', async () => {
    localStorage.setItem(columnVisibilityKey('rows'), JSON.stringify({ id: false }));
    renderTable(createListServer(3), { controlled: true });
    await waitFor(() => expect(shownNames()).toHaveLength(3));
    expect(screen.queryByRole('columnheader', { name: 'Code' })).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /ID/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'apply view' }));
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: 'Name' })).not.toBeInTheDocument());
    expect(screen.getByRole('columnheader', { name: 'Code' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(columnVisibilityKey('rows'))!)).toEqual({ id: false });
  });

  it('draws format() cells as text and render() cells as elements', async () => {
    const server = createListServer(3);
    renderTable(server);
    await waitFor(() => expect(shownNames()).toHaveLength(3));
    const firstRow = screen.getAllByRole('row')[1]!;
    expect(within(firstRow).getAllByRole('gridcell').find((c) => c.getAttribute('data-field') === 'code')).toHaveTextContent('#001');
    expect(within(firstRow).getByRole('button', { name: 'open 1' })).toBeInTheDocument();
  });

  it('moves the focus by click and arrow keys across text cells and into render() cells', async () => {
    const server = createListServer(3);
    renderTable(server);
    await waitFor(() => expect(shownNames()).toHaveLength(3));
    const cellOf = (rowIndex: number, field: string) =>
      within(screen.getAllByRole('row')[rowIndex]!).getAllByRole('gridcell').find((c) => c.getAttribute('data-field') === field)!;
    const focused = () => {
      const cell = (document.activeElement as HTMLElement | null)?.closest('[role=gridcell]');
      return `${cell?.closest('[role=row]')?.getAttribute('aria-rowindex')}:${cell?.getAttribute('data-field')}`;
    };
    // Text cells carry the grid's roles, classes and tooltip; none is a tab stop before the grid is entered.
    expect(cellOf(1, 'code')).toHaveClass('MuiDataGrid-cell');
    expect(cellOf(1, 'code')).toHaveAttribute('title', '#001');
    await userEvent.click(cellOf(1, 'name'));
    await waitFor(() => expect(focused()).toBe('2:name'));
    expect(cellOf(1, 'name')).toHaveAttribute('tabindex', '0');
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(focused()).toBe('2:code'));
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(focused()).toBe('3:code'));
    expect(cellOf(1, 'name')).toHaveAttribute('tabindex', '-1');
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(focused()).toBe('3:tools'));
  });

  it('keeps the check-box column and unhideable columns out of the column picker', async () => {
    const server = createListServer(3);
    renderTable(server, { bulk: true });
    await waitFor(() => expect(shownNames()).toHaveLength(3));
    await userEvent.click(screen.getByRole('button', { name: 'columns' }));
    expect(await screen.findByRole('checkbox', { name: 'Name' })).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'Code' })).toBeEnabled();
    expect(screen.queryByRole('checkbox', { name: 'Tools' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /checkbox selection/i })).not.toBeInTheDocument();
  });

  it('follows the global size setting', async () => {
    const server = createListServer(3);
    renderTable(server);
    await waitFor(() => expect(shownNames()).toHaveLength(3));
    expect(screen.getByRole('grid').closest('.MuiDataGrid-root')).toHaveClass('MuiDataGrid-root--densityCompact');
  });
});
