import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { ImDatabase } from '../../db/schema';
import {
  CHATROOM_ADMIN_TYPES,
  ResponseCode,
  chatroomHistoryProblem,
  chatroomIdProblem,
  chatroomMembersQueryProblem,
  chatroomTagQueryProblem,
  chatroomTagsProblem,
  coordinateProblem,
  markChatroomMemberProblem,
  updateChatroomProblem,
  DEFAULT_CHATROOM_PAGE_LIMIT,
  type ChatroomHistoryQuery,
  type ChatroomMarkInput,
  type ChatroomMembersQuery,
  type ChatroomUpdateInput,
  type MessageRecordValue,
} from '../../protocol';
import { ImServerError, parameterError } from '../errors';
import type { ChatroomMemberRow, ChatroomRow, ChatroomTables } from './chatroom-tables';

export type ChatroomDb = Kysely<ImDatabase & ChatroomTables>;

export const fail = (code: number, message: string) => new ImServerError(code, message);
export function check(problem: string | undefined): void {
  if (problem) throw parameterError(problem);
}
export const isAdmin = (member: { type: string } | undefined) => member !== undefined && CHATROOM_ADMIN_TYPES.has(member.type);

export interface CreateChatroomInput {
  id?: string; name: string; creator: string; announcement?: string; broadcastUrl?: string; custom?: string; queuelevel?: number;
  allowAnonymous?: boolean;
}

/** A change a command made that the room hears about (a chat-room notification, docs/im-chatroom.md). */
export interface ChatroomNotice {
  type: string; from: string; to?: string[]; duration?: number; custom?: string; level?: number; mute?: boolean;
  /** Queue notifications: the items offered, changed or removed. */
  items?: { key: string; value: string }[];
}

const toggleNotice = (type: string, isAdd: boolean): string =>
  ({ manager: ['addManager', 'removeManager'], normal: ['addCommon', 'removeCommon'], blacklist: ['blackMember', 'unblackMember'], gag: ['gagMember', 'ungagMember'], tempMute: ['addTempMute', 'removeTempMute'] })[type]?.[isAdd ? 0 : 1] ?? type;

/**
 * Chat rooms (issue 12; im-client-spec §3, §5, §6, §8 13002–13006; docs/im-chatroom.md): rooms,
 * members and their marks, messages and history, tags and coordinates. Who is online is not here:
 * the gateway asks the router (every node's chat-room sockets) and passes the accounts in.
 * Refusals: 404 no such room or member, 13002 room closed, 13003 blacklisted, 13004 gagged or
 * temporarily muted, 13006 room muted and the sender no admin, 403 not allowed for the caller's type.
 */
export class ChatroomService {
  readonly db: ChatroomDb;

  constructor(
    db: Kysely<ImDatabase>,
    readonly now: () => number = Date.now,
    /** The WebSocket addresses a chat-room connection opens (getChatroomAddress): this server's own. */
    readonly addresses: () => string[] = () => [],
  ) {
    this.db = db.withTables<ChatroomTables>();
  }

  async create(input: CreateChatroomInput): Promise<ChatroomRow> {
    const id = input.id ?? randomBytes(8).toString('hex');
    check(chatroomIdProblem(id));
    if (typeof input.name !== 'string' || input.name.trim() === '') throw parameterError('name is required');
    check(updateChatroomProblem({ name: input.name, announcement: input.announcement, broadcastUrl: input.broadcastUrl, custom: input.custom, queuelevel: input.queuelevel }));
    const now = this.now();
    const row: ChatroomRow = {
      id, name: input.name, announcement: input.announcement ?? '', broadcast_url: input.broadcastUrl ?? '', custom: input.custom ?? '',
      queuelevel: input.queuelevel ?? 0, creator: input.creator, mute: false, allow_anonymous: input.allowAnonymous ?? false, closed: false,
      create_time: now, update_time: now,
    };
    await this.db.transaction().execute(async (trx) => {
      const inserted = await trx.insertInto('im_chatroom').values(row).onConflict((c) => c.column('id').doNothing()).returning('id').executeTakeFirst();
      if (!inserted) throw fail(ResponseCode.DUPLICATE_OPERATION, `chat room ${id} exists`);
      await trx.insertInto('im_chatroom_member').values(newMember(id, input.creator, 'owner', now)).execute();
    });
    return row;
  }

