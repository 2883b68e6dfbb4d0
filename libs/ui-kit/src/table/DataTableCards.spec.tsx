// DataTable's cards (issue 35 §10): below the width UiKitProvider names, each row is a card with its columns
// as title–value lines and its actions at the foot; without that width, or above it, the grid as before.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UiKitProvider } from '../context/UiKitProvider';
import { PermissionProvider } from '../context/permissions';
import { bulkDeleteAction } from './BulkActionBar';
import { DataTable, type DataTableLayout } from './DataTable';
import { createListServer, withStoreAndRouter, type Row } from '../../test/table-test-kit';
import { useDataTable } from './use-data-table';

type Server = ReturnType<typeof createListServer>;

jest.setTimeout(90_000);

/** jsdom has no layout: a matchMedia that answers `max-width` queries for a viewport of `width` px. */
function viewportOf(width: number) {
  window.matchMedia = (query: string) => {
    const maxWidth = /max-width:\s*([\d.]+)px/.exec(query);
    return {
      matches: maxWidth ? width <= Number(maxWidth[1]) : false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    };
  };
}

function RowsTable({ server, layout, bulk }: { server: Server; layout?: DataTableLayout; bulk?: boolean }) {
  const table = useDataTable<Row>({ id: 'rows', endpoint: server.api.endpoints.listRows });
  const [deleteRows] = server.api.useDeleteRowsMutation();
  return (
    <DataTable
      label="rows"
      table={table}
      layout={layout}
      getRowId={(row) => row.id}
      columnVisibility={{ code: false }}
      onColumnVisibilityChange={() => undefined}
      columns={[
        { key: 'id', title: 'ID', sortable: true },
        { key: 'name', title: 'Name' },
        { key: 'code', title: 'Code', format: (row) => `#${row.id}` },
        { key: 'tools', title: 'Tools', hideable: false, actions: true, render: (row) => <a href={`/rows/${row.id}`}>ship {row.id}</a> },
      ]}
      bulkActions={bulk ? [bulkDeleteAction(async (ids) => void (await deleteRows(ids as number[]).unwrap()), { permission: 'rows:delete' })] : undefined}
    />
  );
}

function renderTable(server: Server, { cardsBelow, layout, bulk }: { cardsBelow?: number; layout?: DataTableLayout; bulk?: boolean } = {}) {
  return render(
    withStoreAndRouter(
      server.store,
      <UiKitProvider locale="en-US" cardsBelow={cardsBelow}>
        <PermissionProvider codes={['rows:delete']}>
          <RowsTable server={server} layout={layout} bulk={bulk} />
        </PermissionProvider>
      </UiKitProvider>,
    ),
  );
}

const cards = () => within(screen.getByRole('list', { name: 'rows' })).getAllByRole('listitem');

const originalMatchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = originalMatchMedia;
  localStorage.clear();
});

describe('DataTable as cards below the provider width (issue 35 §10)', () => {
  it('draws a card per row on a 390 px screen when the provider says 992: titles, values and the actions at the foot', async () => {
    viewportOf(390);
    const server = createListServer(7);
    const { container } = renderTable(server, { cardsBelow: 992 });
    await waitFor(() => expect(cards()).toHaveLength(5));
    expect(screen.queryByRole('grid')).toBeNull();
    const first = cards()[0]!;
    expect(first).toHaveAttribute('data-id', '1');
    // Each visible column is a title–value pair; a column the picker hid is not drawn.
    expect(within(first).getAllByRole('term').map((term) => term.textContent)).toEqual(['ID', 'Name']);
    expect(within(first).getAllByRole('definition').map((value) => value.textContent)).toEqual(['1', 'row 1']);
    expect(first.querySelector('[data-field="code"]')).toBeNull();
    // A value carries its column's key, as a grid cell does.
    expect(first.querySelector('[data-field="name"]')).toHaveTextContent(/^row 1$/);
    // The actions are not a squeezed column: they sit at the card's foot, after the values.
    const foot = first.querySelector('[data-field="tools"]')!;
    expect(within(foot as HTMLElement).getByRole('link', { name: 'ship 1' })).toHaveAttribute('href', '/rows/1');
    expect(first.lastElementChild).toBe(foot);
    // The pager stays under the cards.
    expect(screen.getByTestId('table-total')).toHaveTextContent('7');
    expect(container.querySelector('[data-layout="cards"]')).not.toBeNull();
  });

  it('keeps the grid at 1366 px, and at any width when the provider names no width (other apps, as before)', async () => {
    viewportOf(1366);
    const wide = renderTable(createListServer(3), { cardsBelow: 992 });
    expect(await screen.findByRole('grid')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'rows' })).toBeNull();
    wide.unmount();

    viewportOf(390);
    renderTable(createListServer(3));
    expect(await screen.findByRole('grid')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'rows' })).toBeNull();
  });

  it('follows a fixed layout over the width: grid on a phone, cards on a wide screen', async () => {
    viewportOf(390);
    const grid = renderTable(createListServer(3), { cardsBelow: 992, layout: 'grid' });
    expect(await screen.findByRole('grid')).toBeInTheDocument();
    grid.unmount();

    viewportOf(1366);
    renderTable(createListServer(3), { layout: 'cards' });
    await waitFor(() => expect(cards()).toHaveLength(3));
  });

  it('selects cards with their check boxes for a bulk action, which deletes only after confirming', async () => {
    viewportOf(390);
    const server = createListServer(7);
    renderTable(server, { cardsBelow: 992, bulk: true });
    await waitFor(() => expect(cards()).toHaveLength(5));
    const deleteButton = screen.getByRole('button', { name: 'delete' });
    expect(deleteButton).toBeDisabled();
    await userEvent.click(within(cards()[1]!).getByRole('checkbox', { name: 'select row' }));
    await userEvent.click(within(cards()[3]!).getByRole('checkbox', { name: 'select row' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'delete' }));
    const dialog = screen.getByRole('dialog', { name: 'delete the 2 selected items?' });
    expect(server.state.rows).toHaveLength(7);
    await userEvent.click(within(dialog).getByRole('button', { name: 'confirm' }));
    await waitFor(() => expect(server.state.rows.map((row) => row.id)).toEqual([1, 3, 5, 6, 7]));
    await waitFor(() => expect(cards().map((card) => card.getAttribute('data-id'))).toEqual(['1', '3', '5', '6', '7']));
  });

  it('says the empty text when there are no rows', async () => {
    viewportOf(390);
    renderTable(createListServer(0), { cardsBelow: 992 });
    expect(await screen.findByText('no data')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('list', { name: 'rows' })).toBeNull();
  });
});
