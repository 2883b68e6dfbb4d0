// Reference data follows a language switch at once (issue 35 §8): store-server names units, categories, specs and
// porterage items in the request's language, so the console asks again for the reference lists it holds when the
// merchant switches. Whole console against the fake server, which answers in the page's language as store-server
// answers in Accept-Language's; the cartage form shows the porterage list. The goods lists name categories and the
// SKU rows label their specs the same way (docs/goods.md), so an open list follows the switch too.
import { screen, waitFor, within } from '@testing-library/react';
import { PERMISSIONS, commonEndpoints, goodsEndpoints as G, groupBuyEndpoints, type SkuSpecLabels } from '@merchant/api-contracts';
import { DEMO_USER, createFakeStoreServer, ok, type FakeUser } from '../../test/fakeStoreServer';
import { renderConsole } from '../../test/renderConsole';
import { fakeCartage } from '../features/shop/cartage/cartageFake';
import { goodsListApi } from '../features/goods/api';
import { goodsReleaseApi } from '../features/goods/release/api';
import { activitiesApi } from '../features/marketing/activity/api';
import { flashSalesApi } from '../features/marketing/flash-sales/api';
import { groupBuysApi } from '../features/marketing/group-buys/api';
import { fakeGroupBuys, groupBuy } from '../features/marketing/group-buys/groupBuyFake';
import { onContract, pageOf } from '../resource-kit/contractFake';
import { cartageApi } from '../features/shop/cartage/api';
import { consoleApi } from './api';
import { REFERENCE_DATA_QUERIES } from './referenceDataLanguage';
import { storeInitApi } from './storeInit';

jest.setTimeout(90_000);

const OWNER: FakeUser = { ...DEMO_USER, token: 'token-reference-language', info: { ...DEMO_USER.info, permissions: Object.values(PERMISSIONS) } };
const PORTERAGE = {
  'en-US': [{ id: 1, porterageName: 'Stairs, per floor', unitName: 'floor', price: 500 }],
  'zh-CN': [{ id: 1, porterageName: '爬楼（每层）', unitName: '层', price: 500 }],
};

