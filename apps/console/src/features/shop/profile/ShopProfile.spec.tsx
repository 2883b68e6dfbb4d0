// Issue 26 §1: the shop profile view (grouped, phones masked as the server sends them, the edit button only with
// shop:edit) and its at-once edit form on the kit (contract rules on the fields, the biz sent, a server field
// problem on its field, in Chinese too).
import { screen, waitFor, within } from '@testing-library/react';
import { PERMISSIONS, STORE_CODES, accountEndpoints, commonEndpoints, storeInfoChangeEndpoints } from '@merchant/api-contracts';
import { mediaLibraryPaths } from '@merchant/media-library';
import { installInertWorker } from '../../../../test/inertWorker';
import { renderConsole, waitForPath } from '../../../../test/renderConsole';
import { DEMO_USER, createFakeStoreServer, ok, type FakeUser } from '../../../../test/fakeStoreServer';
import { SHOP_PROFILE_PATHS } from './paths';

const OWNER: FakeUser = { ...DEMO_USER, token: 'token-owner', info: { ...DEMO_USER.info, permissions: Object.values(PERMISSIONS) } };
const VIEWER: FakeUser = { ...DEMO_USER, userName: 'viewer', token: 'token-viewer', info: { ...DEMO_USER.info, permissions: [PERMISSIONS.shopView] } };

const SHOP = {
  storeId: 1001,
  storeName: 'Demo Flagship Store',
  storeType: 1,
  storeStatus: 2,
  principalType: 2,
  storeLogoUrl: '',
  storeIntro: 'Tiles and paint',
  address: '1 Demo Road',
  cityCode: '310100',
  mobile: '138****1001',
  categories: [{ categoryId: 11, categoryName: 'Tiles', parentId: 1 }],
  contactName: 'Demo Owner',
  contactMobile: '139****5678',
  legalPersonName: 'Zhang San',
  legalPersonIdNumber: '110***********002X',
  licenseNumber: '91310000MA1FL0000X',
  licenseImageUrl: '/static/demo/license.png',
  licenseExpireTime: 1_800_000_000,
  brandName: 'Acme',
  brandExpireTime: null,
};

installInertWorker();

const PENDING_LICENSE = {
  changeId: 5,
  kind: 'license',
  status: 1,
  changes: { licenseNumber: '91310000MA1FL0001X', licenseImageUrl: '/static/demo/license-new.png', licenseExpireTime: 1_900_000_000 },
  categories: [],
  rejectReason: '',
  createTime: 1_765_000_000,
  decideTime: null,
};
const REJECTED_LEGAL_PERSON = {
  changeId: 4,
  kind: 'legalPerson',
  status: 3,
  changes: { legalPersonName: 'Wang Wu', legalPersonIdNumber: '110***********002X' },
  categories: [],
  rejectReason: 'the ID card photo is unreadable',
  createTime: 1_764_000_000,
  decideTime: 1_764_100_000,
};
const MEDIA = mediaLibraryPaths();
const PHOTO = {
  fileId: 41,
  objectName: 'licence-2027.png',
  objectUrl: 'http://127.0.0.1:3100/v1/store/media/objects/get?key=store-1001%2Flicence-2027.png&expires=1&signature=x',
  objectSuffix: 'png',
  catalogPath: '/noWatermark',
  createDate: 1_763_900_000,
  referenceCount: 0,
  fileTags: [],
};

function open(path: string, who: FakeUser = OWNER, changes: unknown[] = []) {
  const server = createFakeStoreServer([who]);
  server.on(accountEndpoints.getStoreInfo.path, () => ok(SHOP));
  server.on(storeInfoChangeEndpoints.queryStoreInfoChanges.path, () => ok({ list: changes }));
  server.on(MEDIA.queryCatalogListByPath, () => ok([{ path: '/noWatermark', name: 'noWatermark', catalogList: [] }]));
  server.on(MEDIA.queryResourceFileListByPath, ({ biz }) => ok({ list: [PHOTO], total: 1, pageNum: biz.pageNum ?? 1, pageSize: biz.pageSize ?? 5 }));
  server.on(commonEndpoints.cities.path, () => ok({ list: [{ cityCode: '310100', parentCode: '310000', cityName: 'Shanghai City', level: 2 }] }));
  return renderConsole({ path, token: who.token, server });
}

