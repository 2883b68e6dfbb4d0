import { sql, type Kysely } from 'kysely';
import type { ImDatabase } from '../../db/schema';
import { ResponseCode } from '../../protocol';
import { ImServerError } from '../errors';
import { BATCH_MESSAGE_COLUMNS, messageBatchQuery } from '../../db/migrations/message-batch-statement';
import {
  MESSAGE_COLUMNS,
  NO_THREAD,
  messageColumns,
  messageFromRow,
  p2pSessionId,
  type MessageRow,
  type SendResult,
  type SendingPort,
  type StoredMessage,
  type ValidSendInput,
} from './message';

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

/**
 * How many group-commit batches may be written at once (see GroupCommitQueue): batches in flight
 * together never share an account, so they never wait on each other's rows and each one is its own
 * statement, its own transaction. Two: a message that shares no account with the batch in flight
 * need not wait for it, while more slots mostly made batches smaller and dearer per message on the
 * 2-core bench machine (docs/performance.md "Issue 36: batches that share no account");
 * `MessageService` option `inFlight` / `IM_WRITES_IN_FLIGHT` sets it.
 */
export const DEFAULT_WRITES_IN_FLIGHT = 2;

interface Entry<J, R> {
  job: J;
  keys: readonly string[];
  resolve: (value: R) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: jobs submitted while a write is in flight wait, and the next write takes them (up to
 * `maxBatch`) in arrival order. The first write after an idle period starts on the next turn of the
 * event loop (setImmediate), so frames read from several sockets in the same turn share it; no timer
 * holds a lone message back.
 *
 * Up to `maxInFlight` writes run at once, and batches in flight together share no key (`keysOf`: for
 * messages, the sender's and the receiver's accounts). A batch is formed by walking the queue in
 * arrival order: a job takes part if none of its keys is held by a batch in flight or by a job passed
 * over earlier in this walk; a job passed over holds its keys for the rest of the walk. So two jobs
 * that share a key are written in arrival order, in one batch or in batches one after the other (the
 * later batch starts only after the earlier one settled and answered), while unrelated jobs need not
 * wait. A batch's keys are released once its jobs are answered. A batch starts beside others only
 * while at most `maxBatch` jobs wait: under saturation the next batch waits and goes full. Without
 * `keysOf` every job shares one key: one write at a time.
 */
export class GroupCommitQueue<J, R> {
  private queue: Entry<J, R>[] = [];
  private scheduled = false;
  private inFlight = 0;
  /** Keys held by the batches in flight. */
  private readonly busy = new Set<string>();
  private readonly counters: GroupCommitStats = { batches: 0, jobs: 0, largestBatch: 0 };

  constructor(
    private readonly write: (jobs: readonly J[]) => Promise<Settled<R>[]>,
    readonly maxBatch: number = DEFAULT_WRITE_BATCH_MAX,
    readonly maxInFlight: number = DEFAULT_WRITES_IN_FLIGHT,
    private readonly keysOf: (job: J) => readonly string[] = () => ONE_KEY,
  ) {
    if (!Number.isInteger(maxBatch) || maxBatch < 1) throw new Error(`write batch size must be a positive integer, got ${maxBatch}`);
    if (!Number.isInteger(maxInFlight) || maxInFlight < 1) throw new Error(`writes in flight must be a positive integer, got ${maxInFlight}`);
  }

