// The release form in the whole console (guard, shell, transport) against the fake store server:
// submit sends the contract biz, leaving with changes asks, drafts are saved on the server, and a
// refusal shows the server's message.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupUser } from '../../../../test/userEvents';
import { createMemoryRouter } from 'react-router';
import { render } from '@testing-library/react';
import { PERMISSIONS, STORE_CODES, brandEndpoints, type WireProblem } from '@merchant/api-contracts';
import { createSecureClient } from '@merchant/secure-transport';
import { createConsole } from '../../../app/createConsole';
import { ACCESS_TOKEN_KEY } from '../../auth/tokenStorage';
import { routeManifest } from '../../../routes/manifest';
import { collectPaths, type ManifestRoute } from '../../../routes/routeHandle';
import { DEMO_USER, createFakeStoreServer, type Envelope, type FakeStoreServer, type FakeUser } from '../../../../test/fakeStoreServer';
import { TEST_CONFIG } from '../../../../test/renderConsole';
import { GOODS_STATUS, goodsDraftBiz, goodsEndpoints, goodsSubmitBiz, type GoodsDetail } from './contract';
import { goodsReleaseRoutes } from './routes';
import { installInertWorker } from '../../../../test/inertWorker';

const ok = (data: unknown = null) => ({ code: '00000000', msg: 'success', data });
const USER: FakeUser = { ...DEMO_USER, token: 'token-release', info: { ...DEMO_USER.info, permissions: Object.values(PERMISSIONS) } };

/** The manifest with the release routes under /goods (until the goods area's own group includes them). */
function manifestWithRelease(): ManifestRoute[] {
  if (collectPaths(routeManifest).includes('/goods/goodRelease')) return routeManifest;
  const addGoods = (routes: ManifestRoute[]): ManifestRoute[] =>
    routes.map((route) =>
      route.lazy && route.children && !route.path
        ? { ...route, children: [...route.children, { path: '/goods', handle: { title: 'goodsRelease.menu.release' }, children: goodsReleaseRoutes }] }
        : { ...route, children: route.children ? addGoods(route.children) : undefined },
    );
  return addGoods(routeManifest);
}

const TREE = [
  {
    id: 1, parentId: 0, categoryName: 'Building materials', level: 1,
    children: [{ id: 11, parentId: 1, categoryName: 'Tiles', level: 2 }, { id: 12, parentId: 1, categoryName: 'Paint', level: 2 }],
  },
  { id: 2, parentId: 0, categoryName: 'Furniture', level: 1, children: [{ id: 21, parentId: 2, categoryName: 'Sofas', level: 2 }] },
];
const SPECS = [
  { id: 1, specName: 'Size', specValues: ['300x300', '600x600'] },
  { id: 2, specName: 'Finish', specValues: ['matte', 'glossy'] },
];
/** The store's approved brands (queryStoreBrandList): the only brands the form offers. */
const BRANDS = [
  { brandName: 'Acme', brandExpireDate: '2030-12-31' },
  { brandName: 'Nordic Home', brandExpireDate: '2031-01-31' },
];
const IMAGE = { fileId: 5, objectUrl: 'http://127.0.0.1:3100/v1/store/media/objects/get?key=s1001/a.png&expires=1&signature=x' };

function storedGoods(over: Partial<GoodsDetail> = {}): GoodsDetail {
  return {
    goodsId: 77,
    status: GOODS_STATUS.onShelf,
    categoryId: 11,
    categoryName: 'Tiles',
    brandName: 'Acme',
    title: 'Porcelain tile',
    unitId: 3,
    specList: [{ specName: 'Size', values: ['300x300'] }],
    skus: [{ skuId: 901, specValues: { Size: '300x300' }, skuCode: 'T-300', price: 1250, stock: 40, warningStock: 5, stockStatus: 1 }],
    images: [IMAGE],
    video: null,
    detailType: 1,
    detailHtml: '<p>Frost resistant</p>',
    detailImages: [],
    freightTemplateId: 1,
    afterSaleTemplateId: null,
    rejectReason: '',
    createTime: 1_790_000_000,
    updateTime: 1_790_000_000,
    ...over,
  };
}

