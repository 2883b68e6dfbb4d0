import { ALL_PERMISSION_CODES, OWNER_ONLY_CODES, PERMISSIONS, STAFF_STATUS, STORE_CODES, staffEndpoints as api, type PermissionCode } from '@merchant/api-contracts';
import { DEMO_STAFF, DEMO_SUPPORT } from '../../db/seed-staff';
import { startTestServer, type TestHarness } from '../../testing/harness';

// Issue 26 §4, staff accounts and roles, through real HTTP on the app (PGlite, or PostgreSQL with DATABASE_URL):
// every call, the grant rules of the contract's header, refusals that change nothing, sessions ended at once.
const OK = STORE_CODES.success;
const PASSWORD = 'Demo12345';
const LOGIN = '/v1/store/eshop/store/user/login';
const USER_INFO = '/v1/store/eshop/store/user/getUserByToken';
const OTHER_STORE_OWNER = 'demo_service'; // store 1006

interface Account {
  userId: number;
  userName: string;
  owner: boolean;
  status: number;
  roles: Array<{ roleId: number; name: string }>;
  lastSignInAt: number | null;
  manageable: boolean;
  nickname: string;
}
interface Role {
  roleId: number;
  name: string;
  permissions: PermissionCode[];
  memberCount: number;
  manageable: boolean;
}

let h: TestHarness;
beforeAll(async () => {
  h = await startTestServer();
});
afterAll(() => h.close());
beforeEach(() => h.reset());

const owner = () => h.login('demo_merchant', PASSWORD);
const accounts = async (token: string) => (await h.call<{ list: Account[] }>(api.listStaff.path, {}, token)).data.list;
const roles = async (token: string) => (await h.call<{ list: Role[] }>(api.listRoles.path, {}, token)).data.list;
const accountNamed = async (token: string, userName: string) => (await accounts(token)).find((a) => a.userName === userName)!;
const roleNamed = async (token: string, name: string) => (await roles(token)).find((r) => r.name === name)!;
const permissionsOf = async (token: string) => (await h.call<{ permissions: string[] }>(USER_INFO, { token }, token)).data.permissions;

/** Everything a staff call may change, read back from the database. */
async function staffState() {
  const db = h.database.db;
  return {
    users: await db.selectFrom('store_user').select(['id', 'store_id', 'username', 'nickname', 'status', 'password_hash']).orderBy('id').execute(),
    roles: await db.selectFrom('store_role').select(['id', 'store_id', 'name']).orderBy('id').execute(),
    codes: await db.selectFrom('store_role_permission').selectAll().orderBy('role_id').orderBy('permission_code').execute(),
    links: await db.selectFrom('store_user_role').selectAll().orderBy('user_id').orderBy('role_id').execute(),
    liveTokens: await db.selectFrom('store_access_token').select('id').where('revoked_at', 'is', null).orderBy('id').execute(),
    changes: await db.selectFrom('store_staff_change').select('id').execute(),
  };
}

/** The owner gives a role holding staff:manage to a new account: a staff manager. */
async function staffManager(codes: PermissionCode[] = [PERMISSIONS.staffManage, PERMISSIONS.orderView, PERMISSIONS.imChat]) {
  const ownerToken = await owner();
  const role = await h.call<Role>(api.addRole.path, { name: 'managers', permissions: codes }, ownerToken);
  expect(role.code).toBe(OK);
  const added = await h.call<Account>(api.addStaff.path, { userName: 'shift_lead', nickname: 'Shift Lead', password: PASSWORD, roleIds: [role.data.roleId] }, ownerToken);
  expect(added.code).toBe(OK);
  return { ownerToken, token: await h.login('shift_lead', PASSWORD), userId: added.data.userId, roleId: role.data.roleId };
}