  async room(chatroomId: string): Promise<ChatroomRow | undefined> {
    return this.db.selectFrom('im_chatroom').selectAll().where('id', '=', chatroomId).executeTakeFirst();
  }

  /** The room, open: 404 when there is none, 13002 once it was closed. */
  async openRoom(chatroomId: string): Promise<ChatroomRow> {
    check(chatroomIdProblem(chatroomId));
    const room = await this.room(chatroomId);
    if (!room) throw fail(ResponseCode.NOT_FOUND, `chat room ${chatroomId} does not exist`);
    if (room.closed) throw fail(ResponseCode.CHATROOM_STATE_ABNORMAL, `chat room ${chatroomId} is closed`);
    return room;
  }

  async member(chatroomId: string, account: string): Promise<ChatroomMemberRow | undefined> {
    return this.db.selectFrom('im_chatroom_member').selectAll().where('chatroom_id', '=', chatroomId).where('account', '=', account).executeTakeFirst();
  }

  /** getChatroomAddress: the room must be open and the caller not blacklisted in it. */
  async checkAddress(chatroomId: string, account: string): Promise<void> {
    await this.openRoom(chatroomId);
    if ((await this.member(chatroomId, account))?.blacked) throw fail(ResponseCode.CHATROOM_IN_BLACKLIST, 'you are in the chat room blacklist');
  }

  /**
   * chatroomLogin: an account with a verified token, or an anonymous visitor when the room admits
   * them (account generated). A new visitor becomes a guest; the creator is the owner.
   */
  async enter(input: { chatroomId: string; account?: string; nick?: string; avatar?: string; custom?: string }): Promise<{ room: ChatroomRow; member: ChatroomMemberRow }> {
    const room = await this.openRoom(input.chatroomId);
    const anonymous = input.account === undefined;
    if (anonymous && !room.allow_anonymous) throw fail(ResponseCode.NO_PERMISSION, 'this chat room admits no anonymous visitors');
    const account = input.account ?? `anon_${randomBytes(8).toString('hex')}`;
    const now = this.now();
    const existing = await this.member(room.id, account);
    if (existing?.blacked) throw fail(ResponseCode.CHATROOM_IN_BLACKLIST, 'you are in the chat room blacklist');
    const profile = {
      ...(input.nick !== undefined ? { nick: input.nick.slice(0, 64) } : {}),
      ...(input.avatar !== undefined ? { avatar: input.avatar.slice(0, 1024) } : {}),
      ...(input.custom !== undefined ? { custom: input.custom.slice(0, 4096) } : {}),
    };
    const member = await this.db
      .insertInto('im_chatroom_member')
      .values({ ...newMember(room.id, account, anonymous ? 'anonymous' : 'guest', now), ...profile, enter_time: now })
      .onConflict((c) => c.columns(['chatroom_id', 'account']).doUpdateSet({ ...profile, enter_time: now }))
      .returningAll()
      .executeTakeFirstOrThrow();
    return { room, member };
  }

  /** Who may speak now: 13002 closed, 13003 blacklisted, 13004 gagged or muted for a while, 13006 room muted. */
  async checkSpeaker(chatroomId: string, account: string): Promise<ChatroomMemberRow> {
    const room = await this.openRoom(chatroomId);
    const member = await this.member(chatroomId, account);
    if (!member) throw fail(ResponseCode.NOT_FOUND, 'you are not in this chat room');
    if (member.blacked) throw fail(ResponseCode.CHATROOM_IN_BLACKLIST, 'you are in the chat room blacklist');
    if (member.gaged || member.temp_mute_until > this.now()) throw fail(ResponseCode.CHATROOM_IN_MUTELIST, 'you are muted in this chat room');
    if (room.mute && !isAdmin(member)) throw fail(ResponseCode.CHATROOM_ALL_MUTED, 'chatroom fully muted, only admins may speak');
    return member;
  }

