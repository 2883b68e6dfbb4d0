import { sql, type Kysely, type Transaction } from 'kysely';
import type { ImDatabase } from '../../db/schema';
import { ResponseCode } from '../../protocol';
import { ImServerError } from '../errors';
import { MESSAGE_COLUMNS, Scene, conversationKey, messageFromRow, p2pSessionId, type StoredMessage } from './message';
import type { SendResult, SendingPort, ValidSendInput } from './message-service';
import { NO_THREAD } from '../extend/threads';

/**
 * How im-server writes sent messages (docs/im-server-writes.md):
 * - `group-commit` (default): messages that arrive while a write transaction is in flight queue up,
 *   and the next transaction writes them all with multi-row statements;
 * - `per-message`: one transaction per message (the baseline design, and a fallback switch).
 */
export type WriteMode = 'group-commit' | 'per-message';
export const WRITE_MODES: readonly WriteMode[] = ['group-commit', 'per-message'];
export const DEFAULT_WRITE_MODE: WriteMode = 'group-commit';
/** Most messages one group-commit transaction writes (18 parameters each, far below PostgreSQL's 65,535). */
export const DEFAULT_WRITE_BATCH_MAX = 200;

/** One job's answer, so one bad message cannot fail its batch-mates. */
export type Settled<R> = { ok: true; value: R } | { ok: false; error: unknown };
const ok = <R>(value: R): Settled<R> => ({ ok: true, value });
const failed = <R>(error: unknown): Settled<R> => ({ ok: false, error });

export interface GroupCommitStats {
  /** Write calls made (each one transaction, unless it fell back). */
  batches: number;
  /** Jobs written through those calls. */
  jobs: number;
  /** The most jobs one call took. */
  largestBatch: number;
}

interface Entry<J, R> {
  job: J;
  resolve: (value: R) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: at most one write is in flight; jobs submitted meanwhile wait and the next write
 * takes them all (up to `maxBatch`) in arrival order. A batch is written only after the previous
 * one settled, so the order of submissions is the order of commits. The first write after an idle
 * period starts on the next turn of the event loop (setImmediate), so frames read from several
 * sockets in the same turn share it; no timer holds a lone message back.
 */
export class GroupCommitQueue<J, R> {
  private readonly queue: Entry<J, R>[] = [];
  private running = false;
  private readonly counters: GroupCommitStats = { batches: 0, jobs: 0, largestBatch: 0 };

  constructor(
    private readonly write: (jobs: readonly J[]) => Promise<Settled<R>[]>,
    readonly maxBatch: number = DEFAULT_WRITE_BATCH_MAX,
  ) {
    if (!Number.isInteger(maxBatch) || maxBatch < 1) throw new Error(`write batch size must be a positive integer, got ${maxBatch}`);
  }

  submit(job: J): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      if (!this.running) {
        this.running = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  stats(): GroupCommitStats {
    return { ...this.counters };
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.maxBatch);
        this.counters.batches++;
        this.counters.jobs += batch.length;
        this.counters.largestBatch = Math.max(this.counters.largestBatch, batch.length);
        let outcomes: Settled<R>[];
        try {
          outcomes = await this.write(batch.map((e) => e.job));
          if (outcomes.length !== batch.length) throw new Error(`group commit answered ${outcomes.length} of ${batch.length} jobs`);
        } catch (error) {
          outcomes = batch.map(() => failed<R>(error));
        }
        batch.forEach((entry, i) => {
          const outcome = outcomes[i];
          if (outcome.ok) entry.resolve(outcome.value);
          else entry.reject(outcome.error);
        });
      }
    } finally {
      this.running = false;
    }
  }
}

/** A validated message waiting for its write. */
export interface PendingSend {
  port: SendingPort;
  valid: ValidSendInput;
}

const keyOf = (sender: string, idClient: string) => `${sender}\u0000${idClient}`;

/**
 * Writes a batch of p2p messages in one transaction (the group-commit design):
 * 1. (sender, idClient) already stored → that message, duplicate, nothing written;
 * 2. the receiver's blocklist → 7101 for that message only;
 * 3. sequence numbers for every account of the batch with one upsert, rows locked in sorted account
 *    order (as `allocateSeqs`), each account's numbers given out in arrival order;
 * 4. one multi-row INSERT of the messages (ON CONFLICT (sender, id_client) DO NOTHING: a race with
 *    another node ends as a duplicate);
 * 5. one multi-row upsert of the sessions touched (last message, its number, unread + incoming count).
 * A repeated idClient inside the batch settles as a duplicate of its first occurrence. Answers are in
 * `jobs` order. A database error rejects the whole call: the caller falls back to per-message writes.
 */
