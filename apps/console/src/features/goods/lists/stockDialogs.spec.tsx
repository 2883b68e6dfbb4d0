// The sales-inventory dialogs on the form kit (issue 25 part 3): adjust stock (updateGoodsSkuStock) and SKU
// bulk edit (bulkEditSkus), drawn by ResourceFormDialog against the fake store server that speaks the
// contracts: the contract's rules in the merchant's language on the box typed in, the biz sent, the
// server's field problems, and the warning notice of a change that crossed the line.
import { screen, waitFor, within } from '@testing-library/react';
import { STORE_CODES, goodsEndpoints as G, type SkuStockRow, type WireProblem } from '@merchant/api-contracts';
import { createFakeStoreServer, type Envelope } from '../../../../test/fakeStoreServer';
import { onContract } from '../../../resource-kit/contractFake';
import { OPEN_DIALOG, renderResourceForm } from '../../../resource-kit/resourceForm.testing';
import { goodsMessages } from '../messages';
import { adjustStockForm, type AdjustStockTarget } from './AdjustStockDialog';
import { bulkEditSkusForm } from './BulkEditSkusDialog';

jest.setTimeout(60_000);

const SKU: AdjustStockTarget = { skuId: 7, title: 'Green tea', spec: { specValues: { size: 'L' } }, stock: 10, warningStock: 3 };
const ROWS: SkuStockRow[] = [1, 2].map((skuId) => ({
  skuId,
  goodsId: 1,
  title: 'Green tea',
  goodsStatus: 2,
  mainImageUrl: '',
  specValues: { size: skuId === 1 ? 'S' : 'M' },
  skuCode: `SKU-${skuId}`,
  price: 1000,
  stock: 10,
  warningStock: null,
  stockStatus: 1,
}));

async function open(definition: Parameters<typeof renderResourceForm>[0]['definition'], options: { language?: 'zh-CN' | 'en-US'; server?: ReturnType<typeof createFakeStoreServer> } = {}) {
  const rendered = renderResourceForm({ definition, screen: 'dialog', messages: [goodsMessages], ...options });
  await rendered.user.click(await screen.findByRole('button', { name: OPEN_DIALOG }, { timeout: 20_000 }));
  const dialog = await screen.findByRole('dialog');
  return { ...rendered, dialog, save: () => rendered.user.click(within(dialog).getByTestId('resource-form-submit')) };
}

const stockAnswer = (stock: number, warningFired = false) => ({ skuId: SKU.skuId, goodsId: 1, stock, warningStock: 3, stockStatus: 1 as const, warningFired });