describe('staff accounts', () => {
  it('lists the owner first (not manageable) and the staff by creation, with roles, last sign-in and manageable', async () => {
    const token = await owner();
    const list = await accounts(token);
    expect(list.map((a) => [a.userName, a.owner, a.manageable, a.status])).toEqual([
      ['demo_merchant', true, false, STAFF_STATUS.enabled],
      [DEMO_STAFF.userName, false, true, STAFF_STATUS.enabled],
      [DEMO_SUPPORT.userName, false, true, STAFF_STATUS.enabled],
    ]);
    expect(list[2]!.roles.map((r) => r.name)).toEqual(['customer service']);
    expect(list[0]!.lastSignInAt).toEqual(expect.any(Number));
    expect(list[2]!.lastSignInAt).toBeNull();
    await h.login(DEMO_SUPPORT.userName, DEMO_SUPPORT.password);
    expect((await accountNamed(token, DEMO_SUPPORT.userName)).lastSignInAt).toEqual(expect.any(Number));
  });

  it('adds an account that signs in with its roles’ codes, and logs the change with the session', async () => {
    const token = await owner();
    const service = await roleNamed(token, 'customer service');
    const added = await h.call<Account>(api.addStaff.path, { userName: 'night_desk', nickname: 'Night Desk', password: 'Night1234', roleIds: [service.roleId] }, token);
    expect(added.code).toBe(OK);
    expect(added.data).toMatchObject({ userName: 'night_desk', nickname: 'Night Desk', owner: false, status: STAFF_STATUS.enabled, roles: [{ roleId: service.roleId, name: 'customer service' }], lastSignInAt: null, manageable: true });
    expect(await permissionsOf(await h.login('night_desk', 'Night1234'))).toEqual([...DEMO_SUPPORT.permissions]);

    const db = h.database.db;
    const log = await db.selectFrom('store_operation_log').select(['id', 'store_id', 'user_id', 'session_id']).where('operation_type', '=', 'STAFF_ADD').execute();
    const ownerId = (await accountNamed(token, 'demo_merchant')).userId;
    expect(log).toEqual([{ id: expect.any(Number), store_id: 1001, user_id: ownerId, session_id: expect.any(Number) }]);
    const detail = await db.selectFrom('store_staff_change').select(['operation_log_id', 'target_user_id', 'detail']).executeTakeFirstOrThrow();
    expect(detail).toEqual({ operation_log_id: log[0]!.id, target_user_id: added.data.userId, detail: { userName: 'night_desk', nickname: 'Night Desk', roleIds: [service.roleId] } });
    expect(JSON.stringify(detail)).not.toContain('Night1234');
  });

  it('refuses a taken user name (any store, any case) and a role of another store; nothing changes', async () => {
    const token = await owner();
    const before = await staffState();
    const taken = await h.call(api.addStaff.path, { userName: OTHER_STORE_OWNER.toUpperCase(), nickname: 'x', password: PASSWORD, roleIds: [] }, token);
    expect(taken).toMatchObject({ code: STORE_CODES.alreadyExists, msg: 'this user name is already taken' });
    const foreign = await h.database.db.insertInto('store_role').values({ store_id: 1006, name: 'foreign' }).returning('id').executeTakeFirstOrThrow();
    const afterInsert = await staffState();
    const foreignRole = await h.call(api.addStaff.path, { userName: 'new_one', nickname: 'x', password: PASSWORD, roleIds: [foreign.id] }, token);
    expect(foreignRole).toMatchObject({ code: STORE_CODES.notFound, msg: `role not found: ${foreign.id}` });
    const support = await accountNamed(token, DEMO_SUPPORT.userName);
    expect((await h.call(api.editStaff.path, { userId: support.userId, nickname: 'x', roleIds: [foreign.id] }, token)).code).toBe(STORE_CODES.notFound);
    expect(before.users).toEqual(afterInsert.users);
    expect(await staffState()).toEqual(afterInsert);
  });

  it('edits the nickname and roles; the account’s codes change at once', async () => {
    const token = await owner();
    const support = await accountNamed(token, DEMO_SUPPORT.userName);
    const supportToken = await h.login(DEMO_SUPPORT.userName, DEMO_SUPPORT.password);
    const staffRole = await roleNamed(token, DEMO_STAFF.roleName);
    const edited = await h.call<Account>(api.editStaff.path, { userId: support.userId, nickname: 'Front Desk', roleIds: [staffRole.roleId] }, token);
    expect(edited.code).toBe(OK);
    expect(edited.data).toMatchObject({ nickname: 'Front Desk', roles: [{ roleId: staffRole.roleId, name: DEMO_STAFF.roleName }] });
    expect(await permissionsOf(supportToken)).toEqual([...DEMO_STAFF.permissions]);
    expect((await h.call(api.editStaff.path, { userId: support.userId, nickname: 'Front Desk', roleIds: [] }, token)).code).toBe(OK);
    expect(await permissionsOf(supportToken)).toEqual([]);
    expect(await h.database.db.selectFrom('store_operation_log').select('operation_type').where('operation_type', '=', 'STAFF_EDIT').execute()).toHaveLength(2);
  });

  it('disabling ends the account’s sessions at once (10302006) and sign-in is refused; enabling lets it in again', async () => {
    const token = await owner();
    const support = await accountNamed(token, DEMO_SUPPORT.userName);
    const supportToken = await h.login(DEMO_SUPPORT.userName, DEMO_SUPPORT.password);
    const disabled = await h.call<Account>(api.setStaffStatus.path, { userId: support.userId, status: STAFF_STATUS.disabled }, token);
    expect(disabled.code).toBe(OK);
    expect(disabled.data.status).toBe(STAFF_STATUS.disabled);
    expect((await h.call(USER_INFO, { token: supportToken }, supportToken)).code).toBe(STORE_CODES.tokenInvalid);
    expect((await h.call(api.listStaff.path, {}, supportToken)).code).toBe(STORE_CODES.tokenInvalid);
    expect(await h.call(LOGIN, { userName: DEMO_SUPPORT.userName, password: DEMO_SUPPORT.password })).toMatchObject({
      code: STORE_CODES.notAllowedInCurrentState,
      msg: 'this account is disabled, please ask the store administrator',
    });
    const zh = h.client(null, 'none', 'zh-CN');
    const refusedZh = await zh.request(LOGIN, { userName: DEMO_SUPPORT.userName, password: DEMO_SUPPORT.password }, { silent: true, acceptCodes: [STORE_CODES.notAllowedInCurrentState] });
    expect(refusedZh.msg).toBe('该账号已停用，请联系店铺管理员');
    // A wrong password says only that: the account's state is told to whoever knows the password.
    expect((await h.call(LOGIN, { userName: DEMO_SUPPORT.userName, password: 'Wrong1234' })).code).toBe(STORE_CODES.wrongCredentials);
    const access = await h.call<{ codes: Array<{ held: boolean }> }>(api.staffEffectiveAccess.path, { userId: support.userId }, token);
    expect(access.data.codes.every((c) => !c.held)).toBe(true);
    const log = await h.database.db.selectFrom('store_operation_log').select(['operation_type', 'user_id']).where('operation_type', 'in', ['STAFF_DISABLE', 'USER_LOGOUT']).orderBy('id').execute();
    // The seeded owner's sign-out of yesterday is not this change's.
    expect(log.filter((row) => row.operation_type === 'STAFF_DISABLE' || row.user_id === support.userId)).toEqual([
      { operation_type: 'USER_LOGOUT', user_id: support.userId },
      { operation_type: 'STAFF_DISABLE', user_id: (await accountNamed(token, 'demo_merchant')).userId },
    ]);

    expect((await h.call(api.setStaffStatus.path, { userId: support.userId, status: STAFF_STATUS.enabled }, token)).code).toBe(OK);
    expect(await permissionsOf(await h.login(DEMO_SUPPORT.userName, DEMO_SUPPORT.password))).toEqual([...DEMO_SUPPORT.permissions]);
  });

  it('resets a password: the old one fails, the new one works, and the account’s sessions end', async () => {
    const token = await owner();
    const support = await accountNamed(token, DEMO_SUPPORT.userName);
    const supportToken = await h.login(DEMO_SUPPORT.userName, DEMO_SUPPORT.password);
    expect((await h.call(api.resetStaffPassword.path, { userId: support.userId, password: 'Fresh5678' }, token)).code).toBe(OK);
    expect((await h.call(USER_INFO, { token: supportToken }, supportToken)).code).toBe(STORE_CODES.tokenInvalid);
    expect((await h.call(LOGIN, { userName: DEMO_SUPPORT.userName, password: DEMO_SUPPORT.password })).code).toBe(STORE_CODES.wrongCredentials);
    expect(await h.login(DEMO_SUPPORT.userName, 'Fresh5678')).toEqual(expect.any(String));
    expect(await h.database.db.selectFrom('store_operation_log').select('operation_type').where('operation_type', '=', 'STAFF_PASSWORD_RESET').execute()).toHaveLength(1);
  });

  it('effectiveAccess lists every code in catalogue order with the roles that give it; the owner holds all', async () => {
    const token = await owner();
    const support = await accountNamed(token, DEMO_SUPPORT.userName);
    const service = await roleNamed(token, 'customer service');
    const second = await h.call<Role>(api.addRole.path, { name: 'chat', permissions: [PERMISSIONS.imChat, PERMISSIONS.mediaView] }, token);
    await h.call(api.editStaff.path, { userId: support.userId, nickname: 'Support', roleIds: [service.roleId, second.data.roleId] }, token);
    const access = await h.call<{ account: Account; codes: Array<{ code: string; held: boolean; grantedBy: Array<{ name: string }> }> }>(api.staffEffectiveAccess.path, { userId: support.userId }, token);
    expect(access.code).toBe(OK);
    expect(access.data.account.userName).toBe(DEMO_SUPPORT.userName);
    expect(access.data.codes.map((c) => c.code)).toEqual([...ALL_PERMISSION_CODES]);
    const byCode = new Map(access.data.codes.map((c) => [c.code, c]));
    expect(byCode.get(PERMISSIONS.imChat)).toEqual({ code: PERMISSIONS.imChat, held: true, grantedBy: [{ roleId: service.roleId, name: 'customer service' }, { roleId: second.data.roleId, name: 'chat' }] });
    expect(byCode.get(PERMISSIONS.mediaView)).toMatchObject({ held: true, grantedBy: [{ name: 'chat' }] });
    expect(byCode.get(PERMISSIONS.goodsView)).toEqual({ code: PERMISSIONS.goodsView, held: false, grantedBy: [] });
    expect(access.data.codes.filter((c) => c.held).map((c) => c.code)).toEqual(await permissionsOf(await h.login(DEMO_SUPPORT.userName, DEMO_SUPPORT.password)));

    const ownerAccess = await h.call<{ codes: Array<{ held: boolean; grantedBy: unknown[] }> }>(api.staffEffectiveAccess.path, { userId: (await accountNamed(token, 'demo_merchant')).userId }, token);
    expect(ownerAccess.data.codes.every((c) => c.held && c.grantedBy.length === 0)).toBe(true);
    expect((await h.call(api.staffEffectiveAccess.path, { userId: 999999 }, token)).code).toBe(STORE_CODES.notFound);
  });

  it('creates one account when two calls add the same user name at once', async () => {
    const token = await owner();
    const add = () => h.client(token).request(api.addStaff.path, { userName: 'twin_desk', nickname: 'Twin', password: PASSWORD, roleIds: [] }, { silent: true, acceptCodes: [STORE_CODES.alreadyExists] });
    const answers = await Promise.all([add(), add()]);
    expect(answers.map((a) => a.code).sort()).toEqual([OK, STORE_CODES.alreadyExists].sort());
    const rows = await h.database.db.selectFrom('store_user').select('id').where('username', '=', 'twin_desk').execute();
    expect(rows).toHaveLength(1);
    expect(await h.database.db.selectFrom('store_operation_log').select('id').where('operation_type', '=', 'STAFF_ADD').execute()).toHaveLength(1);
  });
});