  /** Stores a room message; the same idClient from the same sender again answers the stored one. */
  async saveMessage(chatroomId: string, from: string, record: MessageRecordValue): Promise<MessageRecordValue> {
    const time = this.now();
    const inserted = await this.db
      .insertInto('im_chatroom_msg')
      .values({ chatroom_id: chatroomId, from_account: from, id_client: record.idClient ?? '', type: record.type ?? 0, time, record: '' })
      .onConflict((c) => c.columns(['chatroom_id', 'from_account', 'id_client']).doNothing())
      .returning(['id'])
      .executeTakeFirst();
    if (!inserted) {
      const stored = await this.db.selectFrom('im_chatroom_msg').select('record').where('chatroom_id', '=', chatroomId).where('from_account', '=', from).where('id_client', '=', record.idClient ?? '').executeTakeFirstOrThrow();
      return JSON.parse(stored.record) as MessageRecordValue;
    }
    const full: MessageRecordValue = { ...record, idServer: String(inserted.id), time, from, chatroomId, status: 'success' };
    await this.db.updateTable('im_chatroom_msg').set({ record: JSON.stringify(full) }).where('id', '=', inserted.id).execute();
    return full;
  }

  /** getHistoryMsgs of the room: newest first unless reverse; limit default 100, at most 100 (§5). */
  async history(chatroomId: string, query: ChatroomHistoryQuery & { reverse?: boolean }): Promise<MessageRecordValue[]> {
    check(chatroomHistoryProblem(query));
    let q = this.db.selectFrom('im_chatroom_msg').select('record').where('chatroom_id', '=', chatroomId).where('record', '!=', '');
    if (query.beginTime) q = q.where('time', '>=', query.beginTime);
    if (query.endTime) q = q.where('time', '<=', query.endTime);
    if (query.msgTypes && query.msgTypes.length > 0) q = q.where('type', 'in', query.msgTypes);
    if (query.lastMsgId) q = q.where('id', query.reverse ? '>' : '<', Number(query.lastMsgId));
    const rows = await q.orderBy('id', query.reverse ? 'asc' : 'desc').limit(query.limit ?? DEFAULT_CHATROOM_PAGE_LIMIT).execute();
    return rows.map((r) => JSON.parse(r.record) as MessageRecordValue);
  }

  /**
   * getChatroomMembers: fixed members (owner, managers, normal) by last change, or with `guest` the
   * guests and anonymous visitors online, by enter time; `time` pages (older than it), `onlyOnline`
   * keeps online fixed members only.
   */
  async members(chatroomId: string, query: ChatroomMembersQuery, online: ReadonlySet<string>): Promise<ChatroomMemberRow[]> {
    check(chatroomMembersQueryProblem(query));
    const limit = query.limit ?? DEFAULT_CHATROOM_PAGE_LIMIT;
    const timeColumn = query.guest ? 'enter_time' : 'update_time';
    let q = this.db.selectFrom('im_chatroom_member').selectAll().where('chatroom_id', '=', chatroomId)
      .where('type', 'in', query.guest ? ['guest', 'anonymous'] : ['owner', 'manager', 'normal']);
    if (query.time) q = q.where(timeColumn, '<', query.time);
    if (query.guest || query.onlyOnline) {
      if (online.size === 0) return [];
      q = q.where('account', 'in', [...online]);
    }
    return q.orderBy(timeColumn, 'desc').orderBy('account').limit(limit).execute();
  }