describe('adjust stock dialog', () => {
  it('refuses an empty change in the merchant language and sends nothing', async () => {
    const server = createFakeStoreServer();
    onContract(server, G.updateGoodsSkuStock, () => stockAnswer(10));
    const { dialog, user, save } = await open(adjustStockForm({ ...SKU, warningStock: null }, jest.fn()) as never, { server, language: 'zh-CN' });
    expect(within(dialog).getByTestId('adjust-current')).toHaveTextContent('当前库存：10');
    await save();
    expect(await within(dialog).findByTestId('resource-form-problems')).toHaveTextContent('请填写库存、增减数量或预警值');
    expect(server.callsTo(G.updateGoodsSkuStock.path)).toEqual([]);
    // A set stock above the contract's limit is refused on the quantity box, in Chinese.
    await user.click(within(dialog).getByRole('radio', { name: '设为' }));
    await user.type(await within(dialog).findByTestId('adjust-quantity'), '99999999');
    await save();
    await waitFor(() => expect(within(dialog).getByTestId('adjust-quantity')).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByTestId('adjust-quantity')).toHaveAccessibleDescription(/数量.*9999999/);
    expect(server.callsTo(G.updateGoodsSkuStock.path)).toEqual([]);
  });

  it('sends a negative delta with its idempotency key, says the line was crossed and closes', async () => {
    const server = createFakeStoreServer();
    onContract(server, G.updateGoodsSkuStock, () => stockAnswer(2, true));
    const fired = jest.fn();
    const { dialog, user, save } = await open(adjustStockForm(SKU, fired) as never, { server });
    await user.type(within(dialog).getByTestId('adjust-quantity'), '-8');
    await save();
    await waitFor(() => expect(server.callsTo(G.updateGoodsSkuStock.path).map((call) => call.biz)).toEqual([{ skuId: 7, delta: -8, idempotencyKey: expect.any(String) }]));
    expect(await screen.findByText('modified successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fired).toHaveBeenCalledTimes(1);
  });

  it('sets the stock and clears the warning line: only what changed is sent', async () => {
    const server = createFakeStoreServer();
    onContract(server, G.updateGoodsSkuStock, () => stockAnswer(4));
    const { dialog, user, save } = await open(adjustStockForm(SKU, jest.fn()) as never, { server });
    await user.type(within(dialog).getByTestId('adjust-quantity'), '5');
    // Switching the way drops the other way's quantity.
    await user.click(within(dialog).getByRole('radio', { name: 'Set to' }));
    expect(await within(dialog).findByTestId('adjust-quantity')).toHaveValue('');
    await user.type(within(dialog).getByTestId('adjust-quantity'), '4');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Warning line (optional)' }));
    await save();
    await waitFor(() => expect(server.callsTo(G.updateGoodsSkuStock.path).map((call) => call.biz)).toEqual([{ skuId: 7, stock: 4, warningStock: null, idempotencyKey: expect.any(String) }]));
  });

  it("shows the server's problem on the quantity box and stays open", async () => {
    const server = createFakeStoreServer();
    const problems: WireProblem[] = [{ field: 'delta', problem: { rule: 'min', limit: -10 } }];
    server.on(G.updateGoodsSkuStock.path, () => ({ code: STORE_CODES.invalidParameter, msg: 'invalid parameters', errInfo: { problems } as Envelope['errInfo'] }));
    const { dialog, user, save } = await open(adjustStockForm(SKU, jest.fn()) as never, { server });
    await user.type(within(dialog).getByTestId('adjust-quantity'), '-11');
    await save();
    await waitFor(() => expect(within(dialog).getByTestId('adjust-quantity')).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByTestId('adjust-quantity')).toHaveAccessibleDescription(/Quantity.*-10/);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

describe('SKU bulk edit dialog', () => {
  it('refuses a form with nothing typed, and a price above the limit on its cell, in the merchant language', async () => {
    const server = createFakeStoreServer();
    onContract(server, G.bulkEditSkus, (biz) => ({ count: biz.skus.length }));
    const { dialog, user, save } = await open(bulkEditSkusForm(ROWS) as never, { server, language: 'zh-CN' });
    await save();
    expect(await within(dialog).findByText('填写的 SKU至少 1 项')).toBeInTheDocument();
    expect(server.callsTo(G.bulkEditSkus.path)).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: '新库存 1' }), '5');
    await user.type(within(dialog).getByRole('textbox', { name: '新价格（元） 2' }), '9999999');
    await save();
    const price = within(dialog).getByRole('textbox', { name: '新价格（元） 2' });
    await waitFor(() => expect(price).toHaveAttribute('aria-invalid', 'true'));
    expect(price).toHaveAccessibleDescription(/新价格（元）/);
    expect(within(dialog).getByRole('textbox', { name: '新库存 1' })).not.toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo(G.bulkEditSkus.path)).toEqual([]);
  });

  it('applies one price to all, sends only what was typed with its key, and closes', async () => {
    const server = createFakeStoreServer();
    onContract(server, G.bulkEditSkus, (biz) => ({ count: biz.skus.length }));
    const { dialog, user, save } = await open(bulkEditSkusForm(ROWS) as never, { server });
    await user.type(within(dialog).getByTestId('bulk-all-price'), '12.5');
    await user.click(within(dialog).getByTestId('bulk-apply-price'));
    expect(within(dialog).getByRole('textbox', { name: 'New price (yuan) 2' })).toHaveValue('12.5');
    await user.type(within(dialog).getByRole('textbox', { name: 'New stock 1' }), '7');
    await save();
    await waitFor(() =>
      expect(server.callsTo(G.bulkEditSkus.path).map((call) => call.biz)).toEqual([{ skus: [{ skuId: 1, price: 1250, stock: 7 }, { skuId: 2, price: 1250 }], idempotencyKey: expect.any(String) }]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
