import { ALL_PERMISSION_CODES, PERMISSIONS, type PermissionCode } from '@merchant/api-contracts';
import type { Kysely } from 'kysely';
import { hashSecret } from '../shared/passwords';
import type { StoreDatabase } from './schema';

/** A demo sub-account of the demo store and its one role. */
export interface DemoStaffAccount {
  storeId: number;
  userName: string;
  password: string;
  nickname: string;
  roleName: string;
  permissions: readonly PermissionCode[];
}

/**
 * The demo sub-account of the demo store (README "Demo sign-ins", docs/permissions.md): role "staff"
 * holds every permission code except the pay password and deleting media files.
 */
export const DEMO_STAFF = {
  storeId: 1001,
  userName: 'demo_staff',
  password: 'Demo12345',
  nickname: 'Demo Staff',
  roleName: 'staff',
  permissions: ALL_PERMISSION_CODES.filter((code) => code !== PERMISSIONS.payPassword && code !== PERMISSIONS.mediaDelete),
} as const satisfies DemoStaffAccount;

/**
 * A clearly limited sub-account (issue 26 §4's demo): role "customer service" reads orders, handles
 * after-sales, replies to reviews and chats; nothing else (no goods, money, shop or staff codes).
 */
export const DEMO_SUPPORT = {
  storeId: 1001,
  userName: 'demo_support',
  password: 'Demo12345',
  nickname: 'Demo Support',
  roleName: 'customer service',
  permissions: [
    PERMISSIONS.dashboardView,
    PERMISSIONS.accountView,
    PERMISSIONS.orderView,
    PERMISSIONS.afterSalesView,
    PERMISSIONS.afterSalesHandle,
    PERMISSIONS.evaluationReply,
    PERMISSIONS.imChat,
  ],
} as const satisfies DemoStaffAccount;

export const DEMO_STAFF_ACCOUNTS: readonly DemoStaffAccount[] = [DEMO_STAFF, DEMO_SUPPORT];

/** Inserts each demo staff account, its role and the role's codes unless the account exists; safe on every start. */
export async function seedDemoStaff(db: Kysely<StoreDatabase>): Promise<void> {
  for (const account of DEMO_STAFF_ACCOUNTS) await seedDemoStaffAccount(db, account);
}

async function seedDemoStaffAccount(db: Kysely<StoreDatabase>, account: DemoStaffAccount): Promise<void> {
  const existing = await db.selectFrom('store_user').select('id').where('username', '=', account.userName).executeTakeFirst();
  if (existing) return;
  const passwordHash = await hashSecret(account.password);
  await db.transaction().execute(async (trx) => {
    const user = await trx
      .insertInto('store_user')
      .values({ store_id: account.storeId, username: account.userName, password_hash: passwordHash, nickname: account.nickname, avatar_object_key: null, is_owner: false })
      .returning('id')
      .executeTakeFirstOrThrow();
    const role = await trx
      .insertInto('store_role')
      .values({ store_id: account.storeId, name: account.roleName })
      .onConflict((oc) => oc.columns(['store_id', 'name']).doUpdateSet({ name: account.roleName }))
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('store_role_permission')
      .values(account.permissions.map((permission_code) => ({ role_id: role.id, permission_code })))
      .onConflict((oc) => oc.doNothing())
      .execute();
    await trx.insertInto('store_user_role').values({ user_id: user.id, role_id: role.id }).execute();
  });
}