export async function writeMessageBatch(
  db: Kysely<ImDatabase>,
  jobs: readonly PendingSend[],
  nextTime: () => number,
): Promise<Settled<SendResult>[]> {
  return db.transaction().execute(async (trx) => {
    const outcomes: (Settled<SendResult> | undefined)[] = new Array(jobs.length);
    const keys = jobs.map((j) => keyOf(j.port.account, j.valid.idClient));

    const stored = await findStored(trx, jobs);
    const blocked = await findBlocked(
      trx,
      jobs.filter((j, i) => j.valid.to !== j.port.account && !stored.has(keys[i])),
    );

    // Which jobs write a row: the first occurrence of each key that is neither stored nor refused.
    const firstOf = new Map<string, number>();
    const writes: number[] = [];
    jobs.forEach((job, i) => {
      const found = stored.get(keys[i]);
      if (found) {
        outcomes[i] = ok({ message: found, duplicate: true });
        return;
      }
      if (firstOf.has(keys[i])) return; // settled below, as its first occurrence
      firstOf.set(keys[i], i);
      if (job.valid.to !== job.port.account && blocked.has(keyOf(job.valid.to, job.port.account))) {
        // The receiver's blocklist (im-client-spec §8 7101): refused, nothing stored or delivered.
        outcomes[i] = failed(new ImServerError(ResponseCode.BLACKLISTED, 'blacklisted'));
        return;
      }
      writes.push(i);
    });

    if (writes.length > 0) {
      // Sequence numbers: how many each account needs, then hand them out in arrival order.
      const needed = new Map<string, number>();
      for (const i of writes) {
        const { port, valid } = jobs[i];
        needed.set(port.account, (needed.get(port.account) ?? 0) + 1);
        if (valid.to !== port.account) needed.set(valid.to, (needed.get(valid.to) ?? 0) + 1);
      }
      const next = await allocateSeqRanges(trx, needed);
      const take = (account: string) => {
        const n = next.get(account) as number;
        next.set(account, n + 1);
        return n;
      };
      const rows = writes.map((i) => {
        const { port, valid } = jobs[i];
        const senderSeq = take(port.account);
        const receiverSeq = valid.to === port.account ? senderSeq : take(valid.to);
        return {
          id_client: valid.idClient,
          sender: port.account,
          receiver: valid.to,
          scene: valid.scene,
          conversation: conversationKey(port.account, valid.to),
          msg_type: valid.type,
          sub_type: valid.subType,
          text: valid.text,
          attach: valid.attach,
          custom: valid.custom,
          from_nick: port.nick,
          from_client_type: port.clientType,
          from_device_id: port.deviceId,
          time: nextTime(),
          sender_seq: senderSeq,
          receiver_seq: receiverSeq,
          ...(valid.thread ?? NO_THREAD),
        };
      });
      const insertedRows = await trx
        .insertInto('im_message')
        .values(rows)
        .onConflict((oc) => oc.columns(['sender', 'id_client']).doNothing())
        .returning(MESSAGE_COLUMNS)
        .execute();
      const inserted = new Map(insertedRows.map((r) => [keyOf(r.sender, r.id_client), messageFromRow(r)]));

      // Rows another node stored between our look-up and the insert: theirs, as duplicates.
      const raced = writes.filter((i) => !inserted.has(keys[i]));
      const racedStored = raced.length > 0 ? await findStored(trx, raced.map((i) => jobs[i])) : new Map<string, StoredMessage>();

      const sessions = new Map<string, SessionTouch>();
      writes.forEach((i, w) => {
        const message = inserted.get(keys[i]);
        if (!message) {
          const other = racedStored.get(keys[i]);
          outcomes[i] = other ? ok({ message: other, duplicate: true }) : failed(new ImServerError(ResponseCode.INTERNAL_ERROR, 'message vanished after conflict'));
          return;
        }
        outcomes[i] = ok({ message, duplicate: false });
        const row = rows[w];
        touch(sessions, row.sender, row.receiver, message, row.sender_seq, false);
        // A message to oneself is read on sending (im-client-spec §4 Message status).
        if (row.receiver !== row.sender) touch(sessions, row.receiver, row.sender, message, row.receiver_seq, true);
      });
      await upsertSessions(trx, [...sessions.values()]);
    }

    // Repeats inside the batch: the first occurrence's message as a duplicate, or its refusal.
    return jobs.map((_, i) => {
      const outcome = outcomes[i];
      if (outcome) return outcome;
      const first = outcomes[firstOf.get(keys[i]) as number] as Settled<SendResult>;
      return first.ok ? ok({ message: first.value.message, duplicate: true }) : first;
    });
  });
}

