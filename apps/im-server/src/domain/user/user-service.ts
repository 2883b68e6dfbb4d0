import type { Kysely } from 'kysely';
import type { ImDatabase } from '../../db/schema';
import { parameterError } from '../errors';
import { ACCOUNT_PATTERN } from '../msg/limits';
import { bumpTimetag, TimetagKind } from '../sync/timetags';

/** im-client-spec §5 "User lookup at most 150 accounts". */
export const MAX_USER_LOOKUP = 150;

/** Profile display fields are bounded so a token cannot carry an unbounded nick (our choice). */
const MAX_NICK_LENGTH = 64;
const MAX_AVATAR_LENGTH = 1024;

export interface ImUser {
  account: string;
  nick: string;
  avatar: string;
  createTime: number;
  updateTime: number;
}

export interface ProfileClaims {
  accid: string;
  nick?: string;
  avatar?: string;
}

export class UserService {
  constructor(private readonly db: Kysely<ImDatabase>) {}

  /**
   * Accounts come from store-server's signed tokens: the first login creates the user from the
   * token's nick/avatar, later logins refresh them when the token carries new values.
   */
  async ensureFromClaims(claims: ProfileClaims, now = Date.now()): Promise<ImUser> {
    const nick = (claims.nick ?? '').slice(0, MAX_NICK_LENGTH);
    const avatar = (claims.avatar ?? '').slice(0, MAX_AVATAR_LENGTH);
    const existing = await this.db.selectFrom('im_user').selectAll().where('accid', '=', claims.accid).executeTakeFirst();
    if (!existing) {
      const row = await this.db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('im_user')
          .values({ accid: claims.accid, nick, avatar, created_at: now, updated_at: now })
          .onConflict((oc) => oc.column('accid').doUpdateSet({ updated_at: now }))
          .returningAll()
          .executeTakeFirstOrThrow();
        await bumpTimetag(trx, claims.accid, TimetagKind.MY_INFO);
        return inserted;
      });
      return userFromRow(row);
    }
    const changed = (claims.nick !== undefined && nick !== existing.nick) || (claims.avatar !== undefined && avatar !== existing.avatar);
    if (!changed) return userFromRow(existing);
    const row = await this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('im_user')
        .set({ nick: claims.nick !== undefined ? nick : existing.nick, avatar: claims.avatar !== undefined ? avatar : existing.avatar, updated_at: now })
        .where('accid', '=', claims.accid)
        .returningAll()
        .executeTakeFirstOrThrow();
      await bumpTimetag(trx, claims.accid, TimetagKind.MY_INFO);
      return updated;
    });
    return userFromRow(row);
  }

  async get(account: string): Promise<ImUser | undefined> {
    const row = await this.db.selectFrom('im_user').selectAll().where('accid', '=', account).executeTakeFirst();
    return row ? userFromRow(row) : undefined;
  }

  /** getUsers: known accounts only, in the order asked. */
  async getMany(accounts: readonly unknown[]): Promise<ImUser[]> {
    if (accounts.length > MAX_USER_LOOKUP) throw parameterError(`at most ${MAX_USER_LOOKUP} accounts`);
    const valid = accounts.filter((a): a is string => typeof a === 'string' && ACCOUNT_PATTERN.test(a));
    if (valid.length === 0) return [];
    const rows = await this.db.selectFrom('im_user').selectAll().where('accid', 'in', valid).execute();
    const byAccount = new Map(rows.map((r) => [r.accid, userFromRow(r)]));
    return valid.flatMap((a) => byAccount.get(a) ?? []);
  }
}

function userFromRow(row: { accid: string; nick: string; avatar: string; created_at: number; updated_at: number }): ImUser {
  return { account: row.accid, nick: row.nick, avatar: row.avatar, createTime: Number(row.created_at), updateTime: Number(row.updated_at) };
}
