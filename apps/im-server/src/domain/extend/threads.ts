import type { Kysely } from 'kysely';
import type { ImDatabase } from '../../db/schema';
import {
  MAX_MSGS_BY_ID_SERVER,
  MAX_THREAD_PAGE_LIMIT,
  ResponseCode,
  carriesReply,
  msgsByIdServerProblem,
  replyFieldsProblem,
  threadQueryProblem,
  type MessageRecordValue,
} from '../../protocol';
import { ImServerError, parameterError } from '../errors';
import { MESSAGE_COLUMNS, Scene, messageFromRow, type MessageLink, type MessageRefs, type StoredMessage, type ThreadColumns } from '../msg/message';
import { visibleTo } from '../msg/visibility';

/**
 * Threads and replies (msgExtend, issue 12; docs/im-extend.md "Threads and replies").
 *
 * A p2p or team message may answer another message of the same conversation that its sender can
 * see (replyMsg*). Its thread (threadMsg*) is the replied message's thread, or the replied message
 * itself when that one answers nothing: a thread is one root and every reply below it, however deep.
 * The send paths call `threadColumnsFor` and store what it answers in im_message (migration 018).
 */



const linkOf = (message: StoredMessage): MessageLink => ({
  from: message.from,
  to: message.to,
  time: message.time,
  idServer: message.idServer,
  idClient: message.idClient,
});

const messageNotFound = (what: string) => new ImServerError(ResponseCode.NOT_FOUND, `${what} not found`);

/**
 * The thread columns of a message about to be sent in `conversation` (the p2p pair key or `team#<id>`)
 * by `sender`: undefined when it carries no reply field. Refused with 414 for a malformed reference
 * or a thread that is not the replied message's; 404 when the replied message is missing, in another
 * conversation, or deleted for the sender (an outsider cannot probe which ids exist). Run it inside
 * the send's transaction where there is one (team), so membership is checked first.
 */
export async function threadColumnsFor(
  db: Kysely<ImDatabase>,
  sender: string,
  conversation: string,
  record: MessageRecordValue | undefined,
): Promise<ThreadColumns | undefined> {
  if (!record || !carriesReply(record)) return undefined;
  const problem = replyFieldsProblem(record);
  if (problem) throw parameterError(problem);
  const row = await db
    .selectFrom('im_message')
    .select(MESSAGE_COLUMNS)
    .where('id_server', '=', Number(record.replyMsgIdServer))
    .where('conversation', '=', conversation)
    .where(visibleTo(sender))
    .executeTakeFirst();
  if (!row) throw messageNotFound('replied message');
  const replied = messageFromRow(row);
  const thread = replied.thread ?? linkOf(replied);
  if (record.threadMsgIdServer && record.threadMsgIdServer !== thread.idServer) {
    throw parameterError(`threadMsgIdServer must be the thread of the replied message (${thread.idServer})`);
  }
  const refs: MessageRefs = { reply: linkOf(replied), thread };
  return { thread_id_server: Number(thread.idServer), msg_refs: JSON.stringify(refs) };
}

export interface ThreadPage {
  root: StoredMessage;
  replies: StoredMessage[];
  /** Replies of the whole thread the caller can see. */
  total: number;
  /** Time of the newest of those replies (the root's time when there is none). */
  timetag: number;
}

export interface ThreadQueryInput {
  threadMsg?: unknown;
  beginTime?: number;
  endTime?: number;
  lastMsgId?: string;
  limit?: number;
  reverse?: boolean;
}

/** What getMsgsByIdServer names: idServer, and optionally scene, from, to and time, which must then match. */
export interface MessageLookup {
  idServer?: string;
  scene?: number;
  from?: string;
  to?: string;
  time?: number;
}

/** How threads find a message the viewer may see (MsgExtendService.visibleMessage; passed in so threads need not import it). */
export interface MessageFinder {
  visibleMessage(viewer: string, idServerInput: unknown): Promise<{ message: StoredMessage }>;
}

export class ThreadService {
  constructor(
    private readonly db: Kysely<ImDatabase>,
    private readonly extend: MessageFinder,
  ) {}

