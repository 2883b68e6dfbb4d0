import type { Kysely, Selectable, Transaction } from 'kysely';
import type { FriendTable, ImDatabase } from '../../db/schema';
import { ResponseCode, friendRequestProblem, friendUpdateProblem, type FriendRequestType } from '../../protocol';
import { ImServerError, parameterError } from '../errors';
import { isBlacklisted } from '../relation/relation-service';
import { allocateSeqs } from '../sync/sequence';
import { hasPending, insertSysMsg, resolvePending, type ServerSysMsg } from '../system-msg/sys-msg-service';

export interface ServerFriend {
  account: string;
  alias: string;
  custom: string;
  createTime: number;
  updateTime: number;
  valid: boolean;
}

/** A friend row as its owner sees it. */
export interface FriendChange {
  owner: string;
  friend: ServerFriend;
}

/** What a friend request changed, for the gateway to push (friendUpdated, sysMsg). */
export interface FriendRequestResult {
  friends: FriendChange[];
  /** System messages created or changed, each for its receiver. */
  sysMsgs: ServerSysMsg[];
}

/**
 * Friends (im-client-spec §3 Friend, §4 System message, §5 "Friend rules"). Both sides of a
 * friendship are rows; every change takes the owners' sync sequence numbers in its transaction.
 * - addFriend: both become friends at once; the target gets an addFriend system message.
 * - applyFriend: the target gets an applyFriend system message (state init).
 * - passFriendApply / rejectFriendApply: answer a pending application (404 when there is none);
 *   it becomes passed / rejected, the applicant gets the answer as a system message, and pass
 *   makes both friends.
 * Already friends → 417 for addFriend and applyFriend. A target that blocked the caller → 7101.
 */
export class FriendService {
  constructor(private readonly db: Kysely<ImDatabase>) {}

  async request(self: string, input: { account?: string; type?: string; ps?: string }, now = Date.now()): Promise<FriendRequestResult> {
    const problem = friendRequestProblem(input, self);
    if (problem) throw parameterError(problem);
    const target = input.account as string;
    const type = input.type as FriendRequestType;
    const ps = input.ps ?? '';
    const exists = await this.db.selectFrom('im_user').select('accid').where('accid', '=', target).executeTakeFirst();
    if (!exists) throw new ImServerError(ResponseCode.NOT_FOUND, `account ${target} does not exist`);

    if (type === 'addFriend' || type === 'applyFriend') {
      if (await isBlacklisted(this.db, target, self)) throw new ImServerError(ResponseCode.BLACKLISTED, 'blacklisted');
      if (await this.isFriend(self, target)) throw new ImServerError(ResponseCode.DUPLICATE_OPERATION, `${target} is already a friend`);
      return this.db.transaction().execute(async (trx) => {
        const seqs = await allocateSeqs(trx, [self, target]);
        const friends = type === 'addFriend' ? await befriend(trx, self, target, seqs, now) : [];
        const sysMsg = await insertSysMsg(trx, { receiver: target, sender: self, category: 'friend', type, ps, time: now });
        return { friends, sysMsgs: [sysMsg] };
      });
    }

    // Answering an application the target sent to the caller.
    if (!(await hasPending(this.db, self, target, 'applyFriend'))) {
      throw new ImServerError(ResponseCode.NOT_FOUND, `no friend application from ${target}`);
    }
    const passed = type === 'passFriendApply';
    return this.db.transaction().execute(async (trx) => {
      const seqs = await allocateSeqs(trx, [self, target]);
      const resolved = await resolvePending(trx, self, target, 'applyFriend', passed ? 'passed' : 'rejected');
      const friends = passed ? await befriend(trx, self, target, seqs, now) : [];
      const answer = await insertSysMsg(trx, { receiver: target, sender: self, category: 'friend', type, ps, time: now });
      return { friends, sysMsgs: [...resolved, answer] };
    });
  }

