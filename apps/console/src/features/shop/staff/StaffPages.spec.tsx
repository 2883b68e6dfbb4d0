// /shop/accountMgmt/staff and /shop/accountMgmt/roles (issue 26 §4) in the whole console against a fake store-server
// that speaks the contracts (staffEndpoints): the owner's row offers nothing, adding a staff account sends the
// contract's biz, the role editor disables codes the caller may not give, and deleting a role asks first.
import { screen, waitFor, within } from '@testing-library/react';
import { PERMISSIONS, STAFF_STATUS, STORE_CODES, type PermissionCode } from '@merchant/api-contracts';
import { renderConsole, waitForPath } from '../../../../test/renderConsole';
import { DEMO_USER, createFakeStoreServer, ok, type FakeUser } from '../../../../test/fakeStoreServer';
import { OWNER_ACCOUNT, fakeStaff, staffAccount, staffRole, type StaffFakeData } from './staffFake';

jest.setTimeout(90_000);
afterEach(() => window.sessionStorage.clear());

const LOAD = { timeout: 30_000 };
const STAFF = '/v1/store/eshop/store/staff';
const OWNER: FakeUser = {
  ...DEMO_USER,
  token: 'token-owner',
  info: { ...DEMO_USER.info, uid: String(OWNER_ACCOUNT.userId), permissions: Object.values(PERMISSIONS), owner: true },
};
/** A staff member who manages staff but holds only a few codes. */
const MANAGER_CODES: PermissionCode[] = [PERMISSIONS.staffManage, PERMISSIONS.goodsView, PERMISSIONS.goodsEdit];
const MANAGER: FakeUser = { ...DEMO_USER, token: 'token-manager', info: { ...DEMO_USER.info, uid: '2002', permissions: MANAGER_CODES } };

const ROLE_STAFF = staffRole(1, 'staff', [PERMISSIONS.goodsView, PERMISSIONS.orderView], { memberCount: 1 });
const ROLE_FINANCE = staffRole(2, 'finance', [PERMISSIONS.tradeView, PERMISSIONS.walletView], { memberCount: 2 });

function data(): StaffFakeData {
  return {
    accounts: [OWNER_ACCOUNT, staffAccount(2001, { userName: 'demo_staff', nickname: 'Shop assistant', roles: [{ roleId: 1, name: 'staff' }], lastSignInAt: 1_780_100_000 })],
    roles: [ROLE_STAFF, ROLE_FINANCE],
  };
}

function open(path: string, user: FakeUser = OWNER, fake: StaffFakeData = data()) {
  const server = createFakeStoreServer([user]);
  fakeStaff(server, fake);
  return renderConsole({ path, token: user.token, server });
}

const rowOf = (name: string) => screen.getAllByRole('row').find((row) => within(row).queryByText(name) !== null)!;

