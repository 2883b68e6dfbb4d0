// Outbound applications can be opened and confirmed knowing what leaves (issue 35 §4), through the whole
// console against the contract-checked inventory fake: the row's 'Detail' link opens a detail page like the
// other inventory screens (fields, recipient address, the goods lines); 'Dispatch' asks with the
// warehouse, recipient and every line's goods, SKU spec and quantity listed, and sends nothing until confirmed.
import { screen, waitFor, within } from '@testing-library/react';
import { PERMISSIONS } from '@merchant/api-contracts';
import { DEMO_USER, createFakeStoreServer, type FakeUser } from '../../../test/fakeStoreServer';
import { renderConsole } from '../../../test/renderConsole';
import { installInventoryFake, inventoryItem } from './inventoryFake';
import { rowById } from '../../../test/tableRows';

jest.setTimeout(120_000);

const BASE = '/inventoryCenter/serviceWarehouse';
const owner: FakeUser = { ...DEMO_USER, token: 'token-outbound-detail', info: { ...DEMO_USER.info, permissions: Object.values(PERMISSIONS) } };
const ITEMS = [inventoryItem(1, 'Oak chair', 'Shanghai Service Warehouse', 5, 'colour: oak'), inventoryItem(2, 'Desk lamp', 'Shanghai Service Warehouse', 9, 'colour: black / size: S')];
const ORDER = {
  direction: 2 as const,
  orderId: 7,
  warehouseName: 'Shanghai Service Warehouse',
  status: 1 as const,
  lineCount: 2,
  totalQuantity: 6,
  contactName: 'Li Lei',
  contactMobile: '13800138000',
  address: '107 Nanjing Road, Huangpu, Shanghai',
  remark: 'Back door',
  createTime: 1_763_000_000,
  completeTime: null,
  lines: [
    { itemId: 1, itemName: 'Oak chair', skuText: 'colour: oak', quantity: 4 },
    { itemId: 2, itemName: 'Desk lamp', skuText: 'colour: black / size: S', quantity: 2 },
  ],
};

function renderOutbound(path: string) {
  const server = createFakeStoreServer([owner]);
  const state = installInventoryFake(server, ITEMS);
  state.orders.push({ ...ORDER, lines: ORDER.lines.map((line) => ({ ...line })) });
  return { ...renderConsole({ path, token: owner.token, server }), server, state };
}

/** The rows of a lines table, each as its cells' texts. */
const linesOf = (container: HTMLElement) =>
  within(within(container).getByRole('table', { name: 'Lines' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

describe('outbound application detail and dispatch', () => {
  it("opens an application's detail from the list: its fields, the recipient's address and its goods lines", async () => {
    const { user, server, location } = renderOutbound(`${BASE}/outboundApplication`);
    const table = await screen.findByTestId('inventory.outbound-table', {}, { timeout: 30_000 });
    const row = await rowById(table, 7); // the contact column starts hidden (issue 35 §4)
    await user.click(within(row).getByRole('link', { name: 'Detail' }));

    const page = await screen.findByTestId('resource-detail-inventory.outbound', {}, { timeout: 30_000 });
    expect(location()).toBe(`${BASE}/outboundApplication/detail?id=7`);
    expect(within(page).getByRole('heading', { level: 1 })).toHaveTextContent('Outbound detail');
    expect(await within(page).findByTestId('detail-address')).toHaveTextContent('107 Nanjing Road, Huangpu, Shanghai');
    expect(within(page).getByTestId('detail-warehouseName')).toHaveTextContent('Shanghai Service Warehouse');
    expect(within(page).getByTestId('detail-status')).toHaveTextContent('awaiting dispatch');
    expect(within(page).getByTestId('detail-contactMobile')).toHaveTextContent('138****8000');
    expect(within(page).getByTestId('detail-remark')).toHaveTextContent('Back door');
    expect(linesOf(page)).toEqual([
      ['Oak chair', 'colour: oak', '4'],
      ['Desk lamp', 'colour: black / size: S', '2'],
    ]);
    expect(server.callsTo('/outbound/detail').map((call) => call.biz)).toEqual([{ orderId: 7 }]);
  });

  it('an id that is not an outbound application shows not found, not another record', async () => {
    const { server } = renderOutbound(`${BASE}/outboundApplication/detail?id=99`);
    const page = await screen.findByTestId('resource-detail-inventory.outbound', {}, { timeout: 30_000 });
    await waitFor(() => expect(server.callsTo('/outbound/detail').map((call) => call.biz)).toEqual([{ orderId: 99 }]));
    expect(await within(page).findByRole('button', { name: /retry/i }, { timeout: 10_000 })).toBeInTheDocument();
    expect(within(page).queryByTestId('detail-orderId')).not.toBeInTheDocument();
  });

  it('asks before dispatch with the goods, SKU specs and quantities listed, and dispatches only when confirmed', async () => {
    const { user, server, state } = renderOutbound(`${BASE}/outboundApplication`);
    const table = await screen.findByTestId('inventory.outbound-table', {}, { timeout: 30_000 });
    const row = await rowById(table, 7); // the contact column starts hidden (issue 35 §4)
    await user.click(within(row).getByRole('button', { name: 'Dispatch' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm dispatch' });
    expect(dialog).toHaveTextContent('if any item lacks stock, nothing is dispatched');
    expect(await within(dialog).findByTestId('dispatch-summary')).toHaveTextContent(
      'Outbound 7 · from Shanghai Service Warehouse to Li Lei (138****8000), 107 Nanjing Road, Huangpu, Shanghai',
    );
    expect(linesOf(dialog)).toEqual([
      ['Oak chair', 'colour: oak', '4'],
      ['Desk lamp', 'colour: black / size: S', '2'],
    ]);
    expect(dialog).toHaveTextContent('Lines: 2 · total quantity: 6');
    expect(server.callsTo('/outbound/dispatch')).toEqual([]);

    // Cancel sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm dispatch' })).not.toBeInTheDocument());
    expect(server.callsTo('/outbound/dispatch')).toEqual([]);

    await user.click(within(row).getByRole('button', { name: 'Dispatch' }));
    const again = await screen.findByRole('dialog', { name: 'Confirm dispatch' });
    await within(again).findByTestId('dispatch-summary');
    await user.click(within(again).getByRole('button', { name: 'Dispatch' }));
    expect(await screen.findByText('Dispatch confirmed: stock taken')).toBeInTheDocument();
    expect(server.callsTo('/outbound/dispatch').map((call) => call.biz)).toEqual([{ orderId: 7 }]);
    expect(state.items.map((item) => item.quantity)).toEqual([1, 7]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm dispatch' })).not.toBeInTheDocument());
  });

  it('shows the dialog in zh-CN', async () => {
    const { user } = renderOutbound(`${BASE}/outboundApplication`);
    const table = await screen.findByTestId('inventory.outbound-table', {}, { timeout: 30_000 });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'zh-CN');
    const row = await rowById(table, 7); // the contact column starts hidden (issue 35 §4)
    await user.click(await within(row).findByRole('button', { name: '确认出库' }));
    const dialog = await screen.findByRole('dialog', { name: '确认出库' });
    expect(await within(dialog).findByTestId('dispatch-summary')).toHaveTextContent('出库单 7 · 从 Shanghai Service Warehouse 发往 Li Lei（138****8000），107 Nanjing Road, Huangpu, Shanghai');
    expect(dialog).toHaveTextContent('共 2 个商品，合计数量 6');
    expect(within(dialog).getByRole('table', { name: '商品明细' })).toHaveTextContent('Oak chair');
  });
});
