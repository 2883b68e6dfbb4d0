import type { Kysely } from 'kysely';
import type { ImDatabase } from '../../db/schema';
import { donnopProblem, GENDER_CODES, MAX_USER_LOOKUP, profileUpdateProblem, type ProfileUpdate } from '../../protocol';
import { parameterError } from '../errors';
import { ACCOUNT_PATTERN } from '../msg/limits';
import { allocateSeqs } from '../sync/sequence';
import { bumpTimetag, recordTimetag, TimetagKind } from '../sync/timetags';

export { MAX_USER_LOOKUP };


/** Profile display fields are bounded so a token cannot carry an unbounded nick (our choice). */
const MAX_NICK_LENGTH = 64;
const MAX_AVATAR_LENGTH = 1024;

export interface ImUser {
  account: string;
  nick: string;
  avatar: string;
  sign: string;
  /** 0 unknown, 1 male, 2 female (§3). */
  gender: number;
  email: string;
  birth: string;
  tel: string;
  custom: string;
  createTime: number;
  updateTime: number;
}

/** updateMyInfo on the wire: gender is the §3 code. */
export type WireProfileUpdate = Omit<ProfileUpdate, 'gender'> & { gender?: number; account?: string; createTime?: number; updateTime?: number };

type UserRow = { accid: string; nick: string; avatar: string; sign: string; gender: number; email: string; birth: string; tel: string; custom: string; created_at: number; updated_at: number };

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
    // A profile the user edited (updateMyInfo) is theirs: token claims no longer overwrite it.
    if (existing.profile_edited) return userFromRow(existing);
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

  /**
   * updateMyInfo: the §5 profile rules (gender, email, birth, tel), then one write that also
   * bumps the myInfo timetag so the account's other ports and next sync get it.
   */
  async updateMyInfo(account: string, input: WireProfileUpdate | undefined, now = Date.now()): Promise<{ user: ImUser; timetag: number }> {
    // account and the times are the server's; a client may echo them back, they are ignored.
    const { account: _account, createTime: _createTime, updateTime: _updateTime, gender: genderCode, ...fields } = input ?? {};
    if (genderCode !== undefined && GENDER_CODES[genderCode] === undefined) throw parameterError('gender must be one of unknown, male, female');
    const update: ProfileUpdate = { ...fields, ...(genderCode !== undefined ? { gender: GENDER_CODES[genderCode] } : {}) };
    const problem = profileUpdateProblem(update);
    if (problem) throw parameterError(problem);
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('im_user')
        .set({
          ...fields,
          ...(genderCode !== undefined ? { gender: genderCode } : {}),
          ...(fields.nick !== undefined || fields.avatar !== undefined ? { profile_edited: true } : {}),
          updated_at: now,
        })
        .where('accid', '=', account)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw parameterError('unknown account');
      // The accounts that have this user as a friend get the new profile with their next sync
      // (friendUsers): their friend row takes a new number. All numbers in sorted account order.
      const owners = (await trx.selectFrom('im_friend').select('accid').where('friend', '=', account).where('valid', '=', true).execute()).map((r) => r.accid);
      const seqs = await allocateSeqs(trx, [account, ...owners]);
      for (const owner of owners) {
        await trx.updateTable('im_friend').set({ seq: seqs.get(owner) as number }).where('accid', '=', owner).where('friend', '=', account).execute();
      }
      const timetag = seqs.get(account) as number;
      await recordTimetag(trx, account, TimetagKind.MY_INFO, timetag);
      return { user: userFromRow(row), timetag };
    });
  }

  /** updateDonnop: stores the do-not-disturb settings (a JSON object string) and bumps their timetag. */
  async updateDonnop(account: string, donnop: unknown): Promise<number> {
    const problem = donnopProblem(donnop);
    if (problem) throw parameterError(problem);
    return this.db.transaction().execute(async (trx) => {
      await trx.updateTable('im_user').set({ donnop: donnop as string }).where('accid', '=', account).execute();
      return bumpTimetag(trx, account, TimetagKind.DONNOP);
    });
  }

  async getDonnop(account: string): Promise<string> {
    const row = await this.db.selectFrom('im_user').select('donnop').where('accid', '=', account).executeTakeFirst();
    return row?.donnop ?? '';
  }

  async get(account: string): Promise<ImUser | undefined> {
    const row = await this.db.selectFrom('im_user').selectAll().where('accid', '=', account).executeTakeFirst();
    return row ? userFromRow(row) : undefined;
  }

  /** getUsers: known accounts only, in the order asked. */
  async getMany(accounts: readonly unknown[]): Promise<ImUser[]> {
    if (accounts.length > MAX_USER_LOOKUP) throw parameterError(`at most ${MAX_USER_LOOKUP} accounts can be looked up at once`);
    const valid = accounts.filter((a): a is string => typeof a === 'string' && ACCOUNT_PATTERN.test(a));
    if (valid.length === 0) return [];
    const rows = await this.db.selectFrom('im_user').selectAll().where('accid', 'in', valid).execute();
    const byAccount = new Map(rows.map((r) => [r.accid, userFromRow(r)]));
    return valid.flatMap((a) => byAccount.get(a) ?? []);
  }
}

function userFromRow(row: UserRow): ImUser {
  return {
    account: row.accid,
    nick: row.nick,
    avatar: row.avatar,
    sign: row.sign,
    gender: Number(row.gender),
    email: row.email,
    birth: row.birth,
    tel: row.tel,
    custom: row.custom,
    createTime: Number(row.created_at),
    updateTime: Number(row.updated_at),
  };
}
