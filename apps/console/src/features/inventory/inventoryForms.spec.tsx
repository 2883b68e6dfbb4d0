// The inventory centre's flows (issue 9 §4) through the whole console against a contract-checked fake
// server with state: each form refuses what the contract refuses (in the merchant's words, before any
// call), sends the contract's biz, asks before it moves stock, and the lists show the result without a reload.
import { act, screen, waitFor, within } from '@testing-library/react';
import { PERMISSIONS } from '@merchant/api-contracts';
import { DEMO_USER, createFakeStoreServer, type FakeUser } from '../../../test/fakeStoreServer';
import { renderConsole } from '../../../test/renderConsole';
import { installInventoryFake, inventoryItem } from './inventoryFake';
import { rowById } from '../../../test/tableRows';

jest.setTimeout(120_000);

const BASE = '/inventoryCenter/serviceWarehouse';
const owner: FakeUser = { ...DEMO_USER, token: 'token-inventory-forms', info: { ...DEMO_USER.info, permissions: Object.values(PERMISSIONS) } };
const viewer: FakeUser = { ...owner, token: 'token-inventory-viewer', info: { ...owner.info, permissions: [PERMISSIONS.inventoryView, PERMISSIONS.goodsView] } };
const ITEMS = [inventoryItem(1, 'Oak chair', 'East hub', 5, 'oak'), inventoryItem(2, 'Desk lamp', 'East hub', 2, 'black / S'), inventoryItem(3, 'Rug', 'West hub', 9)];

function renderFlows(path: string, user: FakeUser = owner, setup?: (state: ReturnType<typeof installInventoryFake>) => void) {
  const server = createFakeStoreServer([user]);
  const state = installInventoryFake(server, ITEMS);
  setup?.(state);
  return { ...renderConsole({ path, token: user.token, server }), server, state };
}

type User = ReturnType<typeof renderConsole>['user'];

async function pick(user: User, input: HTMLElement, typed: string, option: RegExp) {
  await user.click(input);
  if (typed) await user.type(input, typed);
  await user.click(await screen.findByRole('option', { name: option }, { timeout: 10_000 }));
}

/** Notices show one at a time: close the one on screen so the next (a server msg) shows now. */
async function dismissNotice(user: User) {
  const notice = screen.queryByTestId('notification');
  if (notice) await user.click(within(notice).getByRole('button', { name: /close/i }));
  await waitFor(() => expect(screen.queryByTestId('notification')).not.toBeInTheDocument());
}

/** A form's text input by its label (required ones end in ' *'). */
const textbox = (dialog: HTMLElement, name: RegExp) => within(dialog).getByRole('textbox', { name });
/** The quantity of an order's line. */
const quantityOf = (dialog: HTMLElement, line: number) => within(within(dialog).getByTestId(`lines-line-${line}`)).getByRole('textbox', { name: /^quantity/ });

const dialogNamed = (name: string) => screen.findByRole('dialog', { name }, { timeout: 30_000 });