describe('roles', () => {
  it('adds, edits (holders’ access changes at once) and deletes a role (holders lose its codes); names are unique per store', async () => {
    const token = await owner();
    const added = await h.call<Role>(api.addRole.path, { name: 'packers', permissions: [PERMISSIONS.orderShip, PERMISSIONS.orderView] }, token);
    expect(added.code).toBe(OK);
    // Catalogue order, whatever order was sent.
    expect(added.data).toEqual({ roleId: expect.any(Number), name: 'packers', permissions: [PERMISSIONS.orderView, PERMISSIONS.orderShip], memberCount: 0, manageable: true });
    expect(await h.call(api.addRole.path, { name: 'packers', permissions: [PERMISSIONS.orderView] }, token)).toMatchObject({ code: STORE_CODES.alreadyExists, msg: 'a role with this name already exists' });
    // Another store may use the same name.
    const otherOwner = await h.login(OTHER_STORE_OWNER, PASSWORD);
    expect((await h.call(api.addRole.path, { name: 'packers', permissions: [PERMISSIONS.orderView] }, otherOwner)).code).toBe(OK);

    const support = await accountNamed(token, DEMO_SUPPORT.userName);
    await h.call(api.editStaff.path, { userId: support.userId, nickname: 'Support', roleIds: [added.data.roleId] }, token);
    const supportToken = await h.login(DEMO_SUPPORT.userName, DEMO_SUPPORT.password);
    const edited = await h.call<Role>(api.editRole.path, { roleId: added.data.roleId, name: 'shipping', permissions: [PERMISSIONS.orderView, PERMISSIONS.orderExport] }, token);
    expect(edited.data).toEqual({ roleId: added.data.roleId, name: 'shipping', permissions: [PERMISSIONS.orderView, PERMISSIONS.orderExport], memberCount: 1, manageable: true });
    expect(await permissionsOf(supportToken)).toEqual([PERMISSIONS.orderView, PERMISSIONS.orderExport]);
    expect((await h.call(api.editRole.path, { roleId: added.data.roleId, name: 'customer service', permissions: [PERMISSIONS.orderView] }, token)).code).toBe(STORE_CODES.alreadyExists);

    const deleted = await h.call(api.deleteRole.path, { roleId: added.data.roleId }, token);
    expect(deleted).toMatchObject({ code: OK, data: { roleId: added.data.roleId, removedFromAccounts: 1 } });
    expect(await permissionsOf(supportToken)).toEqual([]);
    expect((await roles(token)).map((r) => r.name)).toEqual([DEMO_STAFF.roleName, 'customer service']);
    const types = await h.database.db.selectFrom('store_operation_log').select('operation_type').where('operation_type', 'like', 'ROLE_%').orderBy('id').execute();
    expect(types.map((t) => t.operation_type)).toEqual(['ROLE_ADD', 'ROLE_ADD', 'ROLE_EDIT', 'ROLE_DELETE']);
  });

  it('lists the store’s roles with their codes and member counts; bad codes are refused and change nothing', async () => {
    const token = await owner();
    expect(await roles(token)).toEqual([
      { roleId: expect.any(Number), name: DEMO_STAFF.roleName, permissions: [...DEMO_STAFF.permissions], memberCount: 1, manageable: true },
      { roleId: expect.any(Number), name: 'customer service', permissions: [...DEMO_SUPPORT.permissions], memberCount: 1, manageable: true },
    ]);
    const before = await staffState();
    expect((await h.call(api.addRole.path, { name: 'x', permissions: ['admin'] }, token)).code).toBe(STORE_CODES.invalidParameter);
    expect((await h.call(api.addRole.path, { name: 'x', permissions: [] }, token)).code).toBe(STORE_CODES.invalidParameter);
    expect((await h.call(api.addRole.path, { name: 'x', permissions: ['im:chat', 'im:chat'] }, token)).code).toBe(STORE_CODES.invalidParameter);
    expect(await staffState()).toEqual(before);
  });
});