function serverWithLists(): FakeStoreServer {
  const server = createFakeStoreServer([USER]);
  server.on('/v1/store/eshop/expand/category/tree', () => ok({ list: TREE }));
  server.on('/v1/store/eshop/expand/category/getStoreCategoryList', () => ok({ list: [{ id: 11, parentId: 1, categoryName: 'Tiles' }] }));
  server.on('/v1/store/common/category/specList', ({ biz }) => (biz.categoryId === 11 ? ok({ list: SPECS }) : { code: STORE_CODES.notFound, msg: 'category not found' }));
  server.on('/v1/store/common/unit/searchAllEnableUnitList', () => ok({ list: [{ id: 1, unitName: 'piece' }, { id: 3, unitName: 'square metre' }] }));
  server.on(brandEndpoints.queryStoreBrandList.path, () => ok({ list: BRANDS }));
  return server;
}

function renderRelease(path: string, server: FakeStoreServer, language: 'en-US' | 'zh-CN' = 'en-US') {
  window.sessionStorage.setItem(ACCESS_TOKEN_KEY, USER.token);
  const app = createConsole({
    config: TEST_CONFIG,
    language,
    manifest: manifestWithRelease(),
    createClient: ({ reactions, translate }) => createSecureClient({ baseUrl: TEST_CONFIG.apiBase, mode: 'none', fetch: server.fetch, reactions, translate }),
    createRouter: (routes) => createMemoryRouter(routes, { initialEntries: [path] }),
  });
  const user = setupUser();
  render(app.element);
  const location = () => `${app.router.state.location.pathname}${app.router.state.location.search}`;
  return { ...app, user, server, location };
}

/** Opens the category list, checks it offers only the shop's business categories, and picks one. */
async function chooseCategory(user: ReturnType<typeof userEvent.setup>, server: FakeStoreServer, name: string) {
  // The category lists load with the page: wait for them before opening the menu (a slow, shared machine).
  const combobox = await screen.findByRole('combobox', { name: /Backend category/ }, { timeout: 20_000 });
  await waitFor(() => expect(server.callsTo('/getStoreCategoryList').length + server.callsTo('/category/tree').length).toBe(2), { timeout: 20_000 });
  await user.click(combobox);
  const option = await screen.findByRole('option', { name }, { timeout: 10_000 });
  expect(screen.getAllByRole('option').map((item) => item.textContent)).toEqual(['Building materials / Tiles']);
  await user.click(option);
}

installInertWorker();
afterEach(() => window.sessionStorage.clear());
// Each test drives the whole console (MUI, router, transport) in jsdom: slow on the shared 2-core machine.
jest.setTimeout(90_000);