  /**
   * One page of a thread for a party of its conversation (p2p) or a valid member (team); 404 otherwise.
   * Naming a reply finds its thread. Newest first unless `reverse`; beginTime ≤ time ≤ endTime
   * (endTime 0: no bound); `lastMsgId` continues after that reply; limit 1–100, default 100.
   */
  async threadPage(viewer: string, query: ThreadQueryInput | undefined): Promise<ThreadPage> {
    const problem = threadQueryProblem(query);
    if (problem) throw parameterError(problem);
    const q = query as ThreadQueryInput;
    const named = await this.extend.visibleMessage(viewer, q.threadMsg);
    const root = named.message.thread ? (await this.extend.visibleMessage(viewer, { idServer: named.message.thread.idServer })).message : named.message;
    const limit = q.limit || MAX_THREAD_PAGE_LIMIT;
    const { beginTime = 0, endTime = 0, reverse = false } = q;
    const thread = () =>
      this.db.selectFrom('im_message').where('thread_id_server', '=', Number(root.idServer)).where(visibleTo(viewer));
    let page = thread().select(MESSAGE_COLUMNS);
    if (beginTime > 0) page = page.where('time', '>=', beginTime);
    if (endTime > 0) page = page.where('time', '<=', endTime);
    if (q.lastMsgId) page = page.where('id_server', reverse ? '>' : '<', Number(q.lastMsgId));
    const direction = reverse ? 'asc' : 'desc';
    const rows = await page.orderBy('time', direction).orderBy('id_server', direction).limit(limit).execute();
    const summary = await thread()
      .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.max('time').as('newest')])
      .executeTakeFirstOrThrow();
    return {
      root,
      replies: rows.map(messageFromRow),
      total: Number(summary.total),
      timetag: summary.newest === null ? root.time : Number(summary.newest),
    };
  }

  /**
   * Messages by idServer (at most MAX_MSGS_BY_ID_SERVER), in the order asked. A message the caller
   * cannot see, a missing one, or one whose scene, from, to or time differ from what was given is
   * left out of the answer (no error: the caller may hold stale references).
   */
  async messagesByIdServer(viewer: string, lookups: unknown): Promise<StoredMessage[]> {
    const problem = msgsByIdServerProblem(lookups);
    if (problem) throw parameterError(problem);
    const asked = lookups as MessageLookup[];
    const ids = [...new Set(asked.map((m) => Number(m.idServer)))].slice(0, MAX_MSGS_BY_ID_SERVER);
    const rows = await this.db
      .selectFrom('im_message')
      .select([...MESSAGE_COLUMNS, 'conversation'])
      .where('id_server', 'in', ids)
      .where(visibleTo(viewer))
      .execute();
    const teams = [...new Set(rows.filter((r) => r.scene === Scene.TEAM).map((r) => Number(r.receiver)))];
    const memberOf = new Set(
      teams.length === 0
        ? []
        : (await this.db.selectFrom('im_team_member').select('team_id').where('accid', '=', viewer).where('valid', '=', true).where('team_id', 'in', teams).execute()).map((m) =>
            String(m.team_id),
          ),
    );
    const visible = new Map<string, StoredMessage>();
    for (const row of rows) {
      const canSee = row.scene === Scene.TEAM ? memberOf.has(row.receiver) : row.scene === Scene.P2P && (row.sender === viewer || row.receiver === viewer);
      if (canSee) visible.set(String(row.id_server), messageFromRow(row));
    }
    const found: StoredMessage[] = [];
    for (const lookup of asked) {
      const message = visible.get(String(lookup.idServer));
      if (!message || !matches(message, lookup) || found.includes(message)) continue;
      found.push(message);
    }
    return found;
  }
}

function matches(message: StoredMessage, lookup: MessageLookup): boolean {
  return (
    (lookup.scene === undefined || lookup.scene === message.scene) &&
    (!lookup.from || lookup.from === message.from) &&
    (!lookup.to || lookup.to === message.to) &&
    (!lookup.time || lookup.time === message.time)
  );
}
