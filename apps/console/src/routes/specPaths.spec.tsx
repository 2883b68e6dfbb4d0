// console-spec §2 paths of screens that used to live at other addresses: goodRelease/edit,
// orderAfter/orderAfterAll (+details) and the hidden route /message/message. Each spec path renders
// its screen under its manifest title, and each old address redirects there with its query.
import { act, screen } from '@testing-library/react';
import { PERMISSIONS } from '@merchant/api-contracts';
import { buildMenu, collectPaths } from './routeHandle';
import { routeManifest } from './manifest';
import { renderConsole, waitForPath } from '../../test/renderConsole';
import { DEMO_USER, createFakeStoreServer, type FakeUser } from '../../test/fakeStoreServer';
import { fakeAfterSales, refundRecord } from '../features/after-sales/afterSalesFake';

const OWNER: FakeUser = { ...DEMO_USER, token: 'token-spec-paths', info: { ...DEMO_USER.info, permissions: Object.values(PERMISSIONS) } };
const LOAD = { timeout: 30_000 };
// The whole console renders in jsdom: slow on a shared machine.
jest.setTimeout(90_000);
afterEach(() => window.sessionStorage.clear());

function open(path: string) {
  const server = createFakeStoreServer([OWNER]);
  fakeAfterSales(server, { refunds: [refundRecord(5, 2)] });
  return renderConsole({ path, token: OWNER.token, server });
}

/** The tab of the page being shown carries its manifest title. */
async function expectTag(path: string, title: string) {
  expect(await screen.findByTestId(`tag-${path}`, {}, LOAD)).toHaveTextContent(title);
}

describe('the manifest declares the spec paths', () => {
  const paths = collectPaths(routeManifest);

  it.each(['/goods/goodRelease', '/goods/goodRelease/edit', '/order/orderAfter/orderAfterAll', '/order/orderAfter/orderAfterAll/details', '/message/message'])(
    'declares %s',
    (path) => {
      expect(paths).toContain(path);
    },
  );

  it('offers the refund list at its spec path in the menu, and neither the old addresses, the edit screen nor the hidden chat route', () => {
    const menu = buildMenu(routeManifest, { storeType: 1, permissions: Object.values(PERMISSIONS) });
    const menuPaths = menu.flatMap((entry) => (entry.kind === 'group' ? entry.items.map((item) => item.path) : [entry.path]));
    expect(menuPaths).toContain('/order/orderAfter/orderAfterAll');
    expect(menuPaths).toContain('/goods/goodRelease');
    expect(menuPaths.filter((path) => ['/order/orderAfterAll', '/goods/goodRelease/edit', '/message', '/message/message'].includes(path))).toEqual([]);
  });
});

describe('spec paths render their screens', () => {
  it('/order/orderAfter/orderAfterAll lists the refunds, and its details open one', async () => {
    const { router, location } = open('/order/orderAfter/orderAfterAll');
    expect(await screen.findByText(refundRecord(5, 2).refundNo, {}, LOAD)).toBeInTheDocument();
    await expectTag('/order/orderAfter/orderAfterAll', 'All after-sales');
    await act(() => router.navigate('/order/orderAfter/orderAfterAll/details?id=5'));
    expect(await screen.findByTestId('refund-detail', {}, LOAD)).toBeInTheDocument();
    await expectTag('/order/orderAfter/orderAfterAll/details', 'After-sales order details');
    expect(location()).toBe('/order/orderAfter/orderAfterAll/details?id=5');
  });

  it('/goods/goodRelease/edit opens the edit screen of the good in ?id= (without one, says the id is missing)', async () => {
    const { location } = open('/goods/goodRelease/edit');
    expect(await screen.findByTestId('release-load-error', {}, LOAD)).toBeInTheDocument();
    await expectTag('/goods/goodRelease/edit', 'Edit goods');
    expect(location()).toBe('/goods/goodRelease/edit');
  });

  it('/goods/goodRelease without ?id= stays the release screen', async () => {
    const { location } = open('/goods/goodRelease');
    expect(await screen.findByTestId('release-form', {}, LOAD)).toBeInTheDocument();
    await expectTag('/goods/goodRelease', 'Release goods');
    expect(location()).toBe('/goods/goodRelease');
  });

  it('/message/message shows the chat page', async () => {
    open('/message/message');
    expect(await screen.findByRole('heading', { name: 'Customer messages' }, LOAD)).toBeInTheDocument();
    await expectTag('/message/message', 'Messages');
  });
});

describe('old addresses redirect to the spec paths with their query', () => {
  it.each([
    ['/order/orderAfterAll?status=2', '/order/orderAfter/orderAfterAll?status=2'],
    ['/order/orderAfterAll/details?id=5', '/order/orderAfter/orderAfterAll/details?id=5'],
    ['/goods/goodRelease?id=77', '/goods/goodRelease/edit?id=77'],
    ['/message?session=p2p-c_demo1', '/message/message?session=p2p-c_demo1'],
  ])('%s → %s', async (from, to) => {
    const { location } = open(from);
    await waitForPath(location, to);
  });
});
