// The count sheet on the form kit's engine, in the whole console against the contract-checked inventory fake:
// the contract's rules in the merchant's language (a cell's on its cell, the list's under the sheet), only
// counted lines sent, and a server problem on the k-th line sent lands on the sheet row it came from.
import { screen, waitFor, within } from '@testing-library/react';
import { PERMISSIONS, STORE_CODES, inventoryEndpoints, type WireProblem } from '@merchant/api-contracts';
import { DEMO_USER, createFakeStoreServer, type FakeUser } from '../../../../test/fakeStoreServer';
import { renderConsole } from '../../../../test/renderConsole';
import { installInventoryFake, inventoryItem } from '../inventoryFake';

jest.setTimeout(120_000);

const owner: FakeUser = { ...DEMO_USER, token: 'token-count-sheet', info: { ...DEMO_USER.info, permissions: Object.values(PERMISSIONS) } };
const FIRST_LOAD = { timeout: 30_000 };

async function openSheet() {
  const server = createFakeStoreServer([owner]);
  const state = installInventoryFake(server, [inventoryItem(1, 'Oak chair', 'East hub', 5, 'oak'), inventoryItem(2, 'Desk lamp', 'East hub', 2)]);
  state.counts.push({
    countId: 1, warehouseName: 'East hub', status: 1, lineCount: 2, difference: 0, remark: '', createTime: 1, completeTime: null,
    lines: [{ itemId: 1, itemName: 'Oak chair', skuText: 'oak', bookQuantity: 5, countedQuantity: null }, { itemId: 2, itemName: 'Desk lamp', skuText: '', bookQuantity: 2, countedQuantity: null }],
  });
  const rendered = renderConsole({ path: '/inventoryCenter/serviceWarehouse/inventoryCount/detail?id=1', token: owner.token, server });
  const sheet = await screen.findByTestId('count-sheet', {}, FIRST_LOAD);
  return { ...rendered, server, sheet };
}

describe('the count sheet', () => {
  it("refuses in Chinese: the list's rule under the sheet, a cell's on its cell; nothing is sent", async () => {
    const { user, server, sheet } = await openSheet();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'zh-CN');
    await user.click(await within(sheet).findByRole('button', { name: '完成盘点' }));
    expect(await within(sheet).findByText('请至少录入一个商品的实盘数量')).toBeInTheDocument();
    const lamp = within(sheet).getByRole('textbox', { name: 'Desk lamp 的实盘数量' });
    await user.type(lamp, '12345678');
    await user.click(within(sheet).getByRole('button', { name: '完成盘点' }));
    await waitFor(() => expect(lamp).toHaveAccessibleDescription('实盘数量不能超过 9999999'));
    expect(lamp).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(lamp).toHaveFocus());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.callsTo(inventoryEndpoints.countComplete.path)).toEqual([]);
  });

  it('sends only the counted lines and puts a server problem on the row of the line it names', async () => {
    const { user, server, sheet } = await openSheet();
    const problems: WireProblem[] = [{ field: 'lines.0.countedQuantity', problem: { rule: 'max', limit: 3 } }];
    server.on(inventoryEndpoints.countComplete.path, () => ({ code: STORE_CODES.invalidParameter, msg: 'invalid parameters', errInfo: { problems } }));
    const lamp = within(sheet).getByRole('textbox', { name: 'counted quantity of Desk lamp' });
    await user.type(lamp, '4');
    await user.click(within(sheet).getByTestId('count-complete'));
    await user.click(within(await screen.findByRole('dialog', { name: 'Complete the count' })).getByRole('button', { name: 'confirm' }));
    await waitFor(() => expect(lamp).toHaveAccessibleDescription('counted cannot exceed 3'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(sheet).getByRole('textbox', { name: 'counted quantity of Oak chair oak' })).not.toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo(inventoryEndpoints.countComplete.path).map((call) => call.biz)).toEqual([{ countId: 1, lines: [{ itemId: 2, countedQuantity: 4 }], idempotencyKey: expect.any(String) }]);
  });
});