describe('who may do what', () => {
  it('another store’s accounts and roles are not found, and nothing changes', async () => {
    const token = await owner();
    const support = await accountNamed(token, DEMO_SUPPORT.userName);
    const service = await roleNamed(token, 'customer service');
    const other = await h.login(OTHER_STORE_OWNER, PASSWORD);
    expect((await accounts(other)).map((a) => a.userName)).toEqual([OTHER_STORE_OWNER]);
    expect(await roles(other)).toEqual([]);
    const before = await staffState();
    const calls: Array<[string, unknown]> = [
      [api.editStaff.path, { userId: support.userId, nickname: 'x', roleIds: [] }],
      [api.setStaffStatus.path, { userId: support.userId, status: STAFF_STATUS.disabled }],
      [api.resetStaffPassword.path, { userId: support.userId, password: 'Taken1234' }],
      [api.staffEffectiveAccess.path, { userId: support.userId }],
      [api.editRole.path, { roleId: service.roleId, name: 'x', permissions: [PERMISSIONS.imChat] }],
      [api.deleteRole.path, { roleId: service.roleId }],
    ];
    for (const [path, biz] of calls) expect(await h.call(path, biz, other)).toMatchObject({ code: STORE_CODES.notFound });
    expect(await staffState()).toEqual(before);
  });

  it('refuses a staff member without staff:manage on every call with 10100003, and nothing changes', async () => {
    const token = await owner();
    const staffId = (await accountNamed(token, DEMO_STAFF.userName)).userId;
    const service = await roleNamed(token, 'customer service');
    const support = await h.login(DEMO_SUPPORT.userName, DEMO_SUPPORT.password);
    const before = await staffState();
    const calls: Array<[string, unknown]> = [
      [api.listStaff.path, {}],
      [api.addStaff.path, { userName: 'sneaky', nickname: 'x', password: PASSWORD, roleIds: [] }],
      [api.editStaff.path, { userId: staffId, nickname: 'x', roleIds: [] }],
      [api.setStaffStatus.path, { userId: staffId, status: STAFF_STATUS.disabled }],
      [api.resetStaffPassword.path, { userId: staffId, password: 'Taken1234' }],
      [api.staffEffectiveAccess.path, { userId: staffId }],
      [api.listRoles.path, {}],
      [api.addRole.path, { name: 'x', permissions: [PERMISSIONS.imChat] }],
      [api.editRole.path, { roleId: service.roleId, name: 'x', permissions: [PERMISSIONS.imChat] }],
      [api.deleteRole.path, { roleId: service.roleId }],
    ];
    for (const [path, biz] of calls) expect(await h.call(path, biz, support)).toMatchObject({ code: STORE_CODES.permissionDenied, data: null });
    expect(await staffState()).toEqual(before);
  });

  it('a staff manager cannot grant a code they lack, nor an owner-only code; nothing changes', async () => {
    const manager = await staffManager();
    const before = await staffState();
    expect(await h.call(api.addRole.path, { name: 'more', permissions: [PERMISSIONS.orderView, PERMISSIONS.goodsView] }, manager.token)).toMatchObject({
      code: STORE_CODES.notAllowedInCurrentState,
      msg: 'you cannot grant permissions you do not hold: View goods (goods:view)',
    });
    expect(await h.call(api.addRole.path, { name: 'more', permissions: [PERMISSIONS.staffManage] }, manager.token)).toMatchObject({
      code: STORE_CODES.notAllowedInCurrentState,
      msg: 'only the store owner can grant: Manage staff (staff:manage)',
    });
    const zh = h.client(manager.token, 'none', 'zh-CN');
    const refusedZh = await zh.request(api.addRole.path, { name: 'more', permissions: [PERMISSIONS.goodsView] }, { silent: true, acceptCodes: [STORE_CODES.notAllowedInCurrentState] });
    expect(refusedZh.msg).toBe('不能授予你自己没有的权限：查看商品（goods:view）');
    expect(await staffState()).toEqual(before);
    // Within their codes, they may.
    const own = await h.call<Role>(api.addRole.path, { name: 'chat only', permissions: [PERMISSIONS.imChat] }, manager.token);
    expect(own.data).toMatchObject({ name: 'chat only', permissions: [PERMISSIONS.imChat], manageable: true });
    const added = await h.call<Account>(api.addStaff.path, { userName: 'chat_one', nickname: 'Chat', password: PASSWORD, roleIds: [own.data.roleId] }, manager.token);
    expect(added.data).toMatchObject({ manageable: true, roles: [{ name: 'chat only' }] });
  });

  it('a staff manager cannot disable or reset the owner or themselves, nor change accounts and roles holding codes they lack', async () => {
    const manager = await staffManager();
    const list = await accounts(manager.token);
    expect(list.map((a) => [a.userName, a.manageable])).toEqual([
      ['demo_merchant', false],
      [DEMO_STAFF.userName, false],
      [DEMO_SUPPORT.userName, false],
      ['shift_lead', false],
    ]);
    expect((await roles(manager.token)).map((r) => [r.name, r.manageable])).toEqual([
      [DEMO_STAFF.roleName, false],
      ['customer service', false],
      ['managers', false],
    ]);
    const ownerId = list[0]!.userId;
    const supportId = list[2]!.userId;
    const service = await roleNamed(manager.token, 'customer service');
    const staffRole = await roleNamed(manager.token, DEMO_STAFF.roleName);
    const before = await staffState();
    const refusals: Array<[string, unknown, unknown]> = [
      [api.setStaffStatus.path, { userId: ownerId, status: STAFF_STATUS.disabled }, "the store owner's account cannot be changed, disabled or reset here"],
      [api.resetStaffPassword.path, { userId: ownerId, password: 'Taken1234' }, "the store owner's account cannot be changed, disabled or reset here"],
      [api.editStaff.path, { userId: ownerId, nickname: 'x', roleIds: [] }, "the store owner's account cannot be changed, disabled or reset here"],
      [api.setStaffStatus.path, { userId: manager.userId, status: STAFF_STATUS.disabled }, 'you cannot change, disable or reset your own account here'],
      [api.resetStaffPassword.path, { userId: manager.userId, password: 'Taken1234' }, 'you cannot change, disable or reset your own account here'],
      [api.editStaff.path, { userId: supportId, nickname: 'x', roleIds: [] }, 'this account holds permissions you do not hold: View the home page (dashboard:view), View the account (account:view), View after-sales (after-sales:view), Handle after-sales (after-sales:handle), Reply to reviews (evaluation:reply)'],
      [api.setStaffStatus.path, { userId: supportId, status: STAFF_STATUS.disabled }, expect.stringContaining('this account holds permissions you do not hold')],
      [api.editRole.path, { roleId: service.roleId, name: 'customer service', permissions: [PERMISSIONS.imChat] }, expect.stringContaining('role "customer service" holds permissions you do not hold')],
      [api.deleteRole.path, { roleId: service.roleId }, expect.stringContaining('role "customer service" holds permissions you do not hold')],
      [api.deleteRole.path, { roleId: staffRole.roleId }, expect.stringContaining('role "staff" holds permissions only the store owner can grant')],
      [api.deleteRole.path, { roleId: manager.roleId }, 'role "managers" holds permissions only the store owner can grant: Manage staff (staff:manage)'],
      [api.addStaff.path, { userName: 'new_hire', nickname: 'x', password: PASSWORD, roleIds: [service.roleId] }, expect.stringContaining('role "customer service" holds permissions you do not hold')],
    ];
    for (const [path, biz, msg] of refusals) expect(await h.call(path, biz, manager.token)).toMatchObject({ code: STORE_CODES.notAllowedInCurrentState, msg, data: null });
    expect(await staffState()).toEqual(before);
  });

  it('demo_staff (staff:manage from the seed) manages the customer service role and demo_support, not its own role or account', async () => {
    const token = await h.login(DEMO_STAFF.userName, DEMO_STAFF.password);
    expect((await accounts(token)).map((a) => [a.userName, a.manageable])).toEqual([
      ['demo_merchant', false],
      [DEMO_STAFF.userName, false],
      [DEMO_SUPPORT.userName, true],
    ]);
    expect((await roles(token)).map((r) => [r.name, r.manageable])).toEqual([
      [DEMO_STAFF.roleName, false],
      ['customer service', true],
    ]);
    const support = await accountNamed(token, DEMO_SUPPORT.userName);
    expect((await h.call(api.setStaffStatus.path, { userId: support.userId, status: STAFF_STATUS.disabled }, token)).code).toBe(OK);
    const staffRole = await roleNamed(token, DEMO_STAFF.roleName);
    expect((await h.call(api.editStaff.path, { userId: support.userId, nickname: 'x', roleIds: [staffRole.roleId] }, token)).code).toBe(STORE_CODES.notAllowedInCurrentState);
  });

  it('a token of a disabled account is refused even if its session was not ended', async () => {
    const supportToken = await h.login(DEMO_SUPPORT.userName, DEMO_SUPPORT.password);
    // As if the account were disabled between the sign-in's check and its token being written.
    await h.database.db.updateTable('store_user').set({ status: STAFF_STATUS.disabled }).where('username', '=', DEMO_SUPPORT.userName).execute();
    expect((await h.call(USER_INFO, { token: supportToken }, supportToken)).code).toBe(STORE_CODES.tokenInvalid);
  });

  it('the owner alone grants owner-only codes, and is never disabled or reset, even by the owner', async () => {
    const token = await owner();
    const all = await h.call<Role>(api.addRole.path, { name: 'deputies', permissions: [...OWNER_ONLY_CODES] }, token);
    expect(all.data.manageable).toBe(true);
    const ownerId = (await accountNamed(token, 'demo_merchant')).userId;
    const before = await staffState();
    expect((await h.call(api.setStaffStatus.path, { userId: ownerId, status: STAFF_STATUS.disabled }, token)).code).toBe(STORE_CODES.notAllowedInCurrentState);
    expect((await h.call(api.resetStaffPassword.path, { userId: ownerId, password: 'Taken1234' }, token)).code).toBe(STORE_CODES.notAllowedInCurrentState);
    expect((await h.call(api.editStaff.path, { userId: ownerId, nickname: 'x', roleIds: [all.data.roleId] }, token)).code).toBe(STORE_CODES.notAllowedInCurrentState);
    expect(await staffState()).toEqual(before);
  });
});