describe('goods release form', () => {
  it('refuses an empty form with each field message and sends nothing', async () => {
    const { user, server } = renderRelease('/goods/goodRelease', serverWithLists());
    // The first test of the file loads the lazy release chunks: slow on the shared machine.
    await user.click(await screen.findByTestId('release-submit', undefined, { timeout: 20_000 }));
    // The contract's rules, said by its translator with each field's label (the detail's own rule, a rule across
    // fields, is checked once the fields are filled in).
    expect(await screen.findByText('Backend category is required')).toBeInTheDocument();
    for (const text of ['Brand is required', 'Title is required', 'Unit is required', 'Price (yuan) is required', 'Stock is required', 'Goods images is required', 'Freight template is required']) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(server.callsTo('/goods/submit')).toEqual([]);
  });

  it.each([
    {
      language: 'zh-CN' as const,
      heading: '编辑商品',
      summary: ['还有 2 处需要修改：', '300x300 的价格（元）：价格（元）不能小于 0.01', '300x300 的库存：库存不能超过 9999999'],
    },
    {
      language: 'en-US' as const,
      heading: 'Edit goods',
      summary: ['2 problems to fix:', 'Price (yuan) of 300x300: Price (yuan) must be at least 0.01', 'Stock of 300x300: Stock cannot exceed 9999999'],
    },
  ])('$language: lists every problem in the merchant\'s language under the form and scrolls the first invalid field clear of the footer', async ({ language, heading, summary }) => {
    const server = serverWithLists();
    server.on(goodsEndpoints.detail.path, () => ok(storedGoods()));
    const scrolled: Element[] = [];
    const scrollIntoView = jest.fn(function (this: Element) {
      scrolled.push(this);
    });
    Element.prototype.scrollIntoView = scrollIntoView;
    try {
      const { user } = renderRelease('/goods/goodRelease/edit?id=77', server, language);
      expect(await screen.findByRole('heading', { name: heading }, { timeout: 20_000 })).toBeInTheDocument();
      const price = within(screen.getByTestId('sku-price-0')).getByRole('textbox');
      const stock = within(screen.getByTestId('sku-stock-0')).getByRole('textbox');
      await user.clear(price);
      await user.type(price, '0');
      await user.clear(stock);
      await user.type(stock, '99999999999');
      await user.click(screen.getByTestId('release-submit'));

      const box = await screen.findByTestId('release-error-summary');
      expect([within(box).getByText(summary[0]!).textContent, ...within(box).getAllByRole('listitem').map((item) => item.textContent)]).toEqual(summary);
      // Nothing in the contract's English sentences with wire names (the audit's banner).
      expect(box).not.toHaveTextContent(/skus\.|price must|stock must/);
      // The first invalid field (the price) is focused and scrolled to the middle of the screen, above the sticky footer.
      await waitFor(() => expect(price).toHaveFocus());
      expect(scrolled).toContain(price);
      expect(scrollIntoView).toHaveBeenCalledWith({ block: 'center' });
      expect(server.callsTo('/goods/submit')).toEqual([]);
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('edits a good: ticking a value adds its SKU row, bulk fill writes every row, and submit sends the contract biz', async () => {
    const server = serverWithLists();
    server.on(goodsEndpoints.detail.path, ({ biz }) => (biz.goodsId === 77 ? ok(storedGoods()) : { code: STORE_CODES.notFound, msg: 'goods not found' }));
    server.on(goodsEndpoints.submit.path, () => ok({ goodsId: 77, status: GOODS_STATUS.underReview }));
    const { user, location } = renderRelease('/goods/goodRelease/edit?id=77', server);

    expect(await screen.findByRole('heading', { name: 'Edit goods' })).toBeInTheDocument();
    expect(screen.getByTestId('release-title')).toHaveValue('Porcelain tile');
    expect(screen.getAllByTestId('sku-row')).toHaveLength(1);
    await user.click(screen.getByTestId('spec-Size-600x600'));
    await user.click(screen.getByTestId('spec-Finish-glossy'));
    const specCells = (row: HTMLElement) => Array.from(row.querySelectorAll('td')).slice(0, 2).map((cell) => cell.textContent);
    expect(screen.getAllByTestId('sku-row').map(specCells)).toEqual([
      ['300x300', 'glossy'],
      ['600x600', 'glossy'],
    ]);
    await user.type(screen.getByLabelText('Bulk Stock'), '25');
    await user.click(screen.getByTestId('sku-bulk-apply'));
    await user.clear(screen.getByLabelText('Price (yuan) of 600x600 / glossy'));
    await user.type(screen.getByLabelText('Price (yuan) of 600x600 / glossy'), '30.5');
    await user.clear(screen.getByLabelText('Price (yuan) of 300x300 / glossy'));
    await user.type(screen.getByLabelText('Price (yuan) of 300x300 / glossy'), '12.5');
    await user.click(screen.getByTestId('release-submit'));

    await waitFor(() => expect(location()).toBe('/goods/submitSuccess?id=77'));
    const [call] = server.callsTo('/goods/submit');
    expect(call!.biz).toEqual({
      goodsId: 77,
      categoryId: 11,
      brandName: 'Acme',
      title: 'Porcelain tile',
      unitId: 3,
      specList: [
        { specName: 'Size', values: ['300x300', '600x600'] },
        { specName: 'Finish', values: ['glossy'] },
      ],
      skus: [
        { specValues: { Size: '300x300', Finish: 'glossy' }, skuCode: '', price: 1250, stock: 25, warningStock: null },
        { specValues: { Size: '600x600', Finish: 'glossy' }, skuCode: '', price: 3050, stock: 25, warningStock: null },
      ],
      images: [IMAGE],
      video: null,
      detailType: 1,
      detailHtml: '<p>Frost resistant</p>',
      detailImages: [],
      freightTemplateId: 1,
      afterSaleTemplateId: null,
      cartageTemplateId: null,
    });
    expect(goodsSubmitBiz.safeParse(call!.biz).success).toBe(true);
    expect(await screen.findByTestId('submit-success')).toHaveTextContent('Submitted');
  });

  it("offers only the store's approved brands, flags a stored brand that is no longer approved, sends the chosen one, and links to brandApply", async () => {
    const server = serverWithLists();
    server.on(goodsEndpoints.detail.path, () => ok(storedGoods({ brandName: 'Old Brand' })));
    server.on(goodsEndpoints.submit.path, () => ok({ goodsId: 77, status: GOODS_STATUS.underReview }));
    const { user, location } = renderRelease('/goods/goodRelease/edit?id=77', server);

    expect(await screen.findByRole('heading', { name: 'Edit goods' }, { timeout: 20_000 })).toBeInTheDocument();
    const brand = screen.getByRole('combobox', { name: /Brand/ });
    await waitFor(() => expect(brand).toHaveValue('Old Brand'));
    expect(await screen.findByText('"Old Brand" is not one of the shop\'s approved brands; choose another or apply for it')).toBeInTheDocument();
    expect(screen.getByTestId('release-brand-apply')).toHaveAttribute('href', '/goods/brandApply');

    await user.click(brand);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => [option.textContent, option.getAttribute('aria-disabled')])).toEqual([
      ['Acmeauthorised until 2030-12-31', 'false'],
      ['Nordic Homeauthorised until 2031-01-31', 'false'],
      ['Old Brand', 'true'],
    ]);
    await user.click(screen.getByRole('option', { name: /Nordic Home/ }));
    expect(brand).toHaveValue('Nordic Home');
    expect(screen.queryByText(/is not one of the shop's approved brands/)).toBeNull();

    await user.click(screen.getByTestId('release-submit'));
    await waitFor(() => expect(location()).toBe('/goods/submitSuccess?id=77'));
    expect(server.callsTo('/goods/submit')[0]!.biz).toMatchObject({ goodsId: 77, brandName: 'Nordic Home' });
    expect(server.callsTo('/brand/queryStoreBrandList').length).toBeGreaterThan(0);
  });

  it('a store without approved brands is told so, and typing a brand name chooses nothing', async () => {
    const server = serverWithLists();
    server.on(brandEndpoints.queryStoreBrandList.path, () => ok({ list: [] }));
    const { user } = renderRelease('/goods/goodRelease', server);
    const brand = await screen.findByTestId('release-brand', undefined, { timeout: 20_000 });
    expect(brand).toHaveRole('combobox');
    expect(await screen.findByText('The shop has no approved brands yet')).toBeInTheDocument();
    await user.type(brand, 'Free Text Brand');
    await user.click(screen.getByTestId('release-submit'));
    expect(await screen.findByText('Brand is required')).toBeInTheDocument();
    expect(server.callsTo('/goods/submit')).toEqual([]);
  });

  it('keeps the SKU id of an unchanged row when editing', async () => {
    const server = serverWithLists();
    server.on(goodsEndpoints.detail.path, () => ok(storedGoods()));
    server.on(goodsEndpoints.submit.path, () => ok({ goodsId: 77, status: GOODS_STATUS.underReview }));
    const { user } = renderRelease('/goods/goodRelease/edit?id=77', server);
    await user.click(await screen.findByTestId('release-submit'));
    await waitFor(() => expect(server.callsTo('/goods/submit')).toHaveLength(1));
    expect(server.callsTo('/goods/submit')[0]!.biz.skus).toEqual([{ skuId: 901, specValues: { Size: '300x300' }, skuCode: 'T-300', price: 1250, stock: 40, warningStock: 5 }]);
  });

  it("shows the server's refusal (a store disabled by the platform) and stays on the form", async () => {
    const server = serverWithLists();
    server.on(goodsEndpoints.detail.path, () => ok(storedGoods()));
    server.on(goodsEndpoints.submit.path, () => ({ code: STORE_CODES.notAllowedInCurrentState, msg: 'the store is disabled by the platform and cannot publish goods' }));
    const { user, location } = renderRelease('/goods/goodRelease/edit?id=77', server);
    await user.click(await screen.findByTestId('release-submit'));
    expect(await screen.findByTestId('resource-form-problems')).toHaveTextContent('Submission refused: the store is disabled by the platform and cannot publish goods');
    expect(location()).toBe('/goods/goodRelease/edit?id=77');
  });

  it("puts the server's field problems on their fields in the merchant's words, a SKU cell's on its cell", async () => {
    const server = serverWithLists();
    server.on(goodsEndpoints.detail.path, () => ok(storedGoods()));
    const problems: WireProblem[] = [
      { field: 'title', problem: { rule: 'maxLength', limit: 60 } },
      { field: 'skus.0.price', problem: { rule: 'max', limit: 999999.99 } },
    ];
    server.on(goodsEndpoints.submit.path, () => ({ code: STORE_CODES.invalidParameter, msg: 'invalid parameters', errInfo: { problems } as Envelope['errInfo'] }));
    const { user } = renderRelease('/goods/goodRelease/edit?id=77', server, 'zh-CN');
    await user.click(await screen.findByTestId('release-submit', undefined, { timeout: 20_000 }));
    await waitFor(() => expect(screen.getByTestId('release-title')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByTestId('release-title')).toHaveAccessibleDescription('商品标题不能超过 60 个字符');
    expect(within(screen.getByTestId('sku-price-0')).getByRole('textbox')).toHaveAccessibleDescription('价格（元）不能超过 999999.99');
    expect(screen.queryByTestId('resource-form-problems')).not.toBeInTheDocument();
  });

  it('shows a SKU’s stored floor price, sends a typed one in cents, and refuses a floor above the price on its cell before sending', async () => {
    const server = serverWithLists();
    server.on(goodsEndpoints.detail.path, () => ok(storedGoods({ skus: [{ skuId: 901, specValues: { Size: '300x300' }, skuCode: 'T-300', price: 1250, stock: 40, warningStock: 5, stockStatus: 1, floorPrice: 1000 }] })));
    server.on(goodsEndpoints.submit.path, () => ok({ goodsId: 77, status: GOODS_STATUS.underReview }));
    const { user, location } = renderRelease('/goods/goodRelease/edit?id=77', server);
    const floor = await screen.findByLabelText('Floor price (promotions, yuan) of 300x300', undefined, { timeout: 20_000 });
    expect(floor).toHaveValue('10.00');

    await user.clear(floor);
    await user.type(floor, '12.51');
    await user.click(screen.getByTestId('release-submit'));
    await waitFor(() => expect(floor).toHaveAttribute('aria-invalid', 'true'));
    expect(floor).toHaveAccessibleDescription('Floor price (promotions, yuan) cannot be above the price');
    expect(server.callsTo('/goods/submit')).toHaveLength(0);

    await user.clear(floor);
    await user.type(floor, '12.49');
    await user.click(screen.getByTestId('release-submit'));
    await waitFor(() => expect(location()).toBe('/goods/submitSuccess?id=77'));
    expect(server.callsTo('/goods/submit')[0]!.biz.skus).toEqual([{ skuId: 901, specValues: { Size: '300x300' }, skuCode: 'T-300', price: 1250, stock: 40, warningStock: 5, floorPrice: 1249 }]);
  });

  it("puts the server's refusal of a floor price on the SKU's floor cell", async () => {
    const server = serverWithLists();
    server.on(goodsEndpoints.detail.path, () => ok(storedGoods()));
    const problems: WireProblem[] = [{ field: 'skus.0.floorPrice', problem: { rule: 'floorAbovePrice' } }];
    server.on(goodsEndpoints.submit.path, () => ({ code: STORE_CODES.invalidParameter, msg: 'skus.0.floorPrice cannot be above the price', errInfo: { problems } as Envelope['errInfo'] }));
    const { user } = renderRelease('/goods/goodRelease/edit?id=77', server, 'zh-CN');
    const floor = await screen.findByLabelText('300x300 的底价（促销，元）', undefined, { timeout: 20_000 });
    expect(floor).toHaveValue('');
    await user.type(floor, '5');
    await user.click(screen.getByTestId('release-submit'));
    await waitFor(() => expect(floor).toHaveAttribute('aria-invalid', 'true'));
    expect(floor).toHaveAccessibleDescription('底价（促销，元）不能高于售价');
    expect((server.callsTo('/goods/submit')[0]!.biz.skus as unknown[])[0]).toMatchObject({ skuId: 901, floorPrice: 500 });
  });

  it('asks before leaving with unsaved changes: stay keeps the form, leave goes', async () => {
    const { user, router, location } = renderRelease('/goods/goodRelease', serverWithLists());
    await user.type(await screen.findByTestId('release-title'), 'Half-written');
    await act(() => router.navigate('/dashboard'));
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).toBeNull());
    expect(location()).toBe('/goods/goodRelease');
    expect(screen.getByTestId('release-title')).toHaveValue('Half-written');

    await act(() => router.navigate('/dashboard'));
    await user.click(within(await screen.findByRole('dialog', { name: 'Unsaved changes' })).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(location()).toBe('/dashboard'));
  });

  it('warns the browser on reload or close only while there are unsaved changes', async () => {
    const { user } = renderRelease('/goods/goodRelease', serverWithLists());
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    await screen.findByTestId('release-title');
    expect(unload()).toBe(false);
    await user.type(screen.getByTestId('release-title'), 'x');
    expect(unload()).toBe(true);
  });

  it('saves a half-filled draft on the server, moves to the draft address, and the next save updates the same draft', async () => {
    const server = serverWithLists();
    let stored: GoodsDetail | null = null;
    server.on(goodsEndpoints.saveDraft.path, ({ biz }) => {
      const draft = biz as { title?: string; categoryId: number; specList: GoodsDetail['specList']; skus: Array<Omit<GoodsDetail['skus'][number], 'skuId' | 'stockStatus'>> };
      stored = storedGoods({
        goodsId: 120, status: GOODS_STATUS.draft, title: draft.title ?? '', brandName: '', unitId: null, images: [], freightTemplateId: null, detailHtml: '',
        categoryId: draft.categoryId, specList: draft.specList, skus: draft.skus.map((sku, index) => ({ ...sku, skuId: 950 + index, stockStatus: 3 })),
      });
      return ok({ goodsId: 120, status: GOODS_STATUS.draft });
    });
    server.on(goodsEndpoints.detail.path, ({ biz }) => (stored && biz.goodsId === 120 ? ok(stored) : { code: STORE_CODES.notFound, msg: 'goods not found' }));
    const { user, router, location } = renderRelease('/goods/goodRelease', server);
    await chooseCategory(user, server, 'Building materials / Tiles');
    await user.click(await screen.findByTestId('spec-Size-300x300'));
    await user.click(screen.getByTestId('spec-Size-600x600'));
    await user.type(screen.getByTestId('release-title'), 'Tile draft');
    await user.type(screen.getByLabelText('Bulk Price (yuan)'), '8.8');
    await user.click(screen.getByTestId('sku-bulk-apply'));
    await user.click(screen.getByTestId('release-save-draft'));

    expect(await screen.findByText('Draft saved')).toBeInTheDocument();
    const [first] = server.callsTo('/goods/saveDraft');
    expect(first!.biz).toEqual({
      categoryId: 11,
      title: 'Tile draft',
      unitId: null,
      specList: [{ specName: 'Size', values: ['300x300', '600x600'] }],
      skus: [
        { specValues: { Size: '300x300' }, skuCode: '', price: 880, stock: 0, warningStock: null },
        { specValues: { Size: '600x600' }, skuCode: '', price: 880, stock: 0, warningStock: null },
      ],
      images: [],
      video: null,
      detailType: 1,
      detailHtml: '',
      detailImages: [],
      freightTemplateId: null,
      afterSaleTemplateId: null,
      cartageTemplateId: null,
    });
    expect(goodsDraftBiz.safeParse(first!.biz).success).toBe(true);

    // Reopened from the server at the draft's own address.
    await waitFor(() => expect(location()).toBe('/goods/goodDraft/edit?id=120'));
    expect(await screen.findByRole('heading', { name: 'Edit draft' })).toBeInTheDocument();
    expect(screen.getByTestId('release-title')).toHaveValue('Tile draft');
    expect(screen.getByLabelText('Price (yuan) of 600x600')).toHaveValue('8.80');

    await user.type(screen.getByTestId('release-title'), ' v2');
    await user.click(screen.getByTestId('release-save-draft'));
    await waitFor(() => expect(server.callsTo('/goods/saveDraft')).toHaveLength(2));
    expect(server.callsTo('/goods/saveDraft')[1]!.biz).toMatchObject({ goodsId: 120, title: 'Tile draft v2' });
    expect(location()).toBe('/goods/goodDraft/edit?id=120');

    await act(() => router.navigate('/dashboard'));
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).toBeNull();
  });

  it('opens a server-side draft in goodDraft/edit with what was saved', async () => {
    const server = serverWithLists();
    server.on(goodsEndpoints.detail.path, () =>
      ok(storedGoods({ goodsId: 120, status: GOODS_STATUS.draft, title: 'Tile draft', brandName: '', unitId: null, images: [], freightTemplateId: null, skus: [{ skuId: 950, specValues: { Size: '300x300' }, skuCode: '', price: 0, stock: 0, warningStock: null, stockStatus: 3 }] })),
    );
    renderRelease('/goods/goodDraft/edit?id=120', server);
    expect(await screen.findByRole('heading', { name: 'Edit draft' })).toBeInTheDocument();
    expect(screen.getByTestId('release-title')).toHaveValue('Tile draft');
    expect(screen.getByLabelText('Price (yuan) of 300x300')).toHaveValue('');
    expect(screen.getByTestId('release-save-draft')).toBeEnabled();
  });

  it("shows the platform's rejection reason on a rejected good, and that an under-review good cannot be submitted again", async () => {
    const server = serverWithLists();
    server.on(goodsEndpoints.detail.path, ({ biz }) =>
      ok(biz.goodsId === 78 ? storedGoods({ goodsId: 78, status: GOODS_STATUS.rejected, rejectReason: 'The main image is blurred.' }) : storedGoods({ goodsId: 79, status: GOODS_STATUS.underReview })),
    );
    const { router } = renderRelease('/goods/goodRelease/edit?id=78', server);
    expect(await screen.findByTestId('release-reject-reason', undefined, { timeout: 20_000 })).toHaveTextContent('The platform rejected the last submission: The main image is blurred.');
    await act(() => router.navigate('/goods/goodRelease/edit?id=79'));
    expect(await screen.findByTestId('release-locked')).toHaveTextContent('The good is under review');
    expect(screen.queryByTestId('release-reject-reason')).toBeNull();
  });

  it('previews stored spec keys by their labels in the console language (issue 35 §8)', async () => {
    const server = serverWithLists();
    server.on('/v1/store/common/category/specList', () =>
      ok({ list: [{ id: 1, specName: 'Size', specValues: ['300x300'], specLabel: '尺寸', specValueLabels: { '300x300': '300×300 毫米' } }] }),
    );
    server.on(goodsEndpoints.detail.path, () => ok(storedGoods()));
    renderRelease('/goods/goodsPreview?id=77', server, 'zh-CN');
    const preview = await screen.findByTestId('goods-preview', undefined, { timeout: 20_000 });
    // The stored key stays 'Size' / '300x300'; the merchant reads the labels, in the spec chips and the SKU table.
    await waitFor(() => expect(within(preview).getByRole('columnheader', { name: '尺寸' })).toBeInTheDocument());
    expect(within(screen.getByTestId('preview-sku')).getByRole('cell', { name: '300×300 毫米' })).toBeInTheDocument();
    expect(within(preview).queryByText('Size')).toBeNull();
  });
});