/**
 * Sequence numbers for several accounts at once: `needed` maps each account to how many numbers it
 * takes. One upsert, rows in sorted account order, so two batches (or a batch and a one-message
 * transaction, which also locks in sorted order) cannot deadlock. Answers each account's first number;
 * the account then owns first … first + needed − 1 (docs/im-sync.md).
 */
export async function allocateSeqRanges(trx: Transaction<ImDatabase>, needed: ReadonlyMap<string, number>): Promise<Map<string, number>> {
  const accounts = [...needed.keys()].sort();
  const rows = await trx
    .insertInto('im_account_seq')
    .values(accounts.map((accid) => ({ accid, seq: needed.get(accid) as number })))
    .onConflict((oc) => oc.column('accid').doUpdateSet({ seq: sql<number>`im_account_seq.seq + excluded.seq` }))
    .returning(['accid', 'seq'])
    .execute();
  const first = new Map<string, number>();
  for (const row of rows) first.set(row.accid, Number(row.seq) - (needed.get(row.accid) as number) + 1);
  if (first.size !== accounts.length) throw new Error(`sequence allocation answered ${first.size} of ${accounts.length} accounts`);
  return first;
}

async function findStored(trx: Transaction<ImDatabase>, jobs: readonly PendingSend[]): Promise<Map<string, StoredMessage>> {
  const found = new Map<string, StoredMessage>();
  if (jobs.length === 0) return found;
  const rows = await trx
    .selectFrom('im_message')
    .select(MESSAGE_COLUMNS)
    .where((eb) => eb(eb.refTuple('sender', 'id_client'), 'in', jobs.map((j) => eb.tuple(j.port.account, j.valid.idClient))))
    .execute();
  for (const row of rows) found.set(keyOf(row.sender, row.id_client), messageFromRow(row));
  return found;
}

/** Receivers that block their sender, as keyOf(receiver, sender). */
async function findBlocked(trx: Transaction<ImDatabase>, jobs: readonly PendingSend[]): Promise<Set<string>> {
  const blocked = new Set<string>();
  if (jobs.length === 0) return blocked;
  const receivers = [...new Set(jobs.map((j) => j.valid.to))];
  const senders = [...new Set(jobs.map((j) => j.port.account))];
  const rows = await trx
    .selectFrom('im_relation')
    .select(['accid', 'target'])
    .where('is_blacked', '=', true)
    .where('accid', 'in', receivers)
    .where('target', 'in', senders)
    .execute();
  for (const row of rows) blocked.add(keyOf(row.accid, row.target));
  return blocked;
}

interface SessionTouch {
  accid: string;
  session_id: string;
  target: string;
  last_msg_id: number;
  update_time: number;
  seq: number;
  unread: number;
}

/** Folds one message into its owner's session touch: the latest message wins, incoming ones add unread. */
function touch(sessions: Map<string, SessionTouch>, owner: string, target: string, message: StoredMessage, seq: number, incoming: boolean): void {
  const sessionId = p2pSessionId(target);
  const key = keyOf(owner, sessionId);
  const current = sessions.get(key);
  const unread = (current?.unread ?? 0) + (incoming ? 1 : 0);
  // Jobs are folded in arrival order and an owner's numbers rise in that order, so the later one wins.
  sessions.set(key, { accid: owner, session_id: sessionId, target, last_msg_id: Number(message.idServer), update_time: message.time, seq, unread });
}

/** One multi-row upsert (rows in sorted key order, each row at most once, as ON CONFLICT requires). */
async function upsertSessions(trx: Transaction<ImDatabase>, touches: SessionTouch[]): Promise<void> {
  if (touches.length === 0) return;
  touches.sort((a, b) => (a.accid === b.accid ? (a.session_id < b.session_id ? -1 : 1) : a.accid < b.accid ? -1 : 1));
  await trx
    .insertInto('im_session')
    .values(touches.map((t) => ({ ...t, scene: Scene.P2P })))
    .onConflict((oc) =>
      oc.columns(['accid', 'session_id']).doUpdateSet((eb) => ({
        last_msg_id: eb.ref('excluded.last_msg_id'),
        update_time: eb.ref('excluded.update_time'),
        is_deleted: false,
        seq: eb.ref('excluded.seq'),
        unread: sql<number>`im_session.unread + excluded.unread`,
      })),
    )
    .execute();
}