describe('/shop/accountMgmt/staff', () => {
  it('lists the owner marked "owner" with no actions, and a manageable staff row with its actions', async () => {
    open('/shop/accountMgmt/staff');
    expect(await screen.findByRole('heading', { name: 'Staff accounts', level: 1 }, LOAD)).toBeInTheDocument();
    const owner = rowOf('demo_merchant');
    expect(within(owner).getByTestId('staff-owner')).toHaveTextContent('Owner');
    expect(within(owner).getByTestId('staff-no-actions')).toHaveTextContent('cannot be changed');
    expect(within(owner).queryAllByRole('button')).toEqual([]);
    const staff = rowOf('demo_staff');
    expect(staff).toHaveTextContent('Shop assistant');
    expect(staff).toHaveTextContent('staff');
    expect(staff).toHaveTextContent('enabled');
    expect(within(staff).getByRole('button', { name: 'Edit' })).toBeEnabled();
    expect(within(staff).getByRole('button', { name: 'Disable' })).toBeEnabled();
  });

  it('offers no change of an account the caller may not manage', async () => {
    const fake = data();
    fake.accounts[1] = { ...fake.accounts[1]!, manageable: false };
    open('/shop/accountMgmt/staff', OWNER, fake);
    await screen.findByText('demo_staff', {}, LOAD);
    const staff = rowOf('demo_staff');
    expect(within(staff).getByRole('button', { name: 'Edit' })).toBeDisabled();
    expect(within(staff).getByRole('button', { name: 'Disable' })).toBeDisabled();
    expect(staff).toHaveTextContent('you cannot change it');
  });

  it("adds a staff account with the contract's biz: the confirmation checked and never sent, the roles by id", async () => {
    const { user, server } = open('/shop/accountMgmt/staff');
    server.on(`${STAFF}/add`, ({ biz }) => ok(staffAccount(2003, { userName: String(biz.userName), nickname: String(biz.nickname), roles: [{ roleId: 2, name: 'finance' }] })));
    await user.click(await screen.findByTestId('staff-add', {}, LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Add staff account' });
    await user.type(within(dialog).getByLabelText(/^User name/), 'cashier_01');
    await user.type(within(dialog).getByLabelText(/^Nickname/), 'Cashier');
    await user.type(within(dialog).getByLabelText(/^First password/), 'Cashier123');
    await user.type(within(dialog).getByLabelText(/^Confirm password/), 'Cashier124');
    await user.click(within(dialog).getByLabelText(/^Roles/));
    await user.click(await screen.findByRole('option', { name: 'finance' }));
    await user.click(within(dialog).getByTestId('resource-form-submit'));
    await waitFor(() => expect(within(dialog).getByLabelText(/^Confirm password/)).toHaveAttribute('aria-invalid', 'true'));
    expect(server.callsTo(`${STAFF}/add`)).toEqual([]);

    await user.clear(within(dialog).getByLabelText(/^Confirm password/));
    await user.type(within(dialog).getByLabelText(/^Confirm password/), 'Cashier123');
    await user.click(within(dialog).getByTestId('resource-form-submit'));
    await waitFor(() => expect(server.callsTo(`${STAFF}/add`)).toHaveLength(1));
    expect(await screen.findByTestId('notification')).toHaveTextContent('Staff account added');
    expect(server.callsTo(`${STAFF}/add`)[0]!.biz).toEqual({ userName: 'cashier_01', nickname: 'Cashier', password: 'Cashier123', roleIds: [2] });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add staff account' })).not.toBeInTheDocument());
  });

  it('a taken user name keeps the dialog open with the values and says so, in Chinese too', async () => {
    const { user, server } = open('/shop/accountMgmt/staff');
    server.on(`${STAFF}/add`, () => ({ code: STORE_CODES.alreadyExists, msg: '用户名已存在' }));
    await screen.findByTestId('staff-add', {}, LOAD);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'zh-CN');
    await user.click(await screen.findByRole('button', { name: '新增子账号' }));
    const dialog = await screen.findByRole('dialog', { name: '新增子账号' });
    await user.type(within(dialog).getByLabelText(/^用户名/), 'demo_staff');
    await user.type(within(dialog).getByLabelText(/^昵称/), '店员');
    await user.type(within(dialog).getByLabelText(/^初始密码/), 'Cashier123');
    await user.type(within(dialog).getByLabelText(/^确认密码/), 'Cashier123');
    await user.click(within(dialog).getByTestId('resource-form-submit'));
    expect(await within(dialog).findByText('该用户名已被使用，请换一个')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^用户名/)).toHaveValue('demo_staff');
  });

  it('disabling asks first, saying the account is signed out at once; only the confirmation sends it', async () => {
    const { user, server } = open('/shop/accountMgmt/staff');
    server.on(`${STAFF}/setStatus`, () => ok(staffAccount(2001, { userName: 'demo_staff', status: STAFF_STATUS.disabled })));
    await screen.findByText('demo_staff', {}, LOAD);
    await user.click(within(rowOf('demo_staff')).getByRole('button', { name: 'Disable' }));
    const question = await screen.findByRole('dialog', { name: 'Disable the staff account demo_staff?' });
    expect(question).toHaveTextContent('signed out on every device at once');
    expect(server.callsTo(`${STAFF}/setStatus`)).toEqual([]);
    await user.click(within(question).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(server.callsTo(`${STAFF}/setStatus`).map((call) => call.biz)).toEqual([{ userId: 2001, status: STAFF_STATUS.disabled }]));
  });

  it('opens the access report of a staff row', async () => {
    const { user, location } = open('/shop/accountMgmt/staff');
    await screen.findByText('demo_staff', {}, LOAD);
    await user.click(within(rowOf('demo_staff')).getByRole('button', { name: /more/i }));
    await user.click(await screen.findByRole('menuitem', { name: 'Access' }));
    await waitForPath(location, '/shop/accountMgmt/staff/2001/access');
  });
});

