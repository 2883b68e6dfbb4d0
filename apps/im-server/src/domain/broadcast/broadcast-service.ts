import type { Kysely } from 'kysely';
import type { ImDatabase } from '../../db/schema';
import { parameterError } from '../errors';
import { MAX_TEXT_LENGTH } from '../msg/limits';

/** A server-originated message to every account (im-client-spec §3 Broadcast message). */
export interface BroadcastMsg {
  broadcastId: string;
  time: number;
  from: string;
  body: string;
}

/** Broadcasts one sync page carries at most; more → hasMore (docs/im-sync.md). */
export const BROADCAST_PAGE_SIZE = 1000;

/**
 * Broadcast messages: stored once for everyone. Their id is one global sequence and is the
 * broadcastMsgs timetag (not an account's sync number): a sync returns the ids above the
 * client's timetag, so every account, also one created later, gets each broadcast once.
 */
export class BroadcastService {
  constructor(
    private readonly db: Kysely<ImDatabase>,
    private readonly now: () => number = Date.now,
  ) {}

  async create(body: unknown, from: unknown = ''): Promise<BroadcastMsg> {
    if (typeof body !== 'string' || body.length === 0 || body.length > MAX_TEXT_LENGTH) throw parameterError(`broadcast body must be 1 to ${MAX_TEXT_LENGTH} characters`);
    if (typeof from !== 'string' || from.length > 64) throw parameterError('from must be an account id');
    const row = await this.db.insertInto('im_broadcast_msg').values({ sender: from, body, time: this.now() }).returningAll().executeTakeFirstOrThrow();
    return fromRow(row);
  }

  /** Broadcasts with an id above `afterId`, oldest first; a timetag above the newest id (a reset database) counts as 0. */
  async since(afterId: number | undefined, pageSize = BROADCAST_PAGE_SIZE): Promise<{ msgs: BroadcastMsg[]; timetag: number; hasMore: boolean }> {
    const newest = await this.db.selectFrom('im_broadcast_msg').select((eb) => eb.fn.max('id').as('max')).executeTakeFirst();
    const head = Number(newest?.max ?? 0);
    const after = typeof afterId === 'number' && Number.isSafeInteger(afterId) && afterId > 0 && afterId <= head ? afterId : 0;
    const rows = await this.db.selectFrom('im_broadcast_msg').selectAll().where('id', '>', after).orderBy('id').limit(pageSize + 1).execute();
    const msgs = rows.slice(0, pageSize).map(fromRow);
    return { msgs, timetag: msgs.length > 0 ? Number(msgs[msgs.length - 1].broadcastId) : after, hasMore: rows.length > pageSize };
  }
}

function fromRow(row: { id: number; sender: string; body: string; time: number }): BroadcastMsg {
  return { broadcastId: String(row.id), time: Number(row.time), from: row.sender, body: row.body };
}
