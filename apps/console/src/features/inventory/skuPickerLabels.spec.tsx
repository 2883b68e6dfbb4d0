// The inventory forms' SKU picker names a SKU's spec by its labels in the console language (issue 35 §8): SKUs
// store spec keys ({ colour: 'black', size: 'S' }) and the goods area's SKU stock rows carry their labels beside
// them, answered by store-server in the request's language. The whole console in zh-CN against the inventory
// fake, whose SKU list answers the labels of the page's language as store-server answers Accept-Language's.
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { PERMISSIONS, goodsEndpoints as G, type SkuSpecLabels } from '@merchant/api-contracts';
import { createSecureClient } from '@merchant/secure-transport';
import { createConsole } from '../../app/createConsole';
import { ACCESS_TOKEN_KEY } from '../auth/tokenStorage';
import { DEMO_USER, createFakeStoreServer, type FakeUser } from '../../../test/fakeStoreServer';
import { TEST_CONFIG } from '../../../test/renderConsole';
import { setupUser } from '../../../test/userEvents';
import { onContract, pageOf } from '../../resource-kit/contractFake';
import { DEMO_SKUS, installInventoryFake, inventoryItem } from './inventoryFake';

jest.setTimeout(120_000);

type Language = 'zh-CN' | 'en-US';
const owner: FakeUser = { ...DEMO_USER, token: 'token-inventory-sku-labels', info: { ...DEMO_USER.info, permissions: Object.values(PERMISSIONS) } };
/** The labels of the desk lamp's spec (skuId 502: { colour: 'black', size: 'S' }), per Accept-Language. */
const LAMP_LABELS: Record<Language, SkuSpecLabels> = {
  'zh-CN': { colour: { name: '颜色', value: '黑色' }, size: { name: '尺码', value: '小号' } },
  'en-US': { colour: { name: 'Colour', value: 'black' }, size: { name: 'Size', value: 'S' } },
};
const pageLanguage = (): Language => (document.documentElement.lang === 'zh-CN' ? 'zh-CN' : 'en-US');

function renderInventory(path: string, language: Language) {
  const server = createFakeStoreServer([owner]);
  installInventoryFake(server, [inventoryItem(1, 'Rug', 'West hub', 9)]);
  onContract(server, G.skuStockList, (biz) =>
    pageOf(
      DEMO_SKUS.filter((sku) => !biz.title || sku.title.includes(biz.title)).map((sku) => (sku.skuId === 502 ? { ...sku, specLabels: LAMP_LABELS[pageLanguage()] } : sku)),
      biz,
    ),
  );
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

describe('the inventory SKU picker, in the console language', () => {
  it.each([
    ['zh-CN', '登记商品', 'Desk lamp 颜色：黑色 / 尺码：小号'],
    ['en-US', 'Register item', 'Desk lamp Colour: black / Size: S'],
  ] as const)('%s: the register item dialog offers the SKU by its spec labels, not the stored keys', async (language, register, option) => {
    const { user } = renderInventory('/inventoryCenter/serviceWarehouse/inventoryList', language);
    expect(await screen.findByText('Rug', {}, { timeout: 30_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: register }));
    const dialog = await screen.findByRole('dialog', { name: register }, { timeout: 30_000 });
    await user.click(within(dialog).getByTestId('skuId-input'));
    expect(await screen.findByRole('option', { name: new RegExp(`^${option}`) }, { timeout: 10_000 })).toBeInTheDocument();
    // A SKU without labels reads by its keys (a spec the category does not list).
    expect(screen.getByRole('option', { name: /^Oak chair colour/ })).toBeInTheDocument();
    if (language === 'zh-CN') expect(screen.queryByRole('option', { name: /black|size/ })).toBeNull();
  });
});
