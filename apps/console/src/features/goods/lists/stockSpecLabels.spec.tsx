// A SKU's spec in the stock screens reads in the merchant's language (issue 35 §8): SKUs store spec keys
// ({ Size: '600x600', Finish: 'matte' }), and the stock lists' rows carry their labels beside them, answered by
// store-server in the request's language. The whole console in zh-CN (and en-US) against the contract-checked
// fake, which answers the labels of the page's language as store-server answers those of Accept-Language:
// salesInventory's rows, its bulk edit and adjust stock dialogs, and inventoryWarning's rows.
import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { PERMISSIONS, goodsEndpoints as G, type SkuSpecLabels, type SkuStockRow, type StockWarningRow } from '@merchant/api-contracts';
import { createSecureClient } from '@merchant/secure-transport';
import { createConsole } from '../../../app/createConsole';
import { ACCESS_TOKEN_KEY } from '../../auth/tokenStorage';
import { DEMO_USER, createFakeStoreServer, type FakeUser } from '../../../../test/fakeStoreServer';
import { TEST_CONFIG } from '../../../../test/renderConsole';
import { setupUser } from '../../../../test/userEvents';
import { onContract, pageOf } from '../../../resource-kit/contractFake';

jest.setTimeout(120_000);

type Language = 'zh-CN' | 'en-US';
const owner: FakeUser = { ...DEMO_USER, token: 'token-stock-spec-labels', info: { ...DEMO_USER.info, permissions: Object.values(PERMISSIONS) } };
const SPEC_VALUES = { Size: '600x600', Finish: 'matte' };
/** What store-server answers beside the keys, per Accept-Language (category 11's reference specs). */
const SPEC_LABELS: Record<Language, SkuSpecLabels> = {
  'zh-CN': { Size: { name: '尺寸', value: '600x600' }, Finish: { name: '表面', value: '哑光' } },
  'en-US': { Size: { name: 'Size', value: '600x600' }, Finish: { name: 'Finish', value: 'matte' } },
};
const SPEC_LINE: Record<Language, string> = { 'zh-CN': '尺寸：600x600 / 表面：哑光', 'en-US': 'Size: 600x600 / Finish: matte' };
const pageLanguage = (): Language => (document.documentElement.lang === 'zh-CN' ? 'zh-CN' : 'en-US');

const skuRows = (): SkuStockRow[] =>
  [1, 2].map((skuId) => ({
    skuId,
    goodsId: 1,
    title: `Porcelain tile ${skuId}`,
    goodsStatus: 2,
    mainImageUrl: '',
    specValues: SPEC_VALUES,
    specLabels: SPEC_LABELS[pageLanguage()],
    skuCode: `SKU-${skuId}`,
    price: 8900,
    stock: 10,
    warningStock: 12,
    stockStatus: 2,
  }));
const warningRows = (): StockWarningRow[] => [
  {
    warningId: 1,
    goodsId: 1,
    skuId: 1,
    title: 'Porcelain tile 1',
    specValues: SPEC_VALUES,
    specLabels: SPEC_LABELS[pageLanguage()],
    stock: 10,
    warningStock: 12,
    currentStock: 10,
    status: 1,
    createTime: 1_763_000_000,
    handleTime: null,
  },
];

function renderStock(path: string, language: Language) {
  const server = createFakeStoreServer([owner]);
  onContract(server, G.skuStockList, (biz) => pageOf(skuRows(), biz));
  onContract(server, G.checkStoreGoodsSkuStock, () => ({ hasWarning: true, openWarningCount: 1, lowStockSkuCount: 2, outOfStockSkuCount: 0 }));
  onContract(server, G.stockWarningList, (biz) => pageOf(warningRows(), biz));
  window.sessionStorage.setItem(ACCESS_TOKEN_KEY, owner.token);
  const app = createConsole({
    config: TEST_CONFIG,
    language,
    createClient: ({ reactions, translate }) => createSecureClient({ baseUrl: TEST_CONFIG.apiBase, mode: 'none', fetch: server.fetch, reactions, translate }),
    createRouter: (routes, discovery) => createMemoryRouter(routes, { initialEntries: [path], ...discovery }),
  });
  const user = setupUser();
  render(app.element);
  return { user, server };
}

const LIST = { timeout: 30_000 };
const bodyRow = (text: string) => screen.getByText(text).closest('[role=row]') as HTMLElement;

describe('SKU specs in the stock screens, in the console language', () => {
  it('zh-CN: salesInventory, its bulk edit and its adjust stock dialog show the spec labels, not the stored keys', async () => {
    const { user } = renderStock('/goods/salesInventory/salesInventoryManagement', 'zh-CN');
    expect(await screen.findByText('SKU-2', {}, LIST)).toBeInTheDocument();
    expect(within(bodyRow('SKU-1')).getByText(SPEC_LINE['zh-CN'])).toBeInTheDocument();
    expect(screen.queryByText(/Size|Finish|matte/)).toBeNull();

    await user.click(within(bodyRow('SKU-1')).getByRole('checkbox'));
    await user.click(within(bodyRow('SKU-2')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: '批量改价改库存' }));
    const bulk = await screen.findByRole('dialog', { name: '批量修改价格和库存' });
    expect(within(bulk).getByTestId('bulk-row-1')).toHaveTextContent(SPEC_LINE['zh-CN']);
    expect(within(bulk).getByTestId('bulk-row-2')).not.toHaveTextContent(/Size|Finish|matte/);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(bodyRow('SKU-1')).getByRole('button', { name: '调整库存' }));
    const adjust = await screen.findByRole('dialog', { name: /调整库存/ });
    expect(within(adjust).getByText(SPEC_LINE['zh-CN'])).toBeInTheDocument();
  });

  it.each(['zh-CN', 'en-US'] as const)('%s: inventoryWarning shows the spec by its labels', async (language) => {
    renderStock('/goods/inventoryWarning', language);
    expect(await screen.findByText('Porcelain tile 1', {}, LIST)).toBeInTheDocument();
    expect(within(bodyRow('Porcelain tile 1')).getByText(SPEC_LINE[language])).toBeInTheDocument();
    if (language === 'zh-CN') expect(screen.queryByText(/Size|Finish|matte/)).toBeNull();
  });
});
