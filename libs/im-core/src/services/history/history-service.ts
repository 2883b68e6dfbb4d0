import { ImError, ImErrorName } from '../../errors';
import type { ImMessage, ImMessageType, ImSession } from '../../store/entities';
import { parseSessionId } from '../../store/entities';
import { SceneCode } from '../../protocol/constants';
import type { MessageRecordValue } from '../../protocol/records';
import { validatePageLimit } from '../../validation/message-rules';
import { validateFtsSearch } from '../../validation/fts-rules';
import { fromWireMessage, typeCodeOf } from '../../model/wire-mapping';
import { emptySession } from '../../model/session-state';
import {
  applyDeletedForSelf,
  applyHistoryClear,
  mergeReceiptTimes,
  takeNewBroadcasts,
  type ImBroadcastMsg,
  type RollbackOptions,
} from '../../model/history-rules';
import type { ServiceContext } from '../service-context';
import type { RequestBodyOf } from '../../protocol/command-definition';
import type { CommandTable } from '../../protocol/commands';

/** §5 "batch self-delete 1 to 100 messages". */
export const DELETE_SELF_BATCH_MAX = 100;

export interface ServerSearchQuery {
  keyword?: string;
  /** Sessions to search (`p2p-<account>`); none = all of mine. */
  sessionIds?: string[];
  types?: ImMessageType[];
  /** 1 to 100, default 100 (§5). */
  limit?: number;
  /** Paging: pass the last result of the previous page. */
  after?: Pick<ImMessage, 'time' | 'idServer'>;
}

export interface ServerSearchPage {
  /** Newest first. */
  messages: ImMessage[];
  /** The page was full: ask again with `after` = its last message. */
  hasMore: boolean;
}

/** A full-text search (history.ftsSearch, msgFtsSearch). */
export interface FtsSearchQuery {
  /** 1 to 100 characters, matched case-insensitively inside the text of text and tip messages. */
  keyword: string;
  /** Sessions to search (`p2p-<account>`, `team-<id>`); none = all of mine. */
  sessionIds?: string[];
  /** `text`, `tip` or both (default both). */
  types?: ('text' | 'tip')[];
  /** From this time in ms (included); 0 or absent = open. */
  fromTime?: number;
  /** Up to this time in ms (included); 0 or absent = open. */
  toTime?: number;
  /** Messages in the answer: 1 to 100, default 20 (§9 "full-text timed search 20"). */
  limit?: number;
  /** Only the hits of this many sessions, those with the newest hits (1 to 100; default all). */
  sessionLimit?: number;
  /** DESC (default): newest first; ASC: oldest first. */
  order?: 'ASC' | 'DESC';
}

/** Events of this service (ServiceEvents carries them to the app). */
export interface HistoryEvents {
  /** Messages deleted for self here or on another device of the account. */
  msgsDeletedSelf: string[];
  /** A session's server history was cleared here or on another device. */
  sessionHistoryCleared: ImSession;
  /** Broadcast messages not reported before (live or by sync). */
  broadcastMsgs: ImBroadcastMsg[];
}

type Emit = <E extends keyof HistoryEvents>(event: E, payload: HistoryEvents[E]) => void;

/**
 * Server history across the account's devices (issue 10 §2–§4; docs/protocol.md "History,
 * receipts and stick-top across devices"): delete for self, clear server history, server search,
 * and the live pushes of those, of receipts sent and of stick-top from the other devices, and
 * broadcast messages. The §5 rollback options apply the same way live and in sync (history-rules).
 */
export class HistoryService {
  constructor(
    private readonly context: ServiceContext,
    private readonly options: RollbackOptions = {},
    private readonly emitHistory: Emit = () => {},
  ) {}