describe('/shop/shopMsg/shopMssage', () => {
  it('shows the shop grouped, phones and the ID number masked as sent, the city by name', async () => {
    open(SHOP_PROFILE_PATHS.view);
    const license = await screen.findByRole('region', { name: 'Business licence' }, { timeout: 10_000 });
    expect(within(license).getByTestId('shop-profile-licenseNumber')).toHaveTextContent('91310000MA1FL0000X');
    expect(within(license).getByRole('img', { name: 'Licence image' })).toHaveAttribute('src', '/static/demo/license.png');
    expect(screen.getByTestId('shop-profile-storeType')).toHaveTextContent('flagship store');
    expect(await screen.findByText('Shanghai City')).toBeInTheDocument();
    const contact = screen.getByRole('region', { name: 'Contact' });
    expect(within(contact).getByTestId('shop-profile-contactMobile')).toHaveTextContent('139****5678');
    expect(within(contact).getByTestId('shop-profile-mobile')).toHaveTextContent('138****1001');
    expect(screen.getByTestId('shop-profile-legalPersonIdNumber')).toHaveTextContent('110***********002X');
    expect(within(screen.getByRole('region', { name: 'Business categories' })).getByText('Tiles')).toBeInTheDocument();
    expect(screen.getByTestId('shop-profile-logo')).toHaveTextContent('Not given');
    expect(screen.getByTestId('shop-profile-brandExpire')).toHaveTextContent('No end date');
    expect(screen.getByTestId('shop-profile-edit')).toBeEnabled();
  });

  it('without shop:edit the edit button is disabled', async () => {
    open(SHOP_PROFILE_PATHS.view, VIEWER);
    expect(await screen.findByTestId('shop-profile-edit', undefined, { timeout: 10_000 })).toBeDisabled();
  });
});

describe('/shop/shopMsg/shopMssage/edit', () => {
  it('an emptied contact shows the contract rule on the field and calls nothing', async () => {
    const { user, server } = open(SHOP_PROFILE_PATHS.edit);
    const name = await screen.findByTestId('shop-edit-contact-name', undefined, { timeout: 10_000 });
    await user.clear(name);
    await user.click(screen.getByTestId('shop-edit-save'));
    await waitFor(() => expect(name).toHaveAccessibleDescription('Contact is required'));
    expect(name).toHaveFocus();
    expect(server.callsTo('/updateStoreInfo')).toEqual([]);
  });

  it('saves the at-once fields (an empty mobile keeps the current one) and goes back to the view', async () => {
    const { user, server, location } = open(SHOP_PROFILE_PATHS.edit);
    server.on(accountEndpoints.updateStoreInfo.path, () => ok({ ...SHOP, storeIntro: 'New intro', contactName: 'Li Si' }));
    const intro = await screen.findByTestId('shop-edit-intro', undefined, { timeout: 10_000 });
    expect(screen.getByTestId('shop-edit-current-mobile')).toHaveTextContent('139****5678');
    await user.clear(intro);
    await user.type(intro, 'New intro');
    await user.clear(screen.getByTestId('shop-edit-contact-name'));
    await user.type(screen.getByTestId('shop-edit-contact-name'), 'Li Si');
    await user.click(screen.getByTestId('shop-edit-save'));
    await waitForPath(location, SHOP_PROFILE_PATHS.view);
    expect(server.callsTo('/updateStoreInfo').map((call) => call.biz)).toEqual([{ storeIntro: 'New intro', address: '1 Demo Road', contactName: 'Li Si' }]);
    expect(await screen.findByTestId('notification')).toHaveTextContent('modified successfully');
  });

  it('a new contact mobile is sent; the server’s problem on it lands on the field, in Chinese', async () => {
    const { user, server, location } = open(SHOP_PROFILE_PATHS.edit);
    server.on(accountEndpoints.updateStoreInfo.path, () => ({
      code: STORE_CODES.invalidParameter,
      msg: '参数错误',
      errInfo: { problems: [{ field: 'contactMobile', problem: { rule: 'phone' } }] },
    }));
    await screen.findByTestId('shop-edit-save', undefined, { timeout: 10_000 });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'zh-CN');
    expect(await screen.findByRole('heading', { name: '编辑店铺信息' })).toBeInTheDocument();
    const mobile = screen.getByTestId('shop-edit-contact-mobile');
    await user.type(mobile, '13912345678');
    await user.click(screen.getByTestId('shop-edit-save'));
    await waitFor(() => expect(mobile).toHaveAccessibleDescription('手机号格式错误'));
    expect(server.callsTo('/updateStoreInfo').map((call) => call.biz.contactMobile)).toEqual(['13912345678']);
    expect(location()).toBe(SHOP_PROFILE_PATHS.edit);
  });
});

