// kind 'listSelect': options from a contract list endpoint (the store's inventory items), searched by the typed
// keyword, with loading, empty and failed states; a chosen item keeps its label when it is on no loaded page.
import { screen, waitFor, within } from '@testing-library/react';
import { z } from 'zod';
import { PERMISSIONS, inventoryEndpoints, type EndpointData, type InventoryItemRow } from '@merchant/api-contracts';
import { DEMO_USER, createFakeStoreServer, type Envelope, type FakeUser } from '../../../test/fakeStoreServer';
import { inventoryApi } from '../../features/inventory/api';
import { onContract, pageOf } from '../contractFake';
import { listSelectSource, type ResourceFormField } from '../types';
import { renderFieldForm } from './fieldForm.testing';

const OWNER: FakeUser = { ...DEMO_USER, info: { ...DEMO_USER.info, permissions: Object.values(PERMISSIONS) } };
const item = (itemId: number, itemName: string, warehouseName: string): InventoryItemRow => ({
  itemId,
  goodsId: null,
  skuId: null,
  itemName,
  skuText: '',
  warehouseName,
  quantity: 10,
  warningLine: null,
  stockStatus: 1 as InventoryItemRow['stockStatus'],
  updateTime: 1_763_900_000,
});
/** The first page the field asks for (the smallest §2 page size) holds the first five; item 42 is further on. */
const ITEMS = [item(1, 'Floor tile', 'North'), item(2, 'Tile grout', 'North'), item(3, 'Wall paint', 'South'), item(4, 'Door handle', 'South'), item(5, 'Window film', 'West'), item(42, 'Far cabinet', 'East')];
const PAGE_SIZE = 5;

const FIELD: ResourceFormField = {
  name: 'itemId',
  labelKey: 'inventory.field.item',
  kind: 'listSelect',
  list: listSelectSource({
    endpoint: inventoryApi.endpoints.inventoryItems,
    toArg: (keyword) => ({ pageNum: 1, pageSize: PAGE_SIZE, ...(keyword ? { itemName: keyword } : {}) }),
    toOption: (row: InventoryItemRow) => ({ value: row.itemId, label: `${row.itemName} · ${row.warehouseName}` }),
    chosen: {
      endpoint: inventoryApi.endpoints.inventoryItem,
      toArg: (value) => ({ itemId: Number(value) }),
      toOption: (record: EndpointData<typeof inventoryEndpoints.itemDetail>) => ({ value: record.itemId, label: `${record.itemName} · ${record.warehouseName}` }),
    },
  }),
};
const SCHEMA = z.object({ itemId: z.number().int().positive() });

const matching = (keyword: string | undefined) => ITEMS.filter((row) => !keyword || row.itemName.toLowerCase().includes(keyword.toLowerCase()));

function itemServer() {
  const server = createFakeStoreServer([OWNER]);
  onContract(server, inventoryEndpoints.itemList, (biz) => pageOf(matching(biz.itemName), biz));
  onContract(server, inventoryEndpoints.itemDetail, ({ itemId }) => ({ ...ITEMS.find((row) => row.itemId === itemId)!, movements: [] }));
  return server;
}

const listCalls = (server: ReturnType<typeof itemServer>) => server.callsTo(inventoryEndpoints.itemList.path);

