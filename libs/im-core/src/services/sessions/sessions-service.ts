import { ImError, ImErrorName } from '../../errors';
import { SceneCode } from '../../protocol/constants';
import type { ImMessage, ImSession } from '../../store/entities';
import { normalizeSessionListQuery, type SessionListQuery } from '../../validation/message-rules';
import { MAX_UNREAD_RECOUNT } from '../../model/message-ingest';
import type { ServiceContext } from '../service-context';
import { applyAck, deleteSessionLogically, markRead, totalUnread } from '../../model/session-state';
import { fromWireSession, sceneFromCode, toWireMessage } from '../../model/wire-mapping';
import { validateServerSessionId, validateServerSessionsQuery, validateUpdateServerSession, type ServerSessionsQuery } from '../../validation/session-rules';
import { applyReceipt, isMsgRemoteRead, markReceiptSent, shouldSendReceipt } from '../../model/receipt-rules';
import { parseSessionId, sessionIdOf } from '../../store/entities';
import { READ_ACK_PAIRS, ReadAckBatcher, type ReadAckPair } from '../read-ack-batcher';

/** How many sessions one deleteSessions call takes (ours: the §5 page limit). */
export const MAX_DELETE_SESSIONS = 100;

/** §7 read-ack pair of the message pushes per scene (super team messages have no pair in §7). */
const MESSAGE_READ_ACK: Partial<Record<ImSession['scene'], ReadAckPair>> = { p2p: READ_ACK_PAIRS.p2pMsg, team: READ_ACK_PAIRS.teamMsg };

/** Session list, read state and deletion (im-client-spec §4 Session, §5 session listing). */
export class SessionsService {
  constructor(
    private readonly context: ServiceContext,
    /** Acks of the messages read, batched with the §8 500 ms throttle. */
    readonly readAcks: ReadAckBatcher = new ReadAckBatcher(context.connection),
  ) {}

  /** Newest first; 100 by default; deleted sessions only when asked (§5). */
  async list(query: SessionListQuery = {}): Promise<ImSession[]> {
    return this.context.store().getSessions(normalizeSessionListQuery(query));
  }

  async totalUnread(): Promise<number> {
    return totalUnread(await this.list());
  }

  /**
   * Marks the session read up to its newest message: locally first (the badge clears at once),
   * then the read position goes to the server so other devices and the next sync agree.
   */
  async markRead(sessionId: string): Promise<ImSession> {
    const store = this.context.store();
    const session = await store.getSession(sessionId);
    if (!session) throw new ImError(ImErrorName.Session_Not_Exist, `no session ${sessionId}`);
    const read = markRead(session);
    const pair = MESSAGE_READ_ACK[session.scene];
    if (pair && read.ack > session.ack) {
      const newlyRead = (await store.getSessionMessages({ sessionId, limit: MAX_UNREAD_RECOUNT, afterTime: session.ack, order: 'asc' })).filter((m) => m.flow === 'in' && m.idServer);
      // A call record (g2, pushed as netcallMsg) is acknowledged with the call pair 9/11, the rest with the scene's.
      const isCallRecord = (m: ImMessage) => m.type === 'g2';
      this.readAcks.queue(pair, newlyRead.filter((m) => !isCallRecord(m)).map((m) => m.idServer as string));
      const callRecords = newlyRead.filter(isCallRecord);
      if (callRecords.length > 0) this.readAcks.queue(READ_ACK_PAIRS.callMsg, callRecords.map((m) => m.idServer as string));
    }
    await store.putSessions([read]);
    this.context.emit('sessions', [read]);
    if (read.ack > 0) await this.context.connection.request('markSessionAck', { scene: SceneCode[read.scene], to: read.to, timetag: read.ack });
    return read;
  }