  submit(job: J): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ job, keys: this.keysOf(job), resolve, reject });
      this.schedule();
    });
  }

  stats(): GroupCommitStats {
    return { ...this.counters };
  }

  /** After an idle spell: starts batches on the next turn, so frames read in this turn share one. */
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.startBatches();
    });
  }

  private startBatches(): void {
    while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
      // More than a full batch waiting (saturation): the next batch waits for the one in flight and
      // goes full, instead of a small one beside it (dearer per message, bench/im-messaging).
      if (this.inFlight > 0 && this.queue.length > this.maxBatch) return;
      const batch = this.takeBatch();
      if (batch.length === 0) return; // every waiting job shares a key with a batch in flight
      this.start(batch);
    }
  }

  /** The next batch: jobs in arrival order whose keys are free (see the class comment). */
  private takeBatch(): Entry<J, R>[] {
    const batch: Entry<J, R>[] = [];
    const rest: Entry<J, R>[] = [];
    const passed = new Set<string>();
    for (const entry of this.queue) {
      if (batch.length < this.maxBatch && !entry.keys.some((k) => this.busy.has(k) || passed.has(k))) batch.push(entry);
      else {
        rest.push(entry);
        for (const k of entry.keys) passed.add(k);
      }
    }
    this.queue = rest;
    for (const entry of batch) for (const k of entry.keys) this.busy.add(k);
    return batch;
  }

  private start(batch: Entry<J, R>[]): void {
    this.inFlight++;
    this.counters.batches++;
    this.counters.jobs += batch.length;
    this.counters.largestBatch = Math.max(this.counters.largestBatch, batch.length);
    void (async () => {
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
      for (const entry of batch) for (const k of entry.keys) this.busy.delete(k);
      this.inFlight--;
      // The answers' continuations (the pushes) are queued already; the next batch goes at once.
      this.startBatches();
    })();
  }
}

const ONE_KEY: readonly string[] = [''];

/** A validated message waiting for its write. */
export interface PendingSend {
  port: SendingPort;
  valid: ValidSendInput;
}

const keyOf = (sender: string, idClient: string) => `${sender}\u0000${idClient}`;

/**
 * Writes a batch of p2p messages with ONE statement, one round trip (the group-commit design,
 * docs/im-server-writes.md): the batch travels as one JSON parameter and data-modifying CTEs do what
 * separate statements did, atomically (a lone statement is its own transaction); small batches call the
 * same query as a function (`batchStatement`; both generated by message-batch-statement.ts):
 * 1. `stored`: (sender, idClient) already stored → that message, duplicate, nothing written;
 * 2. `blocked`: the receiver's blocklist → 7101 for that message only;
 * 3. `heads`: sequence numbers for every account of the batch with one upsert, rows locked in sorted
 *    account order (as `allocateSeqs`); `numbered` hands each account's numbers out in arrival order;
 * 4. `ins`: the messages, in arrival order (ON CONFLICT (sender, id_client) DO NOTHING: a race with
 *    another node ends as a duplicate, read after the statement);
 * 5. `sessions`: the sessions touched, folded per (owner, session) (last message, its number, unread +
 *    incoming count), one upsert in sorted key order.
 * A repeated idClient inside the batch settles as a duplicate of its first occurrence (found here,
 * before the statement). Answers are in `jobs` order. A database error rejects the whole call: the
 * caller falls back to per-message writes.
 */
export async function writeMessageBatch(
  db: Kysely<ImDatabase>,
  jobs: readonly PendingSend[],
  nextTime: () => number,
): Promise<Settled<SendResult>[]> {
  const keys = jobs.map((j) => keyOf(j.port.account, j.valid.idClient));
  // The first occurrence of each key goes to the database; a repeat answers as that one.
  const firstOf = new Map<string, number>();
  const input: BatchInputRow[] = [];
  jobs.forEach((job, i) => {
    if (firstOf.has(keys[i])) return;
    firstOf.set(keys[i], i);
    const { port, valid } = job;
    const thread = valid.thread ?? NO_THREAD;
    input.push({
      i,
      ...messageColumns(port, valid),
      // Arrival order; a message that ends up not written leaves its time unused (times only rise).
      time: nextTime(),
      thread_id_server: thread.thread_id_server,
      msg_refs: thread.msg_refs,
      sender_session: p2pSessionId(valid.to),
      receiver_session: p2pSessionId(port.account),
    });
  });

  const { rows } = await batchStatement(input).execute(db);
  if (rows.length !== input.length) throw new Error(`batch write answered ${rows.length} of ${input.length} messages`);

  const outcomes: (Settled<SendResult> | undefined)[] = new Array(jobs.length);
  const raced: number[] = [];
  for (const row of rows) {
    const i = Number(row.i);
    if (row.outcome === 'stored') outcomes[i] = ok({ message: messageFromRow(row as MessageRow), duplicate: true });
    else if (row.outcome === 'inserted') outcomes[i] = ok({ message: messageFromRow(row as MessageRow), duplicate: false });
    // The receiver's blocklist (im-client-spec §8 7101): refused, nothing stored or delivered.
    else if (row.outcome === 'blocked') outcomes[i] = failed(new ImServerError(ResponseCode.BLACKLISTED, 'blacklisted'));
    else raced.push(i);
  }
  if (raced.length > 0) {
    // Rows another node stored between our look-up and the insert (it committed: our insert waited
    // for it): theirs, as duplicates. Our numbers for them stay unused (a gap, as per message).
    const racedStored = await findStored(db, raced.map((i) => jobs[i]));
    for (const i of raced) {
      const other = racedStored.get(keys[i]);
      outcomes[i] = other ? ok({ message: other, duplicate: true }) : failed(new ImServerError(ResponseCode.INTERNAL_ERROR, 'message vanished after conflict'));
    }
  }

  // Repeats inside the batch: the first occurrence's message as a duplicate, or its refusal.
  return jobs.map((_, i) => {
    const outcome = outcomes[i];
    if (outcome) return outcome;
    const first = outcomes[firstOf.get(keys[i]) as number] as Settled<SendResult>;
    return first.ok ? ok({ message: first.value.message, duplicate: true }) : first;
  });
}