describe('reference data and the console language', () => {
  it('names only endpoints the console has', () => {
    expect([goodsReleaseApi, goodsListApi, activitiesApi, flashSalesApi, groupBuysApi, cartageApi, storeInitApi].every(Boolean)).toBe(true);
    for (const name of REFERENCE_DATA_QUERIES) expect([name, name in consoleApi.endpoints]).toEqual([name, true]);
  });

  it('shows the porterage reference prices in the language switched to, without a reload', async () => {
    const server = createFakeStoreServer([OWNER]);
    fakeCartage(server, []);
    server.on(commonEndpoints.porterage.path, () => ok({ list: PORTERAGE[document.documentElement.lang === 'zh-CN' ? 'zh-CN' : 'en-US'] }));
    const { user } = renderConsole({ path: '/shop/cartageTem/cartageTemTen/add', token: OWNER.token, server });
    expect(await screen.findByTestId('cartage-reference', {}, { timeout: 30_000 })).toHaveTextContent('Stairs, per floor: ¥5.00 / floor');
    const asked = server.callsTo('/porterage/list').length;

    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'zh-CN');
    await waitFor(() => expect(screen.getByTestId('cartage-reference')).toHaveTextContent('爬楼（每层）：¥5.00 / 层'));
    expect(server.callsTo('/porterage/list').length).toBe(asked + 1);
  });

  describe('an open goods or stock list asks again and shows the labels of the language switched to', () => {
    type Language = 'zh-CN' | 'en-US';
    const page = (): Language => (document.documentElement.lang === 'zh-CN' ? 'zh-CN' : 'en-US');
    const CATEGORY: Record<Language, string> = { 'en-US': 'Floor tiles', 'zh-CN': '地砖' };
    const SPEC: Record<Language, SkuSpecLabels> = {
      'en-US': { Size: { name: 'Size', value: '600x600' }, Finish: { name: 'Finish', value: 'matte' } },
      'zh-CN': { Size: { name: '尺寸', value: '600x600' }, Finish: { name: '表面', value: '哑光' } },
    };
    const SPEC_LINE: Record<Language, string> = { 'en-US': 'Size: 600x600 / Finish: matte', 'zh-CN': '尺寸：600x600 / 表面：哑光' };
    const specValues = { Size: '600x600', Finish: 'matte' };
    const goodsRow = () => ({
      goodsId: 1,
      title: 'Porcelain tile',
      brandName: 'Acme',
      categoryId: 11,
      categoryName: CATEGORY[page()],
      status: 1,
      mainImageUrl: '',
      minPrice: 8900,
      totalStock: 10,
      skuCount: 1,
      rejectReason: '',
      createTime: 1_763_000_000,
      updateTime: 1_763_000_000,
    });
    const skuRow = () => ({ skuId: 1, goodsId: 1, title: 'Porcelain tile', goodsStatus: 2, mainImageUrl: '', specValues, specLabels: SPEC[page()], skuCode: 'SKU-1', price: 8900, stock: 10, warningStock: 12, stockStatus: 2 });
    const warningRow = () => ({ warningId: 1, goodsId: 1, skuId: 1, title: 'Porcelain tile', specValues, specLabels: SPEC[page()], stock: 10, warningStock: 12, currentStock: 10, status: 1, createTime: 1_763_000_000, handleTime: null });

    // The goods list keeps its category column hidden by default: its case counts the calls only.
    it.each([
      { list: 'goodsList', path: '/goods/goodList/goodAll', call: G.list.path, shown: undefined },
      { list: 'goodsDraftList', path: '/goods/goodDraft', call: G.draftList.path, shown: CATEGORY },
      { list: 'skuStockList', path: '/goods/salesInventory/salesInventoryManagement', call: G.skuStockList.path, shown: SPEC_LINE },
      { list: 'stockWarningList', path: '/goods/inventoryWarning', call: G.stockWarningList.path, shown: SPEC_LINE },
    ])('$list', async ({ path, call, shown }) => {
      const server = createFakeStoreServer([OWNER]);
      onContract(server, G.list, (biz) => pageOf([goodsRow()], biz));
      onContract(server, G.draftList, (biz) => pageOf([goodsRow()], biz));
      onContract(server, G.skuStockList, (biz) => pageOf([skuRow()], biz));
      onContract(server, G.stockWarningList, (biz) => pageOf([warningRow()], biz));
      onContract(server, G.checkStoreGoodsSkuStock, () => ({ hasWarning: false, openWarningCount: 0, lowStockSkuCount: 0, outOfStockSkuCount: 0 }));
      const { user } = renderConsole({ path, token: OWNER.token, server });
      const row = async () => (await screen.findByText('Porcelain tile', {}, { timeout: 30_000 })).closest('[role=row]') as HTMLElement;
      if (shown) expect(within(await row()).getByText(shown['en-US'])).toBeInTheDocument();
      else await row();
      const asked = server.callsTo(call).length;

      await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'zh-CN');
      await waitFor(() => expect(server.callsTo(call).length).toBe(asked + 1));
      if (shown) await waitFor(async () => expect(within(await row()).getByText(shown['zh-CN'])).toBeInTheDocument());
    });
  });

  it("an open group-buy list asks again and shows its SKU lines in the language switched to", async () => {
    const LINE = { 'en-US': 'Size: 600x600 / Finish: matte', 'zh-CN': '尺寸：600x600 / 表面：哑光' };
    const server = createFakeStoreServer([OWNER]);
    fakeGroupBuys(server, { groupBuys: [] });
    // store-server writes specText by the labels of the request's language (skuSpecText).
    const row = () => groupBuy(1, { name: 'Tiles team of 3', skus: [{ skuId: 901, goodsId: 501, title: 'Porcelain tile', specText: LINE[document.documentElement.lang === 'zh-CN' ? 'zh-CN' : 'en-US'], listPriceCents: 8_900, groupPriceCents: 6_900 }] });
    server.on(groupBuyEndpoints.groupBuyList.path, () => ok({ pageNum: 1, pageSize: 20, total: 1, list: [row()] }));
    const { user } = renderConsole({ path: '/marketing/SpellGroup', token: OWNER.token, server });
    const tiles = async () => (await screen.findByText('Tiles team of 3', {}, { timeout: 30_000 })).closest('[role=row], tr') as HTMLElement;
    expect(await tiles()).toHaveTextContent(`Porcelain tile ${LINE['en-US']}`);
    const asked = server.callsTo(groupBuyEndpoints.groupBuyList.path).length;

    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'zh-CN');
    await waitFor(() => expect(server.callsTo(groupBuyEndpoints.groupBuyList.path).length).toBe(asked + 1));
    await waitFor(async () => expect(await tiles()).toHaveTextContent(`Porcelain tile ${LINE['zh-CN']}`));
  });
});