  /** §4: deleting a session is logical; a newer message brings it back. */
  async delete(sessionId: string): Promise<void> {
    const store = this.context.store();
    const session = await store.getSession(sessionId);
    if (!session) throw new ImError(ImErrorName.Session_Not_Exist, `no session ${sessionId}`);
    const deleted = deleteSessionLogically(session);
    await store.putSessions([deleted]);
    this.context.emit('sessions', [deleted]);
  }

  /**
   * §7 deleteSessions: deletes sessions on the server, so the account's other devices and a fresh
   * login (sync) drop them too; then logically here (§4: a newer message brings each back). 1–100
   * session ids, each `<scene>-<target>`; bad input is refused with Param_Error before anything is sent.
   */
  async deleteSessions(sessionIds: readonly string[]): Promise<void> {
    if (!Array.isArray(sessionIds) || sessionIds.length === 0 || sessionIds.length > MAX_DELETE_SESSIONS || sessionIds.some((id) => typeof id !== 'string' || !parseSessionId(id))) {
      throw new ImError(ImErrorName.Param_Error, `deleteSessions needs 1 to ${MAX_DELETE_SESSIONS} session ids of the form <scene>-<target>`, { code: 414 });
    }
    await this.context.connection.request('deleteSessions', { sessionIds: [...sessionIds] });
    const store = this.context.store();
    const deleted: ImSession[] = [];
    for (const id of sessionIds) {
      const session = await store.getSession(id);
      if (session && !session.isDeleted) deleted.push(deleteSessionLogically(session));
    }
    if (deleted.length === 0) return;
    await store.putSessions(deleted);
    this.context.emit('sessions', deleted);
  }

  /**
   * §7 server sessions (issue 31): one page of the sessions the server keeps, newest first (updated
   * between minTimestamp and maxTimestamp, limit 1–100, default 100). The local store is not
   * changed: sync keeps it. Bad input is refused with Param_Error before anything is sent.
   */
  async getServerSessions(query: ServerSessionsQuery = {}): Promise<{ sessions: ImSession[]; hasMore: boolean }> {
    const checked = validateServerSessionsQuery(query);
    const answer = await this.context.connection.request('getServerSessions', { ...checked });
    const sessions = (answer.sessions ?? []).map((s) => fromWireSession(s, this.context.account)).filter((s): s is ImSession => s !== undefined);
    return { sessions, hasMore: answer.hasMore === true };
  }

  /** One session as the server keeps it; 404 when it has none. */
  async getServerSession(sessionId: string): Promise<ImSession | undefined> {
    const answer = await this.context.connection.request('getServerSession', { sessionId: validateServerSessionId(sessionId) });
    return fromWireSession(answer.session, this.context.account);
  }

  /**
   * Sets the session's extension text on the server (issue 31; at most MAX_SESSION_EXT_LENGTH
   * characters, 405 past it), then on the stored session. The account's other devices get it at
   * their next sync.
   */
  async updateServerSession(sessionId: string, ext: string): Promise<ImSession | undefined> {
    const checked = validateUpdateServerSession({ sessionId, ext });
    await this.context.connection.request('updateServerSession', checked);
    const store = this.context.store();
    const session = await store.getSession(checked.sessionId);
    if (!session) return undefined;
    const updated = { ...session, ext: checked.ext };
    await store.putSessions([updated]);
    this.context.emit('sessions', [updated]);
    return updated;
  }

  /** A read position set on another device (sessionAck push). */
  async receiveAck(body: { scene?: number; to?: string; timetag?: number }): Promise<ImSession | undefined> {
    const scene = sceneFromCode(body.scene);
    if (!scene || !body.to || typeof body.timetag !== 'number') return undefined;
    const store = this.context.store();
    const sessionId = sessionIdOf(scene, body.to);
    const session = await store.getSession(sessionId);
    if (!session) return undefined;
    const afterAck = await store.getSessionMessages({ sessionId, limit: MAX_UNREAD_RECOUNT, afterTime: body.timetag, order: 'asc' });
    const updated = applyAck(session, body.timetag, afterAck, this.context);
    if (updated === session) return session;
    await store.putSessions([updated]);
    this.context.emit('sessions', [updated]);
    return updated;
  }