  /** Deletes 1–100 messages for this account on the server, then here; the other devices follow by push or sync. */
  async deleteMsgSelf(messages: readonly ImMessage[], custom?: string): Promise<{ time: number }> {
    if (!Array.isArray(messages) || messages.length < 1 || messages.length > DELETE_SELF_BATCH_MAX) {
      throw new ImError(ImErrorName.Param_Error, `delete for self takes 1 to ${DELETE_SELF_BATCH_MAX} messages`, { code: 414 });
    }
    const refs = messages.map((m) => {
      if (!m || (!m.idServer && !(m.idClient && m.from))) throw new ImError(ImErrorName.Param_Error, 'each message needs idServer, or from and idClient', { code: 414 });
      return { idServer: m.idServer, idClient: m.idClient, from: m.from } satisfies MessageRecordValue;
    });
    const answer = await this.context.connection.request('deleteMsgSelfBatch', { msgs: refs, ...(custom ? { custom } : {}) });
    await this.applyDeleted(messages.map((m) => m.idClient));
    return { time: answer.time ?? this.context.now() };
  }

  /** Clears the session's server history for this account (and here); isSyncSelf false: the other devices learn it at their next sync. */
  async clearServerHistory(sessionId: string, options: { ext?: string; isSyncSelf?: boolean } = {}): Promise<ImSession | undefined> {
    const parsed = typeof sessionId === 'string' ? parseSessionId(sessionId) : undefined;
    if (!parsed) throw new ImError(ImErrorName.Param_Error, 'sessionId must be <scene>-<target>, e.g. p2p-account', { code: 414 });
    const answer = await this.context.connection.request('clearServerHistoryMsgs', {
      scene: SceneCode[parsed.scene],
      to: parsed.to,
      ...(options.ext ? { ext: options.ext } : {}),
      ...(options.isSyncSelf !== undefined ? { isSyncSelf: options.isSyncSelf } : {}),
    });
    return this.applyClear(sessionId, answer.time ?? this.context.now());
  }

  /** Server search over this account's own messages (searchHistoryMsgs), newest first, paged. */
  async search(query: ServerSearchQuery): Promise<ServerSearchPage> {
    if (typeof query !== 'object' || query === null) throw new ImError(ImErrorName.Param_Error, 'query options are required', { code: 414 });
    const limit = validatePageLimit(query.limit);
    const keyword = query.keyword ?? '';
    if (keyword === '' && !(query.types && query.types.length > 0)) {
      throw new ImError(ImErrorName.Param_Error, 'search needs a keyword or message types', { code: 414 });
    }
    const answer = await this.context.connection.request('searchHistoryMsgs', {
      ...(keyword ? { keyword } : {}),
      ...(query.sessionIds?.length ? { sessionIds: query.sessionIds } : {}),
      ...(query.types?.length ? { msgTypes: query.types.map(typeCodeOf) } : {}),
      ...(query.after ? { endTime: query.after.time, ...(query.after.idServer ? { lastMsgId: query.after.idServer } : {}) } : {}),
      limit,
    });
    const received = answer.msgs ?? [];
    const messages = received.map((r) => fromWireMessage(r, this.context.account)).filter((m): m is ImMessage => m !== undefined);
    return { messages, hasMore: received.length >= limit };
  }

  /**
   * Full-text search (msgFtsSearch, issue 31) over the text and tip messages this account may see,
   * in all its p2p and team sessions or in the ones named; recalled and deleted messages never come.
   * Checked here (Param_Error 414) with the rules the server checks again.
   */
  async ftsSearch(query: FtsSearchQuery): Promise<ImMessage[]> {
    if (typeof query !== 'object' || query === null) throw new ImError(ImErrorName.Param_Error, 'query options are required', { code: 414 });
    const msgTypes = query.types?.map((t) => (t === 'text' || t === 'tip' ? typeCodeOf(t) : -1));
    const body: RequestBodyOf<CommandTable['msgFtsSearch']> = validateFtsSearch({
      keyword: query.keyword,
      ...(query.sessionIds?.length ? { sessionIds: query.sessionIds } : {}),
      ...(msgTypes?.length ? { msgTypes } : {}),
      ...(query.fromTime ? { fromTime: query.fromTime } : {}),
      ...(query.toTime ? { toTime: query.toTime } : {}),
      ...(query.limit !== undefined ? { msgLimit: query.limit } : {}),
      ...(query.sessionLimit !== undefined ? { sessionLimit: query.sessionLimit } : {}),
      ...(query.order ? { order: query.order } : {}),
    });
    const answer = await this.context.connection.request('msgFtsSearch', body);
    return (answer.msgs ?? []).map((r) => fromWireMessage(r, this.context.account)).filter((m): m is ImMessage => m !== undefined);
  }