  /**
   * markChatroomMember (§6): the owner sets managers; the owner and managers set normal members
   * (with a level), the blacklist, gag and temporary mute of members below them. Nobody marks
   * themselves or the owner.
   */
  async mark(chatroomId: string, actorAccount: string, input: ChatroomMarkInput): Promise<{ member: ChatroomMemberRow; notice: ChatroomNotice }> {
    check(markChatroomMemberProblem(input));
    await this.openRoom(chatroomId);
    const account = input.account as string;
    const actor = await this.member(chatroomId, actorAccount);
    if (!isAdmin(actor)) throw fail(ResponseCode.NO_PERMISSION, 'only the owner and managers may mark members');
    if (account === actorAccount) throw fail(ResponseCode.NO_PERMISSION, 'you cannot mark yourself');
    if (input.type === 'manager' && actor?.type !== 'owner') throw fail(ResponseCode.NO_PERMISSION, 'only the owner may set managers');
    const target = await this.member(chatroomId, account);
    if (!target) throw fail(ResponseCode.NOT_FOUND, `${account} is not a member of this chat room`);
    if (target.type === 'owner') throw fail(ResponseCode.NO_PERMISSION, 'the owner cannot be marked');
    if (target.type === 'manager' && actor?.type !== 'owner') throw fail(ResponseCode.NO_PERMISSION, 'only the owner may mark a manager');
    const now = this.now();
    const isAdd = input.isAdd as boolean;
    const change: Partial<ChatroomMemberRow> = { update_time: now };
    switch (input.type) {
      case 'manager':
        change.type = isAdd ? 'manager' : 'normal';
        break;
      case 'normal':
        if (isAdd) {
          if (target.type === 'anonymous') throw fail(ResponseCode.NO_PERMISSION, 'an anonymous visitor cannot become a member');
          change.type = target.type === 'manager' ? 'manager' : 'normal';
          if (input.level !== undefined) change.level = input.level;
        } else {
          if (target.type === 'manager') throw fail(ResponseCode.NO_PERMISSION, 'remove the manager mark first');
          change.type = target.type === 'anonymous' ? 'anonymous' : 'guest';
          change.level = 0;
        }
        break;
      case 'blacklist':
        change.blacked = isAdd;
        break;
      case 'gag':
        change.gaged = isAdd;
        break;
      case 'tempMute':
        change.temp_mute_until = isAdd ? now + (input.duration as number) * 1000 : 0;
        break;
    }
    const member = await this.db.updateTable('im_chatroom_member').set(change).where('chatroom_id', '=', chatroomId).where('account', '=', account).returningAll().executeTakeFirstOrThrow();
    const notice: ChatroomNotice = {
      type: toggleNotice(input.type as string, isAdd), from: actorAccount, to: [account],
      ...(input.type === 'tempMute' && isAdd ? { duration: input.duration } : {}),
      ...(input.type === 'normal' && isAdd && input.level !== undefined ? { level: input.level } : {}),
      ...(input.custom ? { custom: input.custom } : {}),
    };
    return { member, notice };
  }

  /** kickChatroomMember: the owner kicks anyone else, a manager kicks members below managers. */
  async checkKick(chatroomId: string, actorAccount: string, account: string): Promise<void> {
    await this.openRoom(chatroomId);
    const actor = await this.member(chatroomId, actorAccount);
    if (!isAdmin(actor)) throw fail(ResponseCode.NO_PERMISSION, 'only the owner and managers may kick members');
    if (account === actorAccount) throw fail(ResponseCode.NO_PERMISSION, 'you cannot kick yourself');
    const target = await this.member(chatroomId, account);
    if (!target) throw fail(ResponseCode.NOT_FOUND, `${account} is not a member of this chat room`);
    if (target.type === 'owner' || (target.type === 'manager' && actor?.type !== 'owner')) {
      throw fail(ResponseCode.NO_PERMISSION, `you may not kick ${account}`);
    }
  }

  /** closeChatroom: the owner only; the room answers 13002 from then on. */
  async close(chatroomId: string, actorAccount: string): Promise<void> {
    await this.openRoom(chatroomId);
    const actor = await this.member(chatroomId, actorAccount);
    if (actor?.type !== 'owner') throw fail(ResponseCode.NO_PERMISSION, 'only the owner may close the chat room');
    await this.db.updateTable('im_chatroom').set({ closed: true, update_time: this.now() }).where('id', '=', chatroomId).execute();
  }