  /**
   * §5 sendMsgReceipt: tells the peer I read up to `message`. Only successful p2p messages newer
   * than the last receipt sent qualify; others are refused with a clear error and nothing is sent.
   */
  async sendMsgReceipt(message: ImMessage): Promise<ImSession> {
    const store = this.context.store();
    const session = await store.getSession(message.sessionId);
    if (!session) throw new ImError(ImErrorName.Session_Not_Exist, `no session ${message.sessionId}`);
    if (!shouldSendReceipt(session, message)) {
      throw new ImError(ImErrorName.Param_Error, 'a receipt is sent only for a successful p2p message newer than the last receipt');
    }
    await this.context.connection.request('sendMsgReceipt', { msg: toWireMessage(message) });
    // Re-read: a push may have changed the session while the request was in flight.
    const latest = (await store.getSession(session.id)) ?? session;
    const updated = markReceiptSent(latest, message.time);
    if (updated !== latest) {
      await store.putSessions([updated]);
      this.context.emit('sessions', [updated]);
    }
    return updated;
  }

  /** §5 isMsgRemoteRead: whether the peer's receipt covers my outgoing message. */
  async isMsgRemoteRead(message: ImMessage): Promise<boolean> {
    return isMsgRemoteRead(await this.context.store().getSession(message.sessionId), message);
  }

  /** The peer's receipt (msgReceipt push); older receipt times than stored are dropped (§5). */
  async receiveReceipt(body: { sessionId?: string; msgReceiptTime?: number }): Promise<ImSession | undefined> {
    if (!body.sessionId || typeof body.msgReceiptTime !== 'number') return undefined;
    const store = this.context.store();
    const session = await store.getSession(body.sessionId);
    if (!session || session.scene !== 'p2p') return undefined;
    const updated = applyReceipt(session, body.msgReceiptTime, this.context.now());
    if (updated === session) return session;
    await store.putSessions([updated]);
    this.context.emit('sessions', [updated]);
    return updated;
  }

  /** Puts the session on top (or changes its topCustom); persisted on the server (§7 msgExtend stick-top). */
  async stickTop(sessionId: string, topCustom = ''): Promise<ImSession> {
    const session = await this.requireSession(sessionId);
    const answer = await this.context.connection.request('addStickTopSession', { session: { id: sessionId, topCustom } });
    return this.saveTop(session.id, true, answer.session?.topCustom ?? topCustom);
  }

  /** Changes the topCustom of a session already on top; the server refuses one that is not (404: an update never adds). */
  async updateStickTop(sessionId: string, topCustom: string): Promise<ImSession> {
    await this.requireSession(sessionId);
    const answer = await this.context.connection.request('updateStickTopSession', { session: { id: sessionId, topCustom } });
    return this.saveTop(sessionId, true, answer.session?.topCustom ?? topCustom);
  }

  /** Takes the session off the top. */
  async unstickTop(sessionId: string): Promise<ImSession> {
    await this.requireSession(sessionId);
    await this.context.connection.request('deleteStickTopSession', { id: sessionId, topCustom: '' });
    return this.saveTop(sessionId, false, undefined);
  }

  private async requireSession(sessionId: string): Promise<ImSession> {
    const session = await this.context.store().getSession(sessionId);
    if (!session) throw new ImError(ImErrorName.Session_Not_Exist, `no session ${sessionId}`);
    return session;
  }

  private async saveTop(sessionId: string, isTop: boolean, topCustom: string | undefined): Promise<ImSession> {
    const store = this.context.store();
    const latest = await this.requireSession(sessionId);
    const updated: ImSession = { ...latest, isTop, topCustom };
    await store.putSessions([updated]);
    this.context.emit('sessions', [updated]);
    return updated;
  }
}
