// /shop/accountMgmt/staff/:userId/access (issue 26 §4): the effective-access report in the whole console against a
// fake store-server speaking staffEffectiveAccess. The screens come from the console's own route manifest, so the
// expected counts are computed from it here too (accessReport.codedScreens), with storeType rules honoured.
import { screen, within } from '@testing-library/react';
import { ALL_PERMISSION_CODES, PERMISSIONS, STAFF_STATUS } from '@merchant/api-contracts';
import { renderConsole } from '../../../../test/renderConsole';
import { DEMO_USER, createFakeStoreServer, type FakeUser } from '../../../../test/fakeStoreServer';
import { routeManifest } from '../../../routes/manifest';
import { accessSummary, callsCheckingCode, codedScreens } from './accessReport';
import { OWNER_ACCOUNT, effectiveAccessOf, fakeStaff, staffAccount, staffRole, type StaffFakeData } from './staffFake';

jest.setTimeout(90_000);
afterEach(() => window.sessionStorage.clear());

const LOAD = { timeout: 30_000 };
const OWNER: FakeUser = { ...DEMO_USER, token: 'token-owner', info: { ...DEMO_USER.info, uid: String(OWNER_ACCOUNT.userId), permissions: Object.values(PERMISSIONS) } };
const SERVICE_OWNER: FakeUser = { ...OWNER, token: 'token-service', info: { ...OWNER.info, storeType: 3 } };

const ROLE_STAFF = staffRole(1, 'staff', [PERMISSIONS.goodsView, PERMISSIONS.orderView, PERMISSIONS.inventoryView], { memberCount: 1 });
const ROLE_SHIPPING = staffRole(3, 'shipping', [PERMISSIONS.orderView, PERMISSIONS.orderShip], { memberCount: 1 });
const ASSISTANT = staffAccount(2001, { userName: 'demo_staff', nickname: 'Shop assistant', roles: [{ roleId: 1, name: 'staff' }, { roleId: 3, name: 'shipping' }] });

function open(userId: number, options: { user?: FakeUser; accounts?: StaffFakeData['accounts'] } = {}) {
  const user = options.user ?? OWNER;
  const server = createFakeStoreServer([user]);
  fakeStaff(server, { accounts: options.accounts ?? [OWNER_ACCOUNT, ASSISTANT], roles: [ROLE_STAFF, ROLE_SHIPPING] });
  return renderConsole({ path: `/shop/accountMgmt/staff/${userId}/access`, token: user.token, server });
}

const codeItem = (code: string) => screen.getByTestId(`access-code-${code}`);

describe('/shop/accountMgmt/staff/:userId/access', () => {
  it('lists a screen for a held code with the roles that give it, and marks a missing one with its reason', async () => {
    open(2001);
    expect(await screen.findByRole('heading', { name: 'Access of Shop assistant (demo_staff)', level: 1 }, LOAD)).toBeInTheDocument();

    const goodsView = codeItem(PERMISSIONS.goodsView);
    expect(within(goodsView).getByRole('heading', { level: 3 })).toHaveTextContent('View goods');
    expect(within(goodsView).getByTestId('access-code-status')).toHaveTextContent('Held · From role staff');
    expect(goodsView).toHaveTextContent('Lets one: See goods, drafts, stock and stock warnings');
    expect(within(goodsView).getByRole('link', { name: 'Goods list' })).toHaveAttribute('href', '/goods/goodList/goodAll');

    // Two roles give it: both are named.
    expect(within(codeItem(PERMISSIONS.orderView)).getByTestId('access-code-status')).toHaveTextContent('Held · From role staff, shipping');

    const payPassword = codeItem(PERMISSIONS.payPassword);
    expect(within(payPassword).getByTestId('access-code-status')).toHaveTextContent('Not held · No role gives it');
    expect(payPassword).toHaveTextContent(`Server calls that check it (${callsCheckingCode(PERMISSIONS.payPassword).length})`);
    expect(within(payPassword).getByText('user/initPayPassword')).toBeInTheDocument();
  });

  it('sums up how many menu screens the account can open and cannot, from the route manifest', async () => {
    open(2001);
    const summary = await screen.findByTestId('access-summary', {}, LOAD);
    const expected = accessSummary(effectiveAccessOf(ASSISTANT, [ROLE_STAFF, ROLE_SHIPPING]), codedScreens(routeManifest, 1));
    expect(expected.open.length).toBeGreaterThan(0);
    expect(expected.closed.length).toBeGreaterThan(0);
    expect(within(summary).getByTestId('access-summary-screens')).toHaveTextContent(`Can open ${expected.open.length} screens; cannot open ${expected.closed.length}.`);
    expect(summary).toHaveTextContent(`Holds 4 of ${ALL_PERMISSION_CODES.length} codes`);
    // The screens of this area's own calls need staff:manage, which the assistant lacks.
    expect(expected.closed.map((entry) => entry.path)).toEqual(expect.arrayContaining(['/shop/accountMgmt/staff', '/shop/accountMgmt/roles']));
    expect(expected.open.map((entry) => entry.path)).toContain('/goods/goodList/goodAll');
    const listed = within(within(summary).getByTestId('access-open-screens')).getAllByRole('link');
    expect(listed.map((link) => link.getAttribute('href'))).toEqual(expected.open.map((entry) => entry.path));
  });

  it("leaves out the screens a service store's type never sees (§6 storeType rules)", async () => {
    open(2001, { user: SERVICE_OWNER });
    const inventory = await screen.findByTestId(`access-code-${PERMISSIONS.inventoryView}`, {}, LOAD);
    expect(within(inventory).getByTestId('access-code-status')).toHaveTextContent('Held');
    expect(inventory).toHaveTextContent('No menu screen needs only this code');
    expect(codedScreens(routeManifest, 1).some((entry) => entry.needs.includes(PERMISSIONS.inventoryView))).toBe(true);
  });

  it('says a disabled account holds nothing, and the owner every code, in Chinese too', async () => {
    const disabled = staffAccount(2004, { userName: 'gone', nickname: '', status: STAFF_STATUS.disabled, roles: [{ roleId: 1, name: 'staff' }] });
    const { user } = open(2004, { accounts: [OWNER_ACCOUNT, disabled] });
    expect(await screen.findByRole('heading', { name: 'Access of gone', level: 1 }, LOAD)).toBeInTheDocument();
    expect(within(codeItem(PERMISSIONS.goodsView)).getByTestId('access-code-status')).toHaveTextContent('Not held · The account is disabled');
    expect(screen.getByTestId('access-summary-screens')).toHaveTextContent('Can open 0 screens');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'zh-CN');
    expect(await screen.findByRole('heading', { name: 'gone 的权限明细', level: 1 })).toBeInTheDocument();
    expect(within(codeItem(PERMISSIONS.goodsView)).getByTestId('access-code-status')).toHaveTextContent('未拥有 · 账号已停用');
    expect(within(codeItem(PERMISSIONS.goodsView)).getByRole('heading', { level: 3 })).toHaveTextContent('查看商品');
  });

  it('the owner holds every code', async () => {
    open(OWNER_ACCOUNT.userId);
    await screen.findByTestId('access-summary', {}, LOAD);
    expect(within(codeItem(PERMISSIONS.walletWithdraw)).getByTestId('access-code-status')).toHaveTextContent('Held · The owner holds every code');
    expect(screen.getByTestId('access-summary-screens')).toHaveTextContent('cannot open 0.');
  });
});