/** One message of a batch as the statement's JSON parameter carries it; `i` is its index in the batch. */
interface BatchInputRow extends Omit<MessageRow, 'id_server' | 'msg_refs'> {
  i: number;
  conversation: string;
  thread_id_server: number | null;
  msg_refs: string | null;
  /** The sender's session with the receiver, and the receiver's with the sender. */
  sender_session: string;
  receiver_session: string;
}

type BatchOutcomeRow = { i: number; outcome: 'stored' | 'blocked' | 'inserted' | 'raced' } & { [K in keyof MessageRow]: MessageRow[K] | null };

/**
 * Batches of at most this many messages call `im_write_message_batch` (message-batch-statement.ts: the
 * same query as a PL/pgSQL function, migration 021: its plan is prepared once per connection and reused, which spares ~2 ms of
 * planning, as much as writing a 10-message batch: 3.9 vs 8-12 ms). Larger batches send the query
 * itself: the function's cached generic plan wrote 200 messages in ~40 ms against ~17 ms planned for
 * the batch (bench/im-messaging: 188-208 vs 151-159 us of PostgreSQL CPU per message).
 */
export const FUNCTION_BATCH_MAX = 16;

/** The mark `batchStatement` splits the generated query at, where the batch parameter goes. */
const BATCH_PARAMETER = '\u0000batch\u0000';
const [BATCH_STATEMENT_HEAD, BATCH_STATEMENT_TAIL] = messageBatchQuery(BATCH_PARAMETER).split(BATCH_PARAMETER);

/**
 * The batch statement for `input`: the function for small batches, else the same query
 * (message-batch-statement.ts) sent with the batch as its one parameter. The leading comment names its
 * tables (pg_stat_activity shows this text).
 */
const batchStatement = (input: readonly BatchInputRow[]) =>
  input.length <= FUNCTION_BATCH_MAX
    ? sql<BatchOutcomeRow>`/* im-server group commit: im_account_seq, im_message, im_session */ select * from im_write_message_batch(${JSON.stringify(input)}::json)`
    : sql<BatchOutcomeRow>`${sql.raw(BATCH_STATEMENT_HEAD)}${JSON.stringify(input)}${sql.raw(BATCH_STATEMENT_TAIL)}`;

/** The answer's message columns (message-batch-statement.ts, which cannot import the domain) are the ones messageFromRow reads. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const batchColumnsAreMessageColumns: Same<(typeof BATCH_MESSAGE_COLUMNS)[number][0], (typeof MESSAGE_COLUMNS)[number]> = true;
void batchColumnsAreMessageColumns;

/** The stored messages of these jobs' (sender, idClient) pairs, by keyOf. */
async function findStored(db: Kysely<ImDatabase>, jobs: readonly PendingSend[]): Promise<Map<string, StoredMessage>> {
  const found = new Map<string, StoredMessage>();
  if (jobs.length === 0) return found;
  const rows = await db
    .selectFrom('im_message')
    .select(MESSAGE_COLUMNS)
    .where((eb) => eb(eb.refTuple('sender', 'id_client'), 'in', jobs.map((j) => eb.tuple(j.port.account, j.valid.idClient))))
    .execute();
  for (const row of rows) found.set(keyOf(row.sender, row.id_client), messageFromRow(row));
  return found;
}
