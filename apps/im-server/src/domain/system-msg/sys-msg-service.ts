import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { ImDatabase, SysMsgTable } from '../../db/schema';
import { ResponseCode } from '../../protocol';
import { ImServerError, parameterError } from '../errors';
import { ACCOUNT_PATTERN, MAX_ATTACH_LENGTH, MAX_TEXT_LENGTH } from '../msg/limits';
import { Scene } from '../msg/message';
import { isBlacklisted } from '../relation/relation-service';
import { allocateSeq } from '../sync/sequence';

/** §3 System message categories; friend requests are `friend`, custom system messages `msg`. */
export type SysMsgCategory = 'team' | 'superTeam' | 'friend' | 'msg';
/** §4: init, then passed, rejected or error. */
export type SysMsgState = 'init' | 'passed' | 'rejected' | 'error';

/** The type of a custom system message (ours: the spec names the feature, not the type string). */
export const CUSTOM_SYS_MSG_TYPE = 'custom';

export interface ServerSysMsg {
  idServer: string;
  category: SysMsgCategory;
  type: string;
  from: string;
  to: string;
  time: number;
  read: boolean;
  state: SysMsgState;
  error?: { code: number; message: string };
  ps?: string;
  attach?: string;
  content?: string;
  scene?: number;
}

export interface NewSysMsg {
  receiver: string;
  sender: string;
  category: SysMsgCategory;
  type: string;
  ps?: string;
  attach?: string;
  content?: string;
  time: number;
}

export interface CustomSysMsgInput {
  to?: string;
  scene?: number;
  content?: string;
  attach?: string;
  sendToOnlineUsersOnly?: boolean;
}

