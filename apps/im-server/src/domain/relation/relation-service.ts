import type { Kysely } from 'kysely';
import type { ImDatabase } from '../../db/schema';
import { relationTargetProblem } from '../../protocol';
import { parameterError } from '../errors';
import { allocateSeq } from '../sync/sequence';

/** Which list: the blocklist (blacklist, §3) or the mutelist. */
export type RelationList = 'blacklist' | 'mutelist';

export interface ServerRelation {
  account: string;
  isBlacked: boolean;
  isMuted: boolean;
  createTime: number;
  updateTime: number;
}

/**
 * Blocklist and mutelist (im-client-spec §5 markInBlacklist, markInMutelist, getRelations). One row
 * per (owner, target) holds both flags; taking an account off a list keeps the row with the flag
 * false, so a sync from an older cursor still learns about the removal.
 */
export class RelationService {
  constructor(readonly db: Kysely<ImDatabase>) {}

  /** Puts `target` on or off `owner`'s list; returns the row after the change. */
  async mark(owner: string, target: unknown, list: RelationList, isAdd: boolean, now = Date.now()): Promise<ServerRelation> {
    const problem = relationTargetProblem(target, owner);
    if (problem) throw parameterError(problem);
    const account = target as string;
    const column = list === 'blacklist' ? 'is_blacked' : 'is_muted';
    return this.db.transaction().execute(async (trx) => {
      const seq = await allocateSeq(trx, owner);
      const row = await trx
        .insertInto('im_relation')
        .values({
          accid: owner,
          target: account,
          is_blacked: list === 'blacklist' && isAdd,
          is_muted: list === 'mutelist' && isAdd,
          created_at: now,
          updated_at: now,
          seq,
        })
        .onConflict((oc) => oc.columns(['accid', 'target']).doUpdateSet({ [column]: isAdd, updated_at: now, seq }))
        .returningAll()
        .executeTakeFirstOrThrow();
      return relationFromRow(row);
    });
  }

  /** Rows changed after `afterSeq` up to `uptoSeq` (a sync page), removals included. */
  async changedBetween(owner: string, afterSeq: number, uptoSeq: number): Promise<ServerRelation[]> {
    const rows = await this.db
      .selectFrom('im_relation')
      .selectAll()
      .where('accid', '=', owner)
      .where('seq', '>', afterSeq)
      .where('seq', '<=', uptoSeq)
      .orderBy('seq')
      .execute();
    return rows.map(relationFromRow);
  }

  /** The accounts on each list now (getRelations with timetag 0). */
  async current(owner: string): Promise<ServerRelation[]> {
    const rows = await this.db
      .selectFrom('im_relation')
      .selectAll()
      .where('accid', '=', owner)
      .where((eb) => eb.or([eb('is_blacked', '=', true), eb('is_muted', '=', true)]))
      .orderBy('seq')
      .execute();
    return rows.map(relationFromRow);
  }
}

/** Whether `owner` has `target` on the blocklist: the server then refuses target's messages with 7101. */
export async function isBlacklisted(db: Kysely<ImDatabase>, owner: string, target: string): Promise<boolean> {
  const row = await db
    .selectFrom('im_relation')
    .select('is_blacked')
    .where('accid', '=', owner)
    .where('target', '=', target)
    .executeTakeFirst();
  return row?.is_blacked === true;
}

function relationFromRow(row: { target: string; is_blacked: boolean; is_muted: boolean; created_at: number; updated_at: number }): ServerRelation {
  return {
    account: row.target,
    isBlacked: row.is_blacked,
    isMuted: row.is_muted,
    createTime: Number(row.created_at),
    updateTime: Number(row.updated_at),
  };
}
