// The promotion forms' shared SKU line (PromotionSkuInputs) in a generated form against the fake store server:
// the picker searches the store's SKUs by goods title and says when none match, choosing one fills the line's
// goodsId, list price and label, and the price's hint names the list price (and, for an activity, the highest
// price); a stored line (an edit) shows its label and hint before any search. The three pages' specs prove the
// same inputs inside their own forms.
import { screen, waitFor, within } from '@testing-library/react';
import { z } from 'zod';
import { goodsEndpoints } from '@merchant/api-contracts';
import { createFakeStoreServer, ok } from '../../../../test/fakeStoreServer';
import { renderFieldForm } from '../../../resource-kit/fields/fieldForm.testing';
import type { ResourceFormField } from '../../../resource-kit';
import { storeSku } from '../activity/activityFake';
import { SkuCellInput, promotionPriceInput } from './PromotionSkuInputs';

jest.setTimeout(60_000);

const FIRST_LOAD = { timeout: 20_000 };
const SKUS = [storeSku(901, 501, 'Porcelain floor tile', 8_900, { Size: '600x600' }), storeSku(902, 502, 'Fabric sofa', 25_900, { Seats: '3' })];

function skuServer() {
  const server = createFakeStoreServer();
  server.on(goodsEndpoints.skuStockList.path, ({ biz }) => {
    const list = SKUS.filter((row) => !biz.title || row.title.includes(String(biz.title)));
    return ok({ pageNum: 1, pageSize: Number(biz.pageSize), total: list.length, list });
  });
  return server;
}

/** A line with both prices: a group price capped at the list price, an activity price at 90% of it. */
const linesField: ResourceFormField = {
  name: 'skus',
  labelKey: 'groupBuys.form.skus',
  kind: 'lines',
  lines: {
    columns: [
      { name: 'skuId', labelKey: 'groupBuys.form.sku', kind: 'select', picked: true, required: true, input: SkuCellInput },
      { name: 'groupPriceCents', labelKey: 'groupBuys.form.price', kind: 'money', input: promotionPriceInput({ price: 'group' }) },
      { name: 'activityPriceCents', labelKey: 'activities.apply.price', kind: 'money', input: promotionPriceInput({ price: 'activity', maxCents: (list) => Math.floor(list * 0.9) }) },
    ],
    newLine: () => ({}),
    min: 1,
    max: 3,
  },
};
// The siblings the picker fills pass through, so the test sees what a form's biz mapper would read.
const schema = z.object({ skus: z.array(z.looseObject({ skuId: z.number().int() })) });

describe('promotion SKU lines', () => {
  it('searches by goods title, says when nothing matches, and choosing fills the goodsId, list price and label', async () => {
    const server = skuServer();
    const { user, save, sent } = renderFieldForm({ field: linesField, schema, server, defaults: { skus: [{}] } });
    const picker = await screen.findByRole('combobox', { name: /^SKU/ }, FIRST_LOAD);
    await user.type(picker, 'Marble');
    expect(await screen.findByText('No SKUs to choose')).toBeInTheDocument();
    await waitFor(() => expect(server.callsTo(goodsEndpoints.skuStockList.path).map((call) => call.biz.title)).toContain('Marble'));

    await user.clear(picker);
    await user.type(picker, 'Porcelain');
    await user.click(await screen.findByRole('option', { name: 'Porcelain floor tile Size: 600x600' }));
    expect(server.callsTo(goodsEndpoints.skuStockList.path).map((call) => call.biz.title)).toContain('Porcelain');
    expect(picker).toHaveValue('Porcelain floor tile Size: 600x600');
    expect(await screen.findByText('List price ¥89.00; the group price cannot be higher')).toBeInTheDocument();
    expect(screen.getByText('List ¥89.00, activity price at most ¥80.10')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /^Group price/ }), '69');
    await save();
    await waitFor(() =>
      expect(sent()).toEqual([{ skus: [{ skuId: 901, goodsId: 501, listPriceCents: 8_900, label: 'Porcelain floor tile Size: 600x600', groupPriceCents: 6_900 }] }]),
    );
  });

  it('shows a stored line (an edit) by its label with its hint, in Chinese, and a new line without either', async () => {
    const server = skuServer();
    const stored = { skuId: 902, listPriceCents: 25_900, label: 'Fabric sofa Seats: 3', groupPriceCents: 19_900 };
    const { user } = renderFieldForm({ field: linesField, schema, server, defaults: { skus: [stored] }, language: 'zh-CN' });
    const first = await screen.findByTestId('skus-line-0', {}, FIRST_LOAD);
    expect(within(first).getByRole('combobox', { name: /^商品规格/ })).toHaveValue('Fabric sofa Seats: 3');
    expect(within(first).getByText('原价 ¥259.00，团购价不能高于原价')).toBeInTheDocument();
    expect(within(first).getByText('原价 ¥259.00，活动价最高 ¥233.10')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '添加一行' }));
    const second = await screen.findByTestId('skus-line-1');
    expect(within(second).getByRole('combobox', { name: /^商品规格/ })).toHaveValue('');
    expect(within(second).queryByText(/原价/)).toBeNull();
    await user.click(within(second).getByRole('combobox', { name: /^商品规格/ }));
    await user.type(within(second).getByRole('combobox', { name: /^商品规格/ }), '无此商品');
    expect(await screen.findByText('没有可选的商品规格')).toBeInTheDocument();
  });

  it('zh-CN: offers each SKU by its spec labels from the stock rows (issue 35 §8), not the stored keys', async () => {
    const server = createFakeStoreServer();
    const labelled = [{ ...SKUS[0]!, specValues: { Size: '600x600', Finish: 'matte' }, specLabels: { Size: { name: '尺寸', value: '600x600' }, Finish: { name: '表面', value: '哑光' } } }, SKUS[1]!];
    server.on(goodsEndpoints.skuStockList.path, ({ biz }) => ok({ pageNum: 1, pageSize: Number(biz.pageSize), total: labelled.length, list: labelled }));
    const { user } = renderFieldForm({ field: linesField, schema, server, defaults: { skus: [{}] }, language: 'zh-CN' });
    const picker = await screen.findByRole('combobox', { name: /^商品规格/ }, FIRST_LOAD);
    await user.click(picker);
    const porcelain = await screen.findByRole('option', { name: 'Porcelain floor tile 尺寸：600x600 / 表面：哑光' });
    // A row without labels (a spec its category does not list) reads by its keys.
    expect(screen.getByRole('option', { name: 'Fabric sofa Seats：3' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Size|Finish|matte/ })).toBeNull();
    await user.click(porcelain);
    expect(picker).toHaveValue('Porcelain floor tile 尺寸：600x600 / 表面：哑光');
  });
});