  /** updateChatroom: the owner and managers; returns the room after and whether the room mute changed. */
  async update(chatroomId: string, actorAccount: string, fields: ChatroomUpdateInput | undefined): Promise<{ room: ChatroomRow; muteChanged: boolean }> {
    check(updateChatroomProblem(fields));
    const before = await this.openRoom(chatroomId);
    if (!isAdmin(await this.member(chatroomId, actorAccount))) throw fail(ResponseCode.NO_PERMISSION, 'only the owner and managers may update the chat room');
    const f = fields as ChatroomUpdateInput;
    const change: Partial<ChatroomRow> = {
      update_time: this.now(),
      ...(f.name !== undefined ? { name: f.name } : {}),
      ...(f.announcement !== undefined ? { announcement: f.announcement } : {}),
      ...(f.broadcastUrl !== undefined ? { broadcast_url: f.broadcastUrl } : {}),
      ...(f.custom !== undefined ? { custom: f.custom } : {}),
      ...(f.queuelevel !== undefined ? { queuelevel: f.queuelevel } : {}),
      ...(f.mute !== undefined ? { mute: f.mute } : {}),
    };
    const room = await this.db.updateTable('im_chatroom').set(change).where('id', '=', chatroomId).returningAll().executeTakeFirstOrThrow();
    return { room, muteChanged: f.mute !== undefined && f.mute !== before.mute };
  }

  /** updateChatroomTags: replaces the member's tags. */
  async setTags(chatroomId: string, account: string, tags: unknown): Promise<void> {
    check(chatroomTagsProblem(tags));
    const unique = [...new Set(tags as string[])];
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('im_chatroom_tag').where('chatroom_id', '=', chatroomId).where('account', '=', account).execute();
      if (unique.length > 0) await trx.insertInto('im_chatroom_tag').values(unique.map((tag) => ({ chatroom_id: chatroomId, account, tag }))).execute();
    });
  }

  /** getChatroomMembersByTag: online members carrying `tag`, by enter time (newest first), paged by `time`. */
  async membersByTag(chatroomId: string, query: { tag?: string; time?: number; limit?: number }, online: ReadonlySet<string>): Promise<ChatroomMemberRow[]> {
    check(chatroomTagQueryProblem(query));
    if (online.size === 0) return [];
    let q = this.db.selectFrom('im_chatroom_member as m')
      .innerJoin('im_chatroom_tag as t', (j) => j.onRef('t.chatroom_id', '=', 'm.chatroom_id').onRef('t.account', '=', 'm.account'))
      .selectAll('m').where('m.chatroom_id', '=', chatroomId).where('t.tag', '=', query.tag as string).where('m.account', 'in', [...online]);
    if (query.time) q = q.where('m.enter_time', '<', query.time);
    return q.orderBy('m.enter_time', 'desc').limit(query.limit ?? DEFAULT_CHATROOM_PAGE_LIMIT).execute();
  }

  async tagsOf(chatroomId: string, account: string): Promise<string[]> {
    const rows = await this.db.selectFrom('im_chatroom_tag').select('tag').where('chatroom_id', '=', chatroomId).where('account', '=', account).orderBy('tag').execute();
    return rows.map((r) => r.tag);
  }

  /** updateCoordinate: stored on the member row. */
  async setCoordinate(chatroomId: string, account: string, input: { x?: number; y?: number; z?: number; distance?: number }): Promise<void> {
    check(coordinateProblem(input));
    await this.db.updateTable('im_chatroom_member')
      .set({ coord_x: input.x as number, coord_y: input.y as number, coord_z: input.z as number, coord_distance: input.distance ?? null, update_time: this.now() })
      .where('chatroom_id', '=', chatroomId).where('account', '=', account).execute();
  }

  /** Seconds of a temporary mute left (0 when none); §3 tempMuteDuration. */
  tempMuteLeft(member: ChatroomMemberRow): number {
    return Math.max(0, Math.ceil((member.temp_mute_until - this.now()) / 1000));
  }

  /** Keeps a lock-free count honest for tests: rows of a table for one room. */
  async countRows(table: 'im_chatroom_msg' | 'im_chatroom_queue', chatroomId: string): Promise<number> {
    const row = await this.db.selectFrom(table).select(sql<number>`count(*)::int`.as('n')).where('chatroom_id', '=', chatroomId).executeTakeFirstOrThrow();
    return row.n;
  }
}

function newMember(chatroomId: string, account: string, type: string, now: number): ChatroomMemberRow {
  return {
    chatroom_id: chatroomId, account, type, level: 0, nick: '', avatar: '', custom: '', enter_time: 0, blacked: false, gaged: false,
    temp_mute_until: 0, coord_x: null, coord_y: null, coord_z: null, coord_distance: null, update_time: now,
  };
}
