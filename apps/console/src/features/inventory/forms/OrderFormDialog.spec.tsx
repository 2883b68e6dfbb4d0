// The inbound/outbound application dialog on the form kit, in the whole console against the contract-checked
// inventory fake: an empty form is refused field by field in the merchant's language (a line's item and
// quantity on their line), and a server problem on a line's quantity lands on that line's quantity.
import { screen, waitFor, within } from '@testing-library/react';
import { PERMISSIONS, STORE_CODES, inventoryEndpoints, type WireProblem } from '@merchant/api-contracts';
import { DEMO_USER, createFakeStoreServer, ok, type FakeUser } from '../../../../test/fakeStoreServer';
import { renderConsole } from '../../../../test/renderConsole';
import { installInventoryFake, inventoryItem } from '../inventoryFake';

jest.setTimeout(120_000);

const owner: FakeUser = { ...DEMO_USER, token: 'token-order-form', info: { ...DEMO_USER.info, permissions: Object.values(PERMISSIONS) } };
const FIRST_LOAD = { timeout: 30_000 };
/** A step waits for the fake server's answer and a re-render, slow on a loaded machine. */
const STEP = { timeout: 10_000 };

async function openOutbound(language: 'zh-CN' | 'en-US') {
  const server = createFakeStoreServer([owner]);
  installInventoryFake(server, [inventoryItem(1, 'Oak chair', 'East hub', 5, 'oak')]);
  const rendered = renderConsole({ path: '/inventoryCenter/serviceWarehouse/outboundApplication', token: owner.token, server });
  await screen.findByRole('button', { name: 'New outbound application' }, FIRST_LOAD);
  if (language === 'zh-CN') await rendered.user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'zh-CN');
  await rendered.user.click(await screen.findByRole('button', { name: language === 'zh-CN' ? '新建出库申请' : 'New outbound application' }));
  const dialog = await screen.findByRole('dialog', { name: language === 'zh-CN' ? '新建出库申请' : 'New outbound application' }, FIRST_LOAD);
  return { ...rendered, server, dialog };
}

const line = (dialog: HTMLElement, index: number) => within(dialog).getByTestId(`lines-line-${index}`);

describe('the inbound/outbound application form', () => {
  it('refuses an empty application in Chinese, each problem on its field and the line ones on the line', async () => {
    const { user, server, dialog } = await openOutbound('zh-CN');
    await user.click(within(dialog).getByTestId('resource-form-submit'));
    expect(await within(dialog).findByText('请填写仓库')).toBeInTheDocument();
    expect(within(line(dialog, 0)).getByText('请选择商品')).toBeInTheDocument();
    expect(within(line(dialog, 0)).getByRole('textbox', { name: /数量/ })).toHaveAccessibleDescription('请填写数量');
    for (const text of ['请填写联系人', '请填写联系电话', '请填写地址']) expect(within(dialog).getByText(text)).toBeInTheDocument();
    // Required marks come from the contract (outbound needs a contact and an address).
    expect(within(dialog).getByRole('textbox', { name: '地址' })).toBeRequired();
    expect(server.callsTo(inventoryEndpoints.outboundCreate.path)).toEqual([]);
  });

  it("puts the server's problem with a line's quantity on that line", async () => {
    const { user, server, dialog } = await openOutbound('en-US');
    const problems: WireProblem[] = [{ field: 'lines.0.quantity', problem: { rule: 'max', limit: 5 } }];
    server.on(inventoryEndpoints.outboundCreate.path, () => ({ code: STORE_CODES.invalidParameter, msg: 'invalid parameters', errInfo: { problems } }));
    await user.type(within(dialog).getByTestId('warehouseName-input'), 'East hub');
    await user.click(within(dialog).getByTestId('order-line-item-0'));
    await user.click(await screen.findByRole('option', { name: /Oak chair oak/ }, { timeout: 10_000 }));
    const quantity = within(line(dialog, 0)).getByRole('textbox', { name: /^quantity/ });
    await user.type(quantity, '9');
    await user.type(within(dialog).getByRole('textbox', { name: /^contact/ }), 'Li Lei');
    await user.type(within(dialog).getByRole('textbox', { name: /^mobile/ }), '13800138000');
    await user.type(within(dialog).getByRole('textbox', { name: /^address/ }), '1 Harbour Road');
    await user.click(within(dialog).getByTestId('resource-form-submit'));
    await waitFor(() => expect(quantity).toHaveAccessibleDescription('quantity cannot exceed 5'), STEP);
    expect(quantity).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo(inventoryEndpoints.outboundCreate.path).map((call) => call.biz)).toEqual([
      { warehouseName: 'East hub', lines: [{ itemId: 1, quantity: 9 }], contactName: 'Li Lei', contactMobile: '13800138000', address: '1 Harbour Road', remark: '', idempotencyKey: expect.any(String) },
    ]);
    expect(screen.getByRole('dialog', { name: 'New outbound application' })).toBeInTheDocument();

    // Once the server takes it, the dialog closes with the application's own notice.
    // Notices show one at a time: close the server's msg first.
    const notice = screen.queryByTestId('notification');
    // Its close button is drawn a moment after the text.
    if (notice) await user.click(await within(notice).findByRole('button', { name: /close/i }, STEP));
    await waitFor(() => expect(screen.queryByTestId('notification')).not.toBeInTheDocument(), STEP);
    server.on(inventoryEndpoints.outboundCreate.path, () => ok({ orderId: 9 }));
    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.click(within(dialog).getByTestId('resource-form-submit'));
    expect(await screen.findByText('Outbound application submitted', {}, STEP)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New outbound application' })).not.toBeInTheDocument(), STEP);
    expect(server.callsTo(inventoryEndpoints.outboundCreate.path).at(-1)!.biz).toMatchObject({ lines: [{ itemId: 1, quantity: 3 }] });
  });
});
