import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import { addSeconds, type Clock } from '../../shared/clock';

const DAY_SECONDS = 24 * 60 * 60;

/** The demo store's provider: its contract runs (opened and signed by the owner), so /shop/serviceProviderDelivery has one. */
export const DEMO_PROVIDER_ID = 1;

/**
 * Demo provider delivery (docs/merchant-centre.md "Service-provider delivery"): a closed contract with provider 2
 * two months back (opened, signed, suspended by the provider, closed by the store) and a running one with
 * provider 1 signed 40 days ago, each with its steps.
 */
export async function seedDemoProviderDelivery(db: Kysely<StoreDatabase>, clock: Clock, storeId: number): Promise<void> {
  const existing = await db.selectFrom('store_provider_contract').select('id').where('store_id', '=', storeId).executeTakeFirst();
  if (existing) return;
  const owner = await db.selectFrom('store_user').select(['id', 'username']).where('store_id', '=', storeId).where('is_owner', '=', true).executeTakeFirst();
  if (!owner) return;
  const providers = await db.selectFrom('ref_delivery_provider').selectAll().where('id', 'in', [1, 2]).orderBy('id').execute();
  const [running, former] = providers;
  if (!running || !former) return;
  const now = clock.now();
  const at = (days: number) => addSeconds(now, -days * DAY_SECONDS);
  const merchant = { user_id: owner.id, user_name: owner.username };
  const copy = (p: typeof running) => ({ agreement_title: p.agreement_title, agreement_version: p.agreement_version, agreement_zh: p.agreement_zh, agreement_en: p.agreement_en });
  await db.transaction().execute(async (trx) => {
    const closed = await trx
      .insertInto('store_provider_contract')
      .values({
        store_id: storeId,
        provider_id: former.id,
        state: 4,
        ...copy(former),
        opened_at: at(70),
        opened_by_user_id: owner.id,
        opened_by: owner.username,
        signed_at: at(69),
        signed_by_user_id: owner.id,
        signed_by: owner.username,
        closed_at: at(45),
        closed_by_user_id: owner.id,
        closed_by: owner.username,
        close_reason: '服务商运力不足，改用闪送同城',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('store_provider_contract_step')
      .values([
        { contract_id: closed.id, event: 'open', actor: 'merchant', ...merchant, reason: null, from_state: null, to_state: 1, at: at(70) },
        { contract_id: closed.id, event: 'sign', actor: 'merchant', ...merchant, reason: null, from_state: 1, to_state: 2, at: at(69) },
        { contract_id: closed.id, event: 'suspend', actor: 'provider', user_id: null, user_name: null, reason: '区域运力不足', from_state: 2, to_state: 3, at: at(50) },
        { contract_id: closed.id, event: 'close', actor: 'merchant', ...merchant, reason: '服务商运力不足，改用闪送同城', from_state: 3, to_state: 4, at: at(45) },
      ])
      .execute();
    const live = await trx
      .insertInto('store_provider_contract')
      .values({
        store_id: storeId,
        provider_id: running.id,
        state: 2,
        ...copy(running),
        opened_at: at(41),
        opened_by_user_id: owner.id,
        opened_by: owner.username,
        signed_at: at(40),
        signed_by_user_id: owner.id,
        signed_by: owner.username,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('store_provider_contract_step')
      .values([
        { contract_id: live.id, event: 'open', actor: 'merchant', ...merchant, reason: null, from_state: null, to_state: 1, at: at(41) },
        { contract_id: live.id, event: 'sign', actor: 'merchant', ...merchant, reason: null, from_state: 1, to_state: 2, at: at(40) },
      ])
      .execute();
  });
}