describe('list select field', () => {
  it('asks the list once opened, and is chosen by keyboard: the form gets the row id', async () => {
    const server = itemServer();
    const { user, save, sent } = renderFieldForm({ field: FIELD, schema: SCHEMA, server });
    const input = await screen.findByRole('combobox', { name: /item/ });
    expect(listCalls(server)).toHaveLength(0);
    await user.tab();
    expect(input).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    const listbox = await screen.findByRole('listbox');
    expect(await within(listbox).findAllByRole('option')).toHaveLength(PAGE_SIZE);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(input).toHaveValue('Tile grout · North');
    await save();
    await waitFor(() => expect(sent()).toEqual([{ itemId: 2 }]));
  });

  it("searches by the endpoint's keyword field as the merchant types, showing loading and then the matches", async () => {
    const server = itemServer();
    const answered: Array<() => void> = [];
    // The answer waits until the test lets it go, so the loading state is seen for sure.
    server.on(
      inventoryEndpoints.itemList.path,
      ({ biz }) => new Promise<Envelope>((resolve) => answered.push(() => resolve({ code: '00000000', msg: 'success', data: pageOf(matching(biz.itemName as string | undefined), biz) }))),
    );
    const { user } = renderFieldForm({ field: FIELD, schema: SCHEMA, server });
    const input = await screen.findByRole('combobox', { name: /item/ });
    await user.type(input, 'grout');
    expect(await screen.findByText('Loading…')).toBeInTheDocument();
    await waitFor(() => expect(listCalls(server).at(-1)?.biz).toEqual({ pageNum: 1, pageSize: PAGE_SIZE, itemName: 'grout' }));
    answered.forEach((release) => release());
    const listbox = await screen.findByRole('listbox');
    await waitFor(() => expect(within(listbox).getAllByRole('option').map((option) => option.textContent)).toEqual(['Tile grout · North']));
    // One request per settled word, not one per key.
    expect(listCalls(server).filter((call) => call.biz.itemName !== undefined)).toHaveLength(1);
  });

  it('says when nothing matches, and when the list could not be loaded', async () => {
    const server = itemServer();
    const { user } = renderFieldForm({ field: FIELD, schema: SCHEMA, server });
    const input = await screen.findByRole('combobox', { name: /item/ });
    await user.type(input, 'sofa');
    expect(await screen.findByText('No matching options')).toBeInTheDocument();
    server.on(inventoryEndpoints.itemList.path, () => ({ code: '99999999', msg: 'server busy', data: null }));
    await user.clear(input);
    await user.type(input, 'desk');
    expect(await screen.findByText('The options could not be loaded, please retry')).toBeInTheDocument();
  });

  it('shows the label of a stored choice that is on no loaded page, and keeps it through another search', async () => {
    const server = itemServer();
    const { user, save, sent } = renderFieldForm({ field: FIELD, schema: SCHEMA, server, defaults: { itemId: 42 } });
    const input = await screen.findByRole('combobox', { name: /item/ });
    await waitFor(() => expect(input).toHaveValue('Far cabinet · East'));
    expect(server.callsTo(inventoryEndpoints.itemDetail.path).map((call) => call.biz)).toEqual([{ itemId: 42 }]);
    await user.type(input, 'x');
    await user.keyboard('{Escape}');
    await user.tab();
    await waitFor(() => expect(input).toHaveValue('Far cabinet · East'));
    await save();
    await waitFor(() => expect(sent()).toEqual([{ itemId: 42 }]));
  });

  it('remembers an option chosen here without asking the record endpoint', async () => {
    const server = itemServer();
    const { user } = renderFieldForm({ field: FIELD, schema: SCHEMA, server });
    const input = await screen.findByRole('combobox', { name: /item/ });
    await user.type(input, 'paint');
    await user.click(await screen.findByRole('option', { name: 'Wall paint · South' }));
    // Another search (typed over the chosen label; emptying the text would clear the choice, as MUI does).
    await user.tripleClick(input);
    await user.keyboard('tile');
    await screen.findByRole('option', { name: 'Floor tile · North' });
    await user.keyboard('{Escape}');
    await user.tab();
    await waitFor(() => expect(input).toHaveValue('Wall paint · South'));
    expect(server.callsTo(inventoryEndpoints.itemDetail.path)).toHaveLength(0);
  });

  it('refuses an empty choice with the reason bound to the input and focuses it (en-US)', async () => {
    const { save, sent } = renderFieldForm({ field: FIELD, schema: SCHEMA, server: itemServer() });
    const input = await screen.findByRole('combobox', { name: /item/ });
    await save();
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(input).toHaveAccessibleDescription(/item is required/i);
    expect(input).toHaveFocus();
    expect(sent()).toEqual([]);
  });

  it('speaks zh-CN: label, states and the problem', async () => {
    const { user, save } = renderFieldForm({ field: FIELD, schema: SCHEMA, server: itemServer(), language: 'zh-CN' });
    const input = await screen.findByRole('combobox', { name: /商品/ });
    await user.type(input, 'sofa');
    expect(await screen.findByText('没有匹配的选项')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await save();
    await waitFor(() => expect(input).toHaveAccessibleDescription('请选择商品'));
  });
});
