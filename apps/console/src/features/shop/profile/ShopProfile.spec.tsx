// Issue 26 §1: the shop profile view (grouped, phones masked as the server sends them, the edit button only with
// shop:edit) and its at-once edit form on the kit (contract rules on the fields, the biz sent, a server field
// problem on its field, in Chinese too).
import { screen, waitFor, within } from '@testing-library/react';
import { PERMISSIONS, STORE_CODES, accountEndpoints, commonEndpoints } from '@merchant/api-contracts';
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

function open(path: string, who: FakeUser = OWNER) {
  const server = createFakeStoreServer([who]);
  server.on(accountEndpoints.getStoreInfo.path, () => ok(SHOP));
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
