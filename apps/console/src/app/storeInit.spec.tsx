// §7 store init and the screens that read its shared lists, on the whole console against the contract
// fake: every shared list is asked once (in the spec's order, then the app list), and the dashboard and
// the goods release form read store init's cache entries instead of fetching their own copies.
import { act, screen, waitFor } from '@testing-library/react';
import { PERMISSIONS, accountEndpoints, commonEndpoints, payEndpoints } from '@merchant/api-contracts';
import { renderSignedIn, waitForPath } from '../../test/renderConsole';
import { DEMO_USER, createFakeStoreServer, type FakeStoreServer, type FakeUser } from '../../test/fakeStoreServer';
import { onContract } from '../resource-kit/contractFake';

const CITY_PATH = commonEndpoints.cities.path;
const DICTIONARY_PATH = commonEndpoints.dictionary.path;
const BLACKLIST_PATH = payEndpoints.getWithdrawBlacklistByUid.path;
const HOME_PATH = accountEndpoints.storePcHome.path;
const CATEGORY_PATH = commonEndpoints.categoryTree.path;
const APP_LIST_PATH = commonEndpoints.apps.path;
const SHARED_PATHS: readonly string[] = [CITY_PATH, DICTIONARY_PATH, BLACKLIST_PATH, HOME_PATH, CATEGORY_PATH, APP_LIST_PATH];

/** Every permission: the goods release screen needs goods:edit. */
const OWNER: FakeUser = { ...DEMO_USER, info: { ...DEMO_USER.info, permissions: Object.values(PERMISSIONS) } };

/** The shared lists as store-server answers them (data checked against each contract). */
function serverWithSharedLists(signedIn: FakeUser = OWNER): FakeStoreServer {
  const server = createFakeStoreServer([signedIn]);
  onContract(server, commonEndpoints.cities, () => ({
    list: [
      { cityCode: '440000', parentCode: '0', cityName: 'Guangdong', level: 1 },
      { cityCode: '440300', parentCode: '440000', cityName: 'Shenzhen', level: 2 },
    ],
  }));
  onContract(server, commonEndpoints.dictionary, ({ dictType }) => ({ list: [{ value: 1, label: `${dictType} 1` }] }));
  onContract(server, payEndpoints.getWithdrawBlacklistByUid, () => ({ isBlacklist: false, blacklistRemark: '' }));
  onContract(server, accountEndpoints.storePcHome, () => ({
    storeName: 'Demo Flagship Store',
    storeStatus: 2,
    storeType: 1,
    isBlacklist: true,
    blacklistRemark: 'dispute under review',
    existsPromise: true,
    existsProtocol: true,
    storeLicenseDays: 200,
    brandExpiryDays: null,
  }));
  onContract(server, commonEndpoints.categoryTree, () => ({
    list: [{ id: 1, parentId: 0, categoryName: 'Building materials', level: 1, children: [{ id: 11, parentId: 1, categoryName: 'Tiles', level: 2 }] }],
  }));
  onContract(server, commonEndpoints.apps, () => ({
    list: [
      { appId: 1, appName: 'decoration' },
      { appId: 2, appName: 'craftsman' },
      { appId: 3, appName: 'merchant' },
      { appId: 4, appName: 'mini-program' },
    ],
  }));
  onContract(server, commonEndpoints.storeCategories, () => ({ list: [{ id: 11, parentId: 1, categoryName: 'Tiles' }] }));
  return server;
}

/** The shared-list requests in the order they were made; a dictionary is named by its type. */
function sharedCalls(server: FakeStoreServer): string[] {
  return server.calls
    .filter((call) => SHARED_PATHS.includes(call.path))
    .map((call) => (call.path === DICTIONARY_PATH ? `dictionary:${String(call.biz.dictType)}` : call.path));
}

/** Store init's last step is the app list: once it is asked and answered, every shared list was. */
async function storeInitDone(server: FakeStoreServer) {
  await waitFor(() => expect(server.callsTo(APP_LIST_PATH)).toHaveLength(1), { timeout: 10_000 });
}

const ONCE_EACH = [
  CITY_PATH,
  'dictionary:stockStatus',
  'dictionary:freightTemplateStatus',
  'dictionary:deliveryRangeStatus',
  BLACKLIST_PATH,
  HOME_PATH,
  CATEGORY_PATH,
  APP_LIST_PATH,
];

// The whole console renders in jsdom: slow on a shared machine.
jest.setTimeout(60_000);
afterEach(() => window.sessionStorage.clear());

describe('store init', () => {
  it('loads the shared lists in the spec order: city, three statuses, blacklist, exists, category (then the app list), each once', async () => {
    const server = serverWithSharedLists();
    await renderSignedIn({ server, path: '/help/help' });
    await storeInitDone(server);
    expect(sharedCalls(server)).toEqual(ONCE_EACH);
  });

  it('leaves out the lists whose contract needs a code the user lacks (blacklist: wallet:view, storePcHome: dashboard:view)', async () => {
    const lacking = [payEndpoints.getWithdrawBlacklistByUid.permission, accountEndpoints.storePcHome.permission];
    const staff: FakeUser = { ...OWNER, info: { ...OWNER.info, permissions: Object.values(PERMISSIONS).filter((code) => !lacking.includes(code)) } };
    const server = serverWithSharedLists(staff);
    await renderSignedIn({ server, path: '/help/help' });
    await storeInitDone(server);
    expect(sharedCalls(server)).toEqual(ONCE_EACH.filter((path) => path !== BLACKLIST_PATH && path !== HOME_PATH));
  });

  it('asks storePcHome once when the console starts on the dashboard: the dashboard reads the store init entry', async () => {
    const server = serverWithSharedLists();
    await renderSignedIn({ server, path: '/dashboard' });
    await storeInitDone(server);
    expect(await screen.findByTestId('dashboard-notice-blacklist')).toHaveTextContent('dispute under review');
    // The dashboard asked first, so its request comes before store init's city list; each list still once.
    expect([...sharedCalls(server)].sort()).toEqual([...ONCE_EACH].sort());
  });

  it('opening the dashboard after start-up shows the storePcHome of store init without asking again', async () => {
    const server = serverWithSharedLists();
    const { router, location } = await renderSignedIn({ server, path: '/help/help' });
    await storeInitDone(server);
    await act(() => router.navigate('/dashboard'));
    await waitForPath(location, '/dashboard');
    expect(await screen.findByTestId('dashboard-notice-blacklist')).toHaveTextContent('dispute under review');
    expect(server.callsTo(HOME_PATH)).toHaveLength(1);
  });
});

describe('screens reading the shared lists', () => {
  it('the goods release form offers the categories of the store init tree without fetching it again', async () => {
    const server = serverWithSharedLists();
    const { router, location, user } = await renderSignedIn({ server, path: '/help/help' });
    await storeInitDone(server);
    await act(() => router.navigate('/goods/goodRelease'));
    await waitForPath(location, '/goods/goodRelease');
    const category = await screen.findByRole('combobox', { name: /Backend category/ }, { timeout: 20_000 });
    await waitFor(() => expect(server.callsTo(commonEndpoints.storeCategories.path)).toHaveLength(1));
    await user.click(category);
    expect(await screen.findByRole('option', { name: 'Building materials / Tiles' })).toBeInTheDocument();
    expect(server.callsTo(CATEGORY_PATH)).toHaveLength(1);
  });
});