  /** msgsDeletedSelf push: another device deleted these for the account. */
  async receiveDeletedSelf(body: { deleted?: { idClient?: string }[] }): Promise<void> {
    const ids = (body.deleted ?? []).map((d) => d.idClient).filter((id): id is string => typeof id === 'string');
    if (ids.length > 0) await this.applyDeleted(ids);
  }

  /** sessionHistoryCleared push. */
  async receiveHistoryCleared(body: { session?: { sessionId?: string; time?: number } }): Promise<void> {
    const { sessionId, time } = body.session ?? {};
    if (sessionId && typeof time === 'number') await this.applyClear(sessionId, time);
  }

  /** stickTopSessionUpdated push (createTime 0 = off the top). */
  async receiveStickTop(body: { session?: { id?: string; topCustom?: string; createTime?: number } }): Promise<ImSession | undefined> {
    const top = body.session;
    if (!top?.id) return undefined;
    const store = this.context.store();
    const session = await store.getSession(top.id);
    if (!session) return undefined;
    const isTop = (top.createTime ?? 0) > 0;
    const updated: ImSession = { ...session, isTop, topCustom: isTop ? top.topCustom ?? '' : undefined };
    await store.putSessions([updated]);
    this.context.emit('sessions', [updated]);
    return updated;
  }

  /** msgReceiptSent push: this account sent a receipt from another device. */
  async receiveReceiptSent(body: { sessionId?: string; msgReceiptSendTime?: number }): Promise<ImSession | undefined> {
    if (!body.sessionId || typeof body.msgReceiptSendTime !== 'number') return undefined;
    const store = this.context.store();
    const session = (await store.getSession(body.sessionId)) ?? emptySession(body.sessionId);
    const updated = mergeReceiptTimes(session, { msgReceiptSendTime: body.msgReceiptSendTime });
    if (updated === session) return session;
    await store.putSessions([updated]);
    this.context.emit('sessions', [updated]);
    return updated;
  }

  /** broadcastMsg push; reported once even when the next sync brings it again. */
  async receiveBroadcast(body: { broadcastMsg?: { broadcastId?: string; time?: number; from?: string; body?: string } }): Promise<ImBroadcastMsg | undefined> {
    const b = body.broadcastMsg;
    if (!b?.broadcastId || typeof b.time !== 'number') return undefined;
    const [fresh] = await takeNewBroadcasts(this.context.store(), [{ broadcastId: b.broadcastId, time: b.time, from: b.from, body: b.body }]);
    if (fresh) this.emitHistory('broadcastMsgs', [fresh]);
    return fresh;
  }

  private async applyDeleted(idClients: string[]): Promise<void> {
    const sessions = await applyDeletedForSelf(this.context.store(), idClients, { ...this.options, countNotification: this.context.countNotification });
    this.emitHistory('msgsDeletedSelf', idClients);
    if (sessions.length > 0) this.context.emit('sessions', sessions);
  }

  private async applyClear(sessionId: string, time: number): Promise<ImSession | undefined> {
    const session = await applyHistoryClear(this.context.store(), sessionId, time, { ...this.options, countNotification: this.context.countNotification });
    if (session) {
      this.emitHistory('sessionHistoryCleared', session);
      this.context.emit('sessions', [session]);
    }
    return session;
  }
}
