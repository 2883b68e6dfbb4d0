import { generateServerKeys, type RsaKeyPair } from '@merchant/secure-transport/server';
import type { Kysely } from 'kysely';
import type { StoreDatabase } from './schema';

/** Loads the envelope's RSA pair, creating it once; concurrent first starts keep the first pair written. */
export async function loadOrCreateServerKeys(db: Kysely<StoreDatabase>): Promise<RsaKeyPair> {
  const existing = await db.selectFrom('store_server_key').select(['public_key', 'private_key']).where('id', '=', 1).executeTakeFirst();
  if (existing) return { publicKey: existing.public_key, privateKey: existing.private_key };
  const generated = await generateServerKeys();
  await db
    .insertInto('store_server_key')
    .values({ id: 1, public_key: generated.publicKey, private_key: generated.privateKey })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const stored = await db.selectFrom('store_server_key').select(['public_key', 'private_key']).where('id', '=', 1).executeTakeFirstOrThrow();
  return { publicKey: stored.public_key, privateKey: stored.private_key };
}