  /** Ends a friendship on both sides (the rows stay, valid false, so sync carries it). delAlias also clears the caller's alias. */
  async delete(self: string, account: unknown, delAlias: boolean, now = Date.now()): Promise<FriendChange[]> {
    if (typeof account !== 'string' || !(await this.isFriend(self, account))) throw new ImServerError(ResponseCode.NOT_FOUND, 'not a friend');
    return this.db.transaction().execute(async (trx) => {
      const seqs = await allocateSeqs(trx, [self, account]);
      const changes: FriendChange[] = [];
      for (const [owner, friend] of [[self, account], [account, self]] as const) {
        const row = await trx
          .updateTable('im_friend')
          .set({ valid: false, updated_at: now, seq: seqs.get(owner) as number, ...(owner === self && delAlias ? { alias: '' } : {}) })
          .where('accid', '=', owner)
          .where('friend', '=', friend)
          .returningAll()
          .executeTakeFirst();
        if (row) changes.push({ owner, friend: friendFromRow(row) });
      }
      return changes;
    });
  }

  /** Alias and custom of a friend (§5: account and at least one of alias and custom). */
  async update(self: string, input: { account?: string; alias?: string; custom?: string }, now = Date.now()): Promise<{ friend: ServerFriend; timetag: number }> {
    const problem = friendUpdateProblem(input);
    if (problem) throw parameterError(problem);
    const account = input.account as string;
    if (!(await this.isFriend(self, account))) throw new ImServerError(ResponseCode.NOT_FOUND, 'not a friend');
    return this.db.transaction().execute(async (trx) => {
      const seq = (await allocateSeqs(trx, [self])).get(self) as number;
      const row = await trx
        .updateTable('im_friend')
        .set({ updated_at: now, seq, ...(input.alias !== undefined ? { alias: input.alias } : {}), ...(input.custom !== undefined ? { custom: input.custom } : {}) })
        .where('accid', '=', self)
        .where('friend', '=', account)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { friend: friendFromRow(row), timetag: seq };
    });
  }

  /** The owner's friend rows changed in (afterSeq, uptoSeq], deleted ones included. */
  async changedBetween(owner: string, afterSeq: number, uptoSeq = Number.MAX_SAFE_INTEGER): Promise<ServerFriend[]> {
    const rows = await this.db
      .selectFrom('im_friend')
      .selectAll()
      .where('accid', '=', owner)
      .where('seq', '>', afterSeq)
      .where('seq', '<=', uptoSeq)
      .orderBy('seq')
      .execute();
    return rows.map(friendFromRow);
  }

  async isFriend(owner: string, account: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('im_friend')
      .select('valid')
      .where('accid', '=', owner)
      .where('friend', '=', account)
      .executeTakeFirst();
    return row?.valid === true;
  }
}

/** Both rows of a friendship, valid, each with its owner's sequence number. */
async function befriend(trx: Transaction<ImDatabase>, a: string, b: string, seqs: Map<string, number>, now: number): Promise<FriendChange[]> {
  const changes: FriendChange[] = [];
  for (const [owner, friend] of [[a, b], [b, a]] as const) {
    const seq = seqs.get(owner) as number;
    const row = await trx
      .insertInto('im_friend')
      .values({ accid: owner, friend, alias: '', custom: '', valid: true, created_at: now, updated_at: now, seq })
      .onConflict((oc) => oc.columns(['accid', 'friend']).doUpdateSet({ valid: true, created_at: now, updated_at: now, seq }))
      .returningAll()
      .executeTakeFirstOrThrow();
    changes.push({ owner, friend: friendFromRow(row) });
  }
  return changes;
}

function friendFromRow(row: Selectable<FriendTable>): ServerFriend {
  return {
    account: row.friend,
    alias: row.alias,
    custom: row.custom,
    createTime: Number(row.created_at),
    updateTime: Number(row.updated_at),
    valid: row.valid,
  };
}
