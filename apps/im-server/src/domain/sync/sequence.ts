import { sql, type Kysely } from 'kysely';
import type { ImDatabase } from '../../db/schema';

/**
 * Per-account sync sequences (docs/im-sync.md). `allocateSeq` must run inside the transaction that
 * writes the change: the row lock it takes is held until that transaction ends, so an account's
 * numbers commit in order and a reader that saw head N has every change numbered N or less.
 */
export async function allocateSeq(trx: Kysely<ImDatabase>, account: string): Promise<number> {
  const row = await trx
    .insertInto('im_account_seq')
    .values({ accid: account, seq: 1 })
    .onConflict((oc) => oc.column('accid').doUpdateSet({ seq: sql<number>`im_account_seq.seq + 1` }))
    .returning('seq')
    .executeTakeFirstOrThrow();
  return Number(row.seq);
}

/**
 * Sequence numbers for the accounts of one change, taken in sorted account order so that two
 * transactions touching the same two accounts (A→B and B→A) cannot deadlock.
 */
export async function allocateSeqs(trx: Kysely<ImDatabase>, accounts: readonly string[]): Promise<Map<string, number>> {
  const seqs = new Map<string, number>();
  for (const account of [...new Set(accounts)].sort()) seqs.set(account, await allocateSeq(trx, account));
  return seqs;
}

/** The account's latest committed sequence number; 0 before its first change. */
export async function readHead(db: Kysely<ImDatabase>, account: string): Promise<number> {
  const row = await db.selectFrom('im_account_seq').select('seq').where('accid', '=', account).executeTakeFirst();
  return row ? Number(row.seq) : 0;
}