describe('inventory centre flows', () => {
  it('registers an item: an empty form is refused in words, a SKU at a warehouse is sent and listed, a second time shows the server msg', async () => {
    const { user, server } = renderFlows(`${BASE}/inventoryList`);
    expect(await screen.findByText('Rug', {}, { timeout: 30_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Register item' }));
    const dialog = await dialogNamed('Register item');
    await user.click(within(dialog).getByTestId('resource-form-submit'));
    expect(await within(dialog).findByText('goods SKU is required')).toBeInTheDocument();
    expect(within(dialog).getByText('warehouse is required')).toBeInTheDocument();
    expect(server.callsTo('/item/add')).toEqual([]);

    await pick(user, within(dialog).getByTestId('skuId-input'), 'lamp', /Desk lamp colour: black \/ size: S/);
    await user.type(within(dialog).getByTestId('warehouseName-input'), 'North hub');
    await user.click(within(dialog).getByTestId('resource-form-submit'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Register item' })).not.toBeInTheDocument());
    expect(server.callsTo('/item/add').map((call) => call.biz)).toEqual([{ skuId: 502, warehouseName: 'North hub', idempotencyKey: expect.any(String) }]);
    expect(await screen.findByText('North hub')).toBeInTheDocument();

    await dismissNotice(user);
    await user.click(screen.getByRole('button', { name: 'Register item' }));
    const again = await dialogNamed('Register item');
    await pick(user, within(again).getByTestId('skuId-input'), 'lamp', /Desk lamp colour: black \/ size: S/);
    await user.type(within(again).getByTestId('warehouseName-input'), 'North hub');
    await user.click(within(again).getByTestId('resource-form-submit'));
    expect(await screen.findByText('this item is already kept at that warehouse')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Register item' })).toBeInTheDocument();
  });

  it('creates an outbound application: the contract rules in words, then lines, contact, mobile and address are sent', async () => {
    const { user, server } = renderFlows(`${BASE}/outboundApplication`);
    await user.click(await screen.findByRole('button', { name: 'New outbound application' }, { timeout: 30_000 }));
    const dialog = await dialogNamed('New outbound application');
    await user.click(within(dialog).getByTestId('resource-form-submit'));
    for (const text of ['warehouse is required', 'item is required', 'quantity is required', 'contact is required', 'mobile is required', 'address is required']) {
      expect(await within(dialog).findByText(text)).toBeInTheDocument();
    }

    await user.type(within(dialog).getByTestId('warehouseName-input'), 'East hub');
    await pick(user, within(dialog).getByTestId('order-line-item-0'), 'Oak', /Oak chair oak/);
    await user.type(quantityOf(dialog, 0), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Add item' }));
    await pick(user, within(dialog).getByTestId('order-line-item-1'), '', /Desk lamp black \/ S/);
    // The picked line's stock shows next to its quantity; the item on line 1 cannot be picked again.
    expect(await within(dialog).findByText('in stock 2')).toBeInTheDocument();
    await user.type(quantityOf(dialog, 1), '2');
    await user.type(textbox(dialog, /^contact/), 'Li Lei');
    await user.type(textbox(dialog, /^mobile/), '1234567');
    await user.type(textbox(dialog, /^address/), '1 Harbour Road, Shanghai');
    await user.click(within(dialog).getByTestId('resource-form-submit'));
    expect(await within(dialog).findByText('quantity must be at least 1')).toBeInTheDocument();
    expect(within(dialog).getByText('phone number format error')).toBeInTheDocument();
    expect(server.callsTo('/outbound/create')).toEqual([]);

    await user.clear(quantityOf(dialog, 0));
    await user.type(quantityOf(dialog, 0), '3');
    await user.clear(textbox(dialog, /^mobile/));
    await user.type(textbox(dialog, /^mobile/), '13800138000');
    await user.click(within(dialog).getByTestId('resource-form-submit'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New outbound application' })).not.toBeInTheDocument());
    expect(server.callsTo('/outbound/create').map((call) => call.biz)).toEqual([
      { warehouseName: 'East hub', lines: [{ itemId: 1, quantity: 3 }, { itemId: 2, quantity: 2 }], contactName: 'Li Lei', contactMobile: '13800138000', address: '1 Harbour Road, Shanghai', remark: '', idempotencyKey: expect.any(String) },
    ]);
    expect(await screen.findByText('awaiting dispatch')).toBeInTheDocument();
  });

  it('dispatches an outbound application after confirmation; one beyond stock shows the server msg and moves nothing', async () => {
    const { user, server, state } = renderFlows(`${BASE}/outboundApplication`, owner, ({ orders }) => {
      orders.push(
        { direction: 2, orderId: 7, warehouseName: 'East hub', status: 1, lineCount: 1, totalQuantity: 4, contactName: 'A', contactMobile: '13800138000', address: 'X', remark: '', createTime: 1, completeTime: null, lines: [{ itemId: 1, itemName: 'Oak chair', skuText: 'oak', quantity: 4 }] },
        { direction: 2, orderId: 8, warehouseName: 'East hub', status: 1, lineCount: 1, totalQuantity: 3, contactName: 'B', contactMobile: '13800138001', address: 'Y', remark: '', createTime: 1, completeTime: null, lines: [{ itemId: 2, itemName: 'Desk lamp', skuText: 'black / S', quantity: 3 }] },
      );
    });
    const table = await screen.findByTestId('inventory.outbound-table', {}, { timeout: 30_000 });
    // Rows by their id: the contact column starts hidden in the column picker (issue 35 §4's widths).
    const row = (id: number) => rowById(table, id);

    await user.click(within(await row(7)).getByRole('button', { name: 'Dispatch' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm dispatch' });
    expect(confirm).toHaveTextContent('if any item lacks stock, nothing is dispatched');
    expect(server.callsTo('/outbound/dispatch')).toEqual([]);
    await within(confirm).findByTestId('dispatch-summary');
    await user.click(within(confirm).getByRole('button', { name: 'Dispatch' }));
    expect(await screen.findByText('Dispatch confirmed: stock taken')).toBeInTheDocument();
    expect(server.callsTo('/outbound/dispatch').map((call) => call.biz)).toEqual([{ orderId: 7 }]);
    expect(state.items.find((item) => item.itemId === 1)!.quantity).toBe(1);
    await waitFor(async () => expect(within(await row(7)).getByText('dispatched')).toBeInTheDocument());

    await dismissNotice(user);
    await user.click(within(await row(8)).getByRole('button', { name: 'Dispatch' }));
    const second = await screen.findByRole('dialog', { name: 'Confirm dispatch' });
    await within(second).findByTestId('dispatch-summary');
    await user.click(within(second).getByRole('button', { name: 'Dispatch' }));
    expect(await screen.findByText('not enough stock of Desk lamp black / S: quantity cannot go below zero')).toBeInTheDocument();
    expect(state.items.find((item) => item.itemId === 2)!.quantity).toBe(2);
    expect(within(await row(8)).getByText('awaiting dispatch')).toBeInTheDocument();
  });

  it('creates an inbound application and confirms receipt: the item list shows the added quantity', async () => {
    const { user, server, router } = renderFlows(`${BASE}/managedWarehousing`);
    await user.click(await screen.findByRole('button', { name: 'New inbound application' }, { timeout: 30_000 }));
    const dialog = await dialogNamed('New inbound application');
    // Inbound has no address and an optional contact.
    expect(within(dialog).queryByRole('textbox', { name: /^address/ })).not.toBeInTheDocument();
    await user.type(within(dialog).getByTestId('warehouseName-input'), 'West hub');
    await pick(user, within(dialog).getByTestId('order-line-item-0'), '', /Rug/);
    await user.type(quantityOf(dialog, 0), '6');
    await user.click(within(dialog).getByTestId('resource-form-submit'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New inbound application' })).not.toBeInTheDocument());
    expect(server.callsTo('/inbound/create').map((call) => call.biz)).toEqual([{ warehouseName: 'West hub', lines: [{ itemId: 3, quantity: 6 }], contactName: '', contactMobile: '', remark: '', idempotencyKey: expect.any(String) }]);

    const table = await screen.findByTestId('inventory.inbound-table');
    await user.click(await within(table).findByRole('button', { name: 'Confirm receipt' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Confirm receipt' })).getByRole('button', { name: 'confirm' }));
    expect(await within(table).findByText('received')).toBeInTheDocument();
    await act(() => router.navigate(`${BASE}/inventoryList/detail?id=3`));
    expect(await screen.findByTestId('detail-quantity')).toHaveTextContent('15');
    expect(screen.getByText('I1')).toBeInTheDocument();
  });

  it('creates a count and completes it: book quantity and the difference update live, completion asks and sends only counted lines', async () => {
    const { user, server, location } = renderFlows(`${BASE}/inventoryCount`);
    await user.click(await screen.findByRole('button', { name: 'New count' }, { timeout: 30_000 }));
    const dialog = await dialogNamed('New count');
    await user.click(within(dialog).getByTestId('resource-form-submit'));
    expect(await within(dialog).findByText('warehouse is required')).toBeInTheDocument();
    await user.type(within(dialog).getByTestId('warehouseName-input'), 'East hub');
    await user.click(within(dialog).getByTestId('resource-form-submit'));
    await waitFor(() => expect(location()).toBe(`${BASE}/inventoryCount/detail?id=1`));
    expect(server.callsTo('/count/create').map((call) => call.biz)).toEqual([{ warehouseName: 'East hub', remark: '', idempotencyKey: expect.any(String) }]);

    const sheet = await screen.findByTestId('count-sheet');
    const line = (itemId: number) => within(sheet).getByTestId(`count-line-${itemId}`);
    expect(within(line(1)).getByTestId('count-book')).toHaveTextContent('5');
    await user.click(within(sheet).getByTestId('count-complete'));
    expect(await within(sheet).findByText('Enter the counted quantity of at least one item')).toBeInTheDocument();

    await user.type(within(line(1)).getByRole('textbox', { name: 'counted quantity of Oak chair oak' }), '3');
    expect(within(line(1)).getByTestId('count-difference')).toHaveTextContent('-2');
    expect(within(line(2)).getByTestId('count-difference')).toHaveTextContent('—');
    expect(within(sheet).getByTestId('count-summary')).toHaveTextContent('1 of 2 items counted · total difference -2');
    await user.click(within(sheet).getByTestId('count-complete'));
    const confirm = await screen.findByRole('dialog', { name: 'Complete the count' });
    expect(confirm).toHaveTextContent('1 of 2 items counted, total difference -2');
    expect(server.callsTo('/count/complete')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'confirm' }));

    expect(await screen.findByText('Count completed: quantities set to the counted ones')).toBeInTheDocument();
    expect(server.callsTo('/count/complete').map((call) => call.biz)).toEqual([{ countId: 1, lines: [{ itemId: 1, countedQuantity: 3 }], idempotencyKey: expect.any(String) }]);
    await waitFor(() => expect(screen.queryByTestId('count-sheet')).not.toBeInTheDocument());
    expect(screen.getByTestId('detail-difference')).toHaveTextContent('-2');
    expect(screen.getByTestId('detail-status')).toHaveTextContent('completed');
  });

  it('asks before closing a form dialog with changes, and before leaving the screen', async () => {
    const { user, router, location } = renderFlows(`${BASE}/outboundApplication`);
    await user.click(await screen.findByRole('button', { name: 'New outbound application' }, { timeout: 30_000 }));
    const dialog = await dialogNamed('New outbound application');
    await user.type(textbox(dialog, /^contact/), 'Li');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Unsaved changes' })).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).not.toBeInTheDocument());
    expect(textbox(dialog, /^contact/)).toHaveValue('Li');
    await act(() => router.navigate('/dashboard'));
    await user.click(within(await screen.findByRole('dialog', { name: 'Unsaved changes' })).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).not.toBeInTheDocument());
    expect(location()).toBe(`${BASE}/outboundApplication`);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Unsaved changes' })).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('without inventory:edit the new screens are offered but disabled', async () => {
    renderFlows(`${BASE}/inventoryList`, viewer);
    expect(await screen.findByRole('button', { name: 'Register item' }, { timeout: 30_000 })).toBeDisabled();
  });
});
