import { ALL_PERMISSION_CODES, PERMISSIONS } from '@merchant/api-contracts';
import type { Kysely } from 'kysely';
import { hashSecret } from '../shared/passwords';
import type { StoreDatabase } from './schema';

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
} as const;

/** Inserts the demo staff account, its role and the role's codes unless the account exists; safe on every start. */
export async function seedDemoStaff(db: Kysely<StoreDatabase>): Promise<void> {
  const existing = await db.selectFrom('store_user').select('id').where('username', '=', DEMO_STAFF.userName).executeTakeFirst();
  if (existing) return;
  const passwordHash = await hashSecret(DEMO_STAFF.password);
  await db.transaction().execute(async (trx) => {
    const user = await trx
      .insertInto('store_user')
      .values({ store_id: DEMO_STAFF.storeId, username: DEMO_STAFF.userName, password_hash: passwordHash, nickname: DEMO_STAFF.nickname, avatar_object_key: null, is_owner: false })
      .returning('id')
      .executeTakeFirstOrThrow();
    const role = await trx
      .insertInto('store_role')
      .values({ store_id: DEMO_STAFF.storeId, name: DEMO_STAFF.roleName })
      .onConflict((oc) => oc.columns(['store_id', 'name']).doUpdateSet({ name: DEMO_STAFF.roleName }))
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('store_role_permission')
      .values(DEMO_STAFF.permissions.map((permission_code) => ({ role_id: role.id, permission_code })))
      .onConflict((oc) => oc.doNothing())
      .execute();
    await trx.insertInto('store_user_role').values({ user_id: user.id, role_id: role.id }).execute();
  });
}