/** Stores a system message for its receiver, numbered by the receiver's sync sequence; run inside the change's transaction. */
export async function insertSysMsg(trx: Kysely<ImDatabase>, input: NewSysMsg): Promise<ServerSysMsg> {
  const seq = await allocateSeq(trx, input.receiver);
  const row = await trx
    .insertInto('im_sys_msg')
    .values({
      receiver: input.receiver,
      sender: input.sender,
      category: input.category,
      type: input.type,
      ps: input.ps ?? '',
      attach: input.attach ?? '',
      content: input.content ?? '',
      time: input.time,
      error_code: null,
      error_message: null,
      seq,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return sysMsgFromRow(row);
}

/**
 * Moves `receiver`'s pending (init) system messages of `type` from `sender` to `state`
 * (a friend application passed or rejected, §4) with a new sequence number; returns them.
 */
export async function resolvePending(
  trx: Kysely<ImDatabase>,
  receiver: string,
  sender: string,
  type: string,
  state: SysMsgState,
): Promise<ServerSysMsg[]> {
  const pending = await trx
    .selectFrom('im_sys_msg')
    .select('id_server')
    .where('receiver', '=', receiver)
    .where('sender', '=', sender)
    .where('type', '=', type)
    .where('state', '=', 'init')
    .execute();
  if (pending.length === 0) return [];
  const seq = await allocateSeq(trx, receiver);
  const rows = await trx
    .updateTable('im_sys_msg')
    // Answering an application is reading it: without `read` here every other port (and the next
    // sign-in) would count the answered application as unread again.
    .set({ state, seq, read: true })
    .where('id_server', 'in', pending.map((p) => p.id_server))
    .returningAll()
    .execute();
  return rows.map(sysMsgFromRow);
}

/** Whether `receiver` has an application of `type` from `sender` still waiting. */
export async function hasPending(db: Kysely<ImDatabase>, receiver: string, sender: string, type: string): Promise<boolean> {
  const row = await db
    .selectFrom('im_sys_msg')
    .select('id_server')
    .where('receiver', '=', receiver)
    .where('sender', '=', sender)
    .where('type', '=', type)
    .where('state', '=', 'init')
    .executeTakeFirst();
  return row !== undefined;
}

/** System messages: custom ones between accounts, read state, and the sync part (docs/protocol.md). */
export class SysMsgService {
  private readonly nextOnlineId = () => `online-${randomUUID()}`;

  constructor(private readonly db: Kysely<ImDatabase>) {}

  /**
   * A custom system message to one account (sendCustomSysMsg). Stored and synced unless
   * sendToOnlineUsersOnly, which only reaches ports online now. A receiver that has the sender
   * on its blocklist refuses it with 7101 (§8).
   */
  async sendCustom(sender: string, input: CustomSysMsgInput, now = Date.now()): Promise<{ sysMsg: ServerSysMsg; stored: boolean }> {
    const scene = input.scene ?? Scene.P2P;
    if (scene === Scene.TEAM || scene === Scene.SUPER_TEAM) {
      throw new ImServerError(ResponseCode.SERVICE_UNAVAILABLE, 'team system messages are not supported by this server');
    }
    if (scene !== Scene.P2P) throw parameterError('scene must be p2p, team or superTeam');
    if (typeof input.to !== 'string' || !ACCOUNT_PATTERN.test(input.to)) throw parameterError('to must be an account id');
    const content = input.content ?? '';
    if (typeof content !== 'string' || content.length === 0) throw parameterError('content is required');
    if (content.length > MAX_TEXT_LENGTH) throw new ImServerError(ResponseCode.PARAMETER_TOO_LONG, 'content too long');
    const attach = input.attach ?? '';
    if (attach.length > MAX_ATTACH_LENGTH) throw new ImServerError(ResponseCode.PARAMETER_TOO_LONG, 'attach too long');
    const receiver = input.to;
    const exists = await this.db.selectFrom('im_user').select('accid').where('accid', '=', receiver).executeTakeFirst();
    if (!exists) throw new ImServerError(ResponseCode.NOT_FOUND, `account ${receiver} does not exist`);
    if (await isBlacklisted(this.db, receiver, sender)) throw new ImServerError(ResponseCode.BLACKLISTED, 'blacklisted');
    const fields = { category: 'msg' as const, type: CUSTOM_SYS_MSG_TYPE, from: sender, to: receiver, time: now, read: false, state: 'init' as const, content, ...(attach ? { attach } : {}), scene };
    if (input.sendToOnlineUsersOnly) return { sysMsg: { ...fields, idServer: this.nextOnlineId() }, stored: false };
    const sysMsg = await this.db.transaction().execute((trx) =>
      insertSysMsg(trx, { receiver, sender, category: 'msg', type: CUSTOM_SYS_MSG_TYPE, content, attach, time: now }),
    );
    return { sysMsg: { ...sysMsg, scene }, stored: true };
  }

  /** Marks `receiver`'s system messages read (batchMarkRead 7/3), numbered so the other ports sync it. */
  async markRead(receiver: string, idServers: readonly unknown[]): Promise<ServerSysMsg[]> {
    const ids = idServers.map(Number).filter((id) => Number.isSafeInteger(id) && id > 0);
    if (ids.length === 0) return [];
    return this.db.transaction().execute(async (trx) => {
      const unread = await trx
        .selectFrom('im_sys_msg')
        .select('id_server')
        .where('receiver', '=', receiver)
        .where('id_server', 'in', ids)
        .where('read', '=', false)
        .execute();
      if (unread.length === 0) return [];
      const seq = await allocateSeq(trx, receiver);
      const rows = await trx
        .updateTable('im_sys_msg')
        .set({ read: true, seq })
        .where('id_server', 'in', unread.map((u) => u.id_server))
        .returningAll()
        .execute();
      return rows.map(sysMsgFromRow);
    });
  }

  /** `receiver`'s system messages changed in (afterSeq, uptoSeq], oldest change first (a sync page). */
  async changedBetween(receiver: string, afterSeq: number, uptoSeq: number): Promise<ServerSysMsg[]> {
    const rows = await this.db
      .selectFrom('im_sys_msg')
      .selectAll()
      .where('receiver', '=', receiver)
      .where('seq', '>', afterSeq)
      .where('seq', '<=', uptoSeq)
      .orderBy('seq')
      .execute();
    return rows.map(sysMsgFromRow);
  }
}

export function sysMsgFromRow(row: Selectable<SysMsgTable>): ServerSysMsg {
  return {
    idServer: String(row.id_server),
    category: row.category as SysMsgCategory,
    type: row.type,
    from: row.sender,
    to: row.receiver,
    time: Number(row.time),
    read: row.read,
    state: row.state as SysMsgState,
    ...(row.error_code !== null ? { error: { code: row.error_code, message: row.error_message ?? '' } } : {}),
    ...(row.ps ? { ps: row.ps } : {}),
    ...(row.attach ? { attach: row.attach } : {}),
    ...(row.content ? { content: row.content } : {}),
  };
}