describe('/shop/accountMgmt/roles', () => {
  it('lists each role with its code and account counts', async () => {
    open('/shop/accountMgmt/roles');
    expect(await screen.findByRole('heading', { name: 'Roles', level: 1 }, LOAD)).toBeInTheDocument();
    const finance = rowOf('finance');
    expect(within(finance).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['finance', '2', '2', expect.stringContaining('Delete')]);
  });

  it('disables a code the caller may not give, with the reason: one they lack, and an owner-only one for a staff member', async () => {
    const fake = { ...data(), accounts: [OWNER_ACCOUNT, staffAccount(2002, { userName: 'manager', manageable: false })] };
    const { user, server } = open('/shop/accountMgmt/roles', MANAGER, fake);
    server.on(`${STAFF}/role/add`, ({ biz }) => ok(staffRole(9, String(biz.name), biz.permissions as PermissionCode[])));
    await user.click(await screen.findByTestId('role-add', {}, LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'New role' });
    const goodsView = within(dialog).getByTestId(`role-code-${PERMISSIONS.goodsView}`);
    const goodsShelf = within(dialog).getByTestId(`role-code-${PERMISSIONS.goodsShelf}`);
    const staffManage = within(dialog).getByTestId(`role-code-${PERMISSIONS.staffManage}`);
    expect(goodsView).toBeEnabled();
    expect(goodsShelf).toBeDisabled();
    expect(goodsShelf).toHaveAccessibleDescription('You do not hold this code, so you cannot give it');
    expect(staffManage).toBeDisabled();
    expect(staffManage).toHaveAccessibleDescription('Only the store owner can give this code');

    await user.type(within(dialog).getByLabelText(/^Role name/), 'listers');
    await user.click(within(dialog).getByTestId(`role-code-${PERMISSIONS.goodsEdit}`));
    await user.click(goodsView);
    await user.click(within(dialog).getByTestId('resource-form-submit'));
    await waitFor(() => expect(server.callsTo(`${STAFF}/role/add`)).toHaveLength(1));
    // Catalogue order, whatever the order of the clicks.
    expect(server.callsTo(`${STAFF}/role/add`)[0]!.biz).toEqual({ name: 'listers', permissions: [PERMISSIONS.goodsView, PERMISSIONS.goodsEdit] });
  });

  it('the owner may give every code, owner-only ones included, at once: getUserByToken says who owns the store', async () => {
    const { user, server } = open('/shop/accountMgmt/roles');
    // The staff list never answers: ownership must not wait for it (nor for any other call).
    server.on(`${STAFF}/list`, () => new Promise<never>(() => undefined));
    await user.click(await screen.findByTestId('role-add', {}, LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'New role' });
    expect(within(dialog).getByTestId(`role-code-${PERMISSIONS.staffManage}`)).toBeEnabled();
    expect(within(dialog).getByTestId(`role-code-${PERMISSIONS.walletWithdraw}`)).toBeEnabled();
    expect(server.callsTo(`${STAFF}/list`)).toEqual([]);
  });

  it('refuses a role without codes before sending anything, focusing the first code', async () => {
    const { user, server } = open('/shop/accountMgmt/roles');
    await user.click(await screen.findByTestId('role-add', {}, LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'New role' });
    await user.type(within(dialog).getByLabelText(/^Role name/), 'empty');
    await user.click(within(dialog).getByTestId('resource-form-submit'));
    const helper = () => dialog.querySelector('#field-permissions-helper');
    await waitFor(() => expect(helper()).toHaveClass('Mui-error'));
    expect(helper()).toHaveTextContent('Permission codes: at least 1');
    expect(within(dialog).getByTestId(`role-code-${PERMISSIONS.dashboardView}`)).toHaveFocus();
    expect(server.callsTo(`${STAFF}/role/add`)).toEqual([]);
  });

  it('deleting a role asks first, naming how many accounts lose its codes', async () => {
    const { user, server } = open('/shop/accountMgmt/roles');
    server.on(`${STAFF}/role/delete`, () => ok({ roleId: 2, removedFromAccounts: 2 }));
    await screen.findByText('finance', {}, LOAD);
    await user.click(within(rowOf('finance')).getByRole('button', { name: 'Delete' }));
    const question = await screen.findByRole('dialog', { name: 'Delete the role "finance"?' });
    expect(question).toHaveTextContent('2 accounts lose the codes this role gives.');
    expect(server.callsTo(`${STAFF}/role/delete`)).toEqual([]);
    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.callsTo(`${STAFF}/role/delete`).map((call) => call.biz)).toEqual([{ roleId: 2 }]));
    expect(await screen.findByTestId('notification')).toHaveTextContent('Role deleted');
  });
});