describe('reviewed changes (store, storeLicense, legalPerson, jyEdit)', () => {
  it('shows the pending licence beside the current one, and a rejected change with its reason', async () => {
    open(SHOP_PROFILE_PATHS.view, OWNER, [PENDING_LICENSE, REJECTED_LEGAL_PERSON]);
    const pending = await screen.findByTestId('shop-change-license', undefined, { timeout: 10_000 });
    expect(within(pending).getByTestId('shop-change-license-status')).toHaveTextContent('under review');
    expect(within(pending).getByTestId('shop-change-license-licenseNumber')).toHaveTextContent('91310000MA1FL0001X');
    // The approved licence stays what the shop sells on.
    expect(screen.getByTestId('shop-profile-licenseNumber')).toHaveTextContent('91310000MA1FL0000X');
    const rejected = screen.getByTestId('shop-change-legalPerson');
    expect(within(rejected).getByTestId('shop-change-legalPerson-status')).toHaveTextContent('rejected');
    expect(within(rejected).getByTestId('shop-change-legalPerson-reason')).toHaveTextContent('Reason: the ID card photo is unreadable');
    expect(screen.queryByTestId('shop-change-store')).toBeNull();
  });

  it('storeLicense: no image is refused on the field; a picked image and a day are sent for review', async () => {
    const { user, server, location } = open(SHOP_PROFILE_PATHS.storeLicense);
    server.on(storeInfoChangeEndpoints.applyStoreLicenseChange.path, ({ biz }) => ok({ ...PENDING_LICENSE, changes: biz }));
    const group = await screen.findByRole('group', { name: /Licence image/ }, { timeout: 10_000 });
    await user.click(within(group).getByRole('button', { name: /remove/i }));
    await user.click(screen.getByTestId('shop-review-submit'));
    await waitFor(() => expect(screen.getByRole('group', { name: /Licence image/ })).toHaveAccessibleDescription('Licence image is required'));
    expect(server.callsTo('/applyStoreLicenseChange')).toEqual([]);

    await user.click(within(screen.getByRole('group', { name: /Licence image/ })).getByRole('button', { name: /click to upload/ }));
    const library = await screen.findByRole('dialog', { name: 'select image' });
    await user.click(await within(library).findByRole('checkbox', { name: 'choose licence-2027.png' }));
    await user.click(within(library).getByRole('button', { name: 'confirm' }));
    const number = screen.getByTestId('shop-review-licenseNumber');
    await user.clear(number);
    await user.type(number, '91310000MA1FL0001X');
    await user.click(screen.getByTestId('shop-review-submit'));
    await waitForPath(location, SHOP_PROFILE_PATHS.view);
    const [sent] = server.callsTo('/applyStoreLicenseChange').map((call) => call.biz);
    expect(sent).toMatchObject({ licenseNumber: '91310000MA1FL0001X', licenseImageUrl: PHOTO.objectUrl });
    expect(typeof sent!.licenseExpireTime).toBe('number');
    expect(await screen.findByTestId('notification')).toHaveTextContent('Submitted for review');
  });

  it('legalPerson: the contract’s ID-number rule on the field, in Chinese', async () => {
    const { user, server } = open(SHOP_PROFILE_PATHS.legalPerson);
    await screen.findByTestId('shop-review-submit', undefined, { timeout: 10_000 });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'zh-CN');
    const id = await screen.findByTestId('shop-review-legalPersonIdNumber');
    await user.type(id, '1234');
    await user.click(screen.getByTestId('shop-review-submit'));
    await waitFor(() => expect(id).toHaveAccessibleDescription('法人身份证号须为 18 位身份证号'));
    expect(server.callsTo('/applyLegalPersonChange')).toEqual([]);
  });

  it('jyEdit: a category with goods on shelf is refused with the server’s count and the screen stays', async () => {
    const { user, server, location } = open(SHOP_PROFILE_PATHS.jyEdit);
    server.on(storeInfoChangeEndpoints.applyStoreCategoriesChange.path, () => ({ code: STORE_CODES.categoryHasOnShelfGoods, msg: 'this business category still has goods on shelf; take them off shelf before removing it: Tiles (3 on shelf)' }));
    server.on('/v1/store/eshop/expand/category/tree', () => ok({ list: [{ id: 1, categoryName: 'Home', parentId: 0, level: 1, children: [{ id: 11, categoryName: 'Tiles', parentId: 1, level: 2 }, { id: 12, categoryName: 'Paint', parentId: 1, level: 2 }] }] }));
    await screen.findByTestId('shop-review-submit', undefined, { timeout: 10_000 });
    await user.click(screen.getByTestId('shop-review-categories'));
    await user.click(await screen.findByRole('option', { name: 'Paint' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByTestId('shop-review-submit'));
    expect(await screen.findByTestId('notification')).toHaveTextContent('Tiles (3 on shelf)');
    expect(server.callsTo('/applyStoreCategoriesChange').map((call) => call.biz.categoryIds)).toEqual([[11, 12]]);
    expect(location()).toBe(SHOP_PROFILE_PATHS.jyEdit);
  });

  it('a kind already under review says so and cannot be sent again', async () => {
    open(SHOP_PROFILE_PATHS.storeLicense, OWNER, [PENDING_LICENSE]);
    expect(await screen.findByTestId('shop-review-waiting', undefined, { timeout: 10_000 })).toHaveTextContent('already under review');
    expect(screen.getByTestId('shop-review-submit')).toBeDisabled();
  });
});
