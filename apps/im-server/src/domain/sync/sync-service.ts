import type { Kysely } from 'kysely';
import type { ImDatabase } from '../../db/schema';
import type { StoredMessage } from '../msg/message';
import type { MessageService } from '../msg/message-service';
import type { ServerSession, SessionService } from '../session/session-service';
import type { ImUser, UserService } from '../user/user-service';
import { readTimetags, TimetagKind } from './timetags';

/**
 * The next sync starts this much before the answered timetag: a message stamped just before the
 * sync read may commit just after it, and clients drop repeats by idClient (im-client-spec §4).
 */
export const SYNC_OVERLAP_MS = 2000;

/** Client timetags per data kind, epoch ms; 0 or absent means "everything". */
export interface SyncRequest {
  myInfo?: number;
  sessionAck?: number;
  roamingMsgs?: number;
}

export interface SyncResult {
  myInfo?: ImUser;
  /** Profiles of the other parties of the returned sessions. */
  users: ImUser[];
  sessions: ServerSession[];
  sessionAcks: { id: string; ack: number }[];
  /** Roaming and offline messages newer than the roamingMsgs timetag, oldest first. */
  messages: StoredMessage[];
  /** What the client stores for every kind it asked about, to send back next time. */
  timetag: number;
}

export class SyncService {
  constructor(
    private readonly db: Kysely<ImDatabase>,
    private readonly users: UserService,
    private readonly sessions: SessionService,
    private readonly messages: MessageService,
  ) {}

  async sync(account: string, request: SyncRequest, now = Date.now()): Promise<SyncResult> {
    const timetag = Math.max(0, now - SYNC_OVERLAP_MS);
    const serverTags = await readTimetags(this.db, account);
    const since = (t: number | undefined) => (typeof t === 'number' && Number.isFinite(t) && t > 0 ? t : 0);

    const myInfoChanged = (serverTags[TimetagKind.MY_INFO] ?? 0) > since(request.myInfo);
    const myInfo = myInfoChanged ? await this.users.get(account) : undefined;
    const sessions = await this.sessions.list(account, { updatedAfter: since(request.roamingMsgs), limit: 100 });
    const acksChanged = (serverTags[TimetagKind.SESSION_ACK] ?? 0) > since(request.sessionAck);
    const sessionAcks = acksChanged ? await this.sessions.acksSince(account) : [];
    const messages = await this.messages.messagesSince(account, since(request.roamingMsgs));
    const users = await this.users.getMany([...new Set(sessions.map((s) => s.to))]);
    return { ...(myInfo ? { myInfo } : {}), users, sessions, sessionAcks, messages, timetag };
  }
}
