import { ImError, ImErrorName } from '../../errors';
import type { SysMsgRecordValue } from '../../protocol/records';
import type { ImSysMsg, ImSysMsgCategory, ImSysMsgState } from '../../store/entities';
import { friendFromSysMsg, mergeSysMsg, sysMsgUnreadByType } from '../../model/relation-rules';
import { fromWireSysMsg } from '../../model/wire-mapping';
import { DEFAULT_QUERY_LIMIT, MAX_PAGE_LIMIT, MAX_TEXT_LENGTH } from '../../validation/limits';
import type { ServiceContext } from '../service-context';

/** The read-ack pair of p2p system messages (§7: 7/3). */
const SYS_MSG_READ_ACK = { serviceId: 7, commandId: 3 } as const;
/** Super team system messages are acknowledged with their own pair (im-client-spec §7 "super team system messages 21/19"). */
const SUPER_TEAM_SYS_MSG_READ_ACK = { serviceId: 21, commandId: 19 } as const;

/** How many stored system messages the unread counters look at (ours; §9 query default is 100). */
const UNREAD_COUNT_WINDOW = 1000;

export interface CustomSysMsgInput {
  to: string;
  /** The app's payload (a JSON string is usual); required. */
  content: string;
  attach?: string;
  /** Only ports online now get it; it is not stored or synced. */
  sendToOnlineUsersOnly?: boolean;
}

/**
 * System messages (im-client-spec §3, §4): friend requests and custom system messages. New ones
 * are state init and unread; answering an application moves it to passed or rejected; the
 * unread counters are kept per type. Read state goes to the server through the 7/3 read-ack so
 * other devices agree.
 */
export class SystemMessagesService {
  constructor(private readonly context: ServiceContext) {}

  /** Newest first; 100 by default, at most 100 (§9 query defaults). */
  async list(query: { limit?: number; category?: ImSysMsgCategory } = {}): Promise<ImSysMsg[]> {
    const limit = query.limit ?? DEFAULT_QUERY_LIMIT;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_LIMIT) {
      throw new ImError(ImErrorName.Param_Error, `limit must be between 1 and ${MAX_PAGE_LIMIT}`, { code: 414 });
    }
    return this.context.store().getSysMsgs({ limit, category: query.category });
  }

  /** Unread system messages per type (§3). */
  async unreadByType(): Promise<Record<string, number>> {
    return sysMsgUnreadByType(await this.context.store().getSysMsgs({ limit: UNREAD_COUNT_WINDOW }));
  }

  /** Marks system messages read here, then on the server (7/3 read-ack) for the other devices. */
  async markRead(idServers: readonly string[]): Promise<void> {
    const store = this.context.store();
    const changed: ImSysMsg[] = [];
    for (const idServer of new Set(idServers)) {
      const sysMsg = await store.getSysMsg(idServer);
      if (sysMsg && !sysMsg.read) changed.push({ ...sysMsg, read: true });
    }
    if (changed.length === 0) return;
    await store.putSysMsgs(changed);
    for (const sysMsg of changed) this.context.emit('updateSysMsg', sysMsg);
    await this.emitUnread();
    const superTeam = changed.filter((s) => s.category === 'superTeam').map((s) => s.idServer);
    const others = changed.filter((s) => s.category !== 'superTeam').map((s) => s.idServer);
    if (others.length > 0) await this.context.connection.request('batchMarkRead', { ...SYS_MSG_READ_ACK, idServers: others });
    if (superTeam.length > 0) await this.context.connection.request('batchMarkRead', { ...SUPER_TEAM_SYS_MSG_READ_ACK, idServers: superTeam });
  }

  /** A custom system message to one account (sendCustomSysMsg); 7101 when the receiver blocked us. */
  async sendCustomSysMsg(input: CustomSysMsgInput): Promise<ImSysMsg> {
    if (typeof input?.to !== 'string' || input.to === '') throw new ImError(ImErrorName.Param_Error, 'to must be an account', { code: 414 });
    if (typeof input.content !== 'string' || input.content === '' || input.content.length > MAX_TEXT_LENGTH) {
      throw new ImError(ImErrorName.Param_Error, `content must be a non-empty string of at most ${MAX_TEXT_LENGTH} characters`, { code: 414 });
    }
    const answer = await this.context.connection.request('sendCustomSysMsg', {
      sysMsg: { to: input.to, scene: 0, content: input.content, attach: input.attach, sendToOnlineUsersOnly: input.sendToOnlineUsersOnly },
    });
    const sent = fromWireSysMsg(answer.sysMsg);
    if (!sent) throw new ImError(ImErrorName.Param_Error, 'the server answered without the system message', { code: 500 });
    return sent;
  }

  /** §4: the state an answered application reaches here at once (the server's copy follows). */
  async setState(idServer: string, state: ImSysMsgState, error?: { code: number; message: string }): Promise<ImSysMsg | undefined> {
    const store = this.context.store();
    const sysMsg = await store.getSysMsg(idServer);
    if (!sysMsg) return undefined;
    const updated: ImSysMsg = { ...sysMsg, state, read: true, ...(error ? { error } : {}) };
    await store.putSysMsgs([updated]);
    this.context.emit('updateSysMsg', updated);
    await this.emitUnread();
    return updated;
  }

  /**
   * A sysMsg push: a new system message (sysMsg event; addFriend and passFriendApply also make
   * the sender a friend, §4) or a known one changed (updateSysMsg event).
   */
  async receive(record: SysMsgRecordValue | undefined): Promise<void> {
    const incoming = fromWireSysMsg(record);
    if (!incoming) return;
    const store = this.context.store();
    const stored = await store.getSysMsg(incoming.idServer);
    const merged = mergeSysMsg(stored, incoming);
    await store.putSysMsgs([merged]);
    if (stored) {
      this.context.emit('updateSysMsg', merged);
    } else {
      const friend = friendFromSysMsg(merged, this.context.account);
      if (friend && !(await store.getFriends()).some((f) => f.account === friend.account && f.valid)) {
        await store.putFriends([friend]);
        this.context.emit('friends', { friends: (await store.getFriends()).filter((f) => f.valid), removed: [] });
      }
      this.context.emit('sysMsg', merged);
    }
    await this.emitUnread();
  }

  private async emitUnread(): Promise<void> {
    this.context.emit('sysMsgUnread', await this.unreadByType());
  }
}
