import { sql } from 'kysely';
import { openImStore, type ImStore } from '../../db/database';
import { FUNCTION_BATCH_MAX, writeMessageBatch, type PendingSend } from './write-batcher';
import { runId, usingPostgres } from '../../../test/support/test-server';

/**
 * The batch write runs two ways (write-batcher.ts `batchStatement`): batches of up to FUNCTION_BATCH_MAX
 * messages call the function `im_write_message_batch`, larger ones send the query itself. Both come
 * from one text (db/migrations/message-batch-statement.ts); this suite holds them to the same result.
 * The same 40 messages, from the same starting state, go once through four batches of 10 (the function)
 * and once through one batch of 40 (the statement), each with its own accounts (`small_…` and
 * `large_…`, so both can share one PostgreSQL). Then every column of every row the writes touch is
 * compared: im_message, im_session, im_account_seq.
 *
 * Compared as references, not values: `id_server` (the message's number from a sequence shared by
 * both runs, and by any other suite on the same PostgreSQL) and `im_session.last_msg_id` (which holds
 * one): each becomes the (sender, idClient) of the message it names. Account names lose their run's
 * prefix. Nothing else is left out: message times come from the clock each run is given, which
 * starts at the same value.
 */
const dbName = usingPostgres ? 'PostgreSQL' : 'PGlite';
const SMALL_BATCH = 10;
const LARGE_BATCH = 40;

type Row = Record<string, unknown>;
type Path = 'small' | 'large';

describe(`the batch write through the function and through the statement (${dbName})`, () => {
  let store: ImStore;

  beforeAll(async () => {
    store = await openImStore({ dataDir: 'memory://', databaseUrl: process.env.DATABASE_URL });
  }, 120_000);
  afterAll(async () => {
    await store?.close();
  });

  const name = (path: Path, who: string) => `${path}_${who}_${runId}`;
  const port = (path: Path, who: string, clientType = 16): PendingSend['port'] => ({
    account: name(path, who),
    nick: `nick ${who}`,
    clientType,
    deviceId: `dev-${who}`,
  });

  /** The messages of one run, in arrival order; both runs get the same list, on their own accounts. */
  function messages(path: Path): PendingSend[] {
    const senders = ['s1', 's2', 's3'];
    const receivers = ['r1', 'r2', 'r3', 'r4'];
    const jobs: PendingSend[] = [];
    for (let k = 0; k < LARGE_BATCH; k++) {
      const from = senders[k % 3];
      let to = receivers[(k * 7) % 4];
      let idClient = `m-${k}`;
      if (k % 13 === 5) to = from; // to oneself: one number, one session
      // Repeats of one sender's idClient, answered as duplicates: of a message stored before the run
      // (the statement's `stored` step) and of one in the same batch (found before the statement).
      // Nothing repeats a message of an earlier batch of 10: in the batch of 40 that is a repeat inside
      // the batch, which takes no time from the clock, so later messages' times would differ by design.
      if (k === 7) idClient = 'pre-1';
      if (k === 16) idClient = 'm-13';
      if (k === 34) idClient = 'm-31';
      const blockedPair = from === 's3' && to === 'r3'; // r3 blocks s3: 7101
      jobs.push({
        port: port(path, from, k % 4 === 0 ? 1 : 16),
        valid: {
          idClient,
          scene: 0,
          to: name(path, to),
          type: k % 5 === 0 ? 1 : 0,
          subType: k % 6,
          text: blockedPair ? `blocked ${k}` : `text ${k} «ü»`,
          attach: k % 5 === 0 ? JSON.stringify({ url: `https://files.example/${k}`, size: k }) : '',
          custom: k % 3 === 1 ? JSON.stringify({ k }) : '',
          thread: k % 7 === 3 ? { thread_id_server: 1_000 + k, msg_refs: JSON.stringify({ replyTo: k - 1 }) } : undefined,
        },
      });
    }
    return jobs;
  }

  /** What both runs start from: a stored message, a deleted session with unread messages, a block. */
  async function seed(path: Path, nextTime: () => number): Promise<void> {
    const [before] = await writeMessageBatch(store.db, [{ port: port(path, 's2'), valid: { idClient: 'pre-1', scene: 0, to: name(path, 'r1'), type: 0, subType: 0, text: 'before', attach: '', custom: '' } }], nextTime);
    expect(before.ok).toBe(true);
    await store.db
      .insertInto('im_session')
      .values({ accid: name(path, 'r2'), session_id: `p2p-${name(path, 's1')}`, scene: 0, target: name(path, 's1'), last_msg_id: null, update_time: 5, unread: 2, is_deleted: true })
      .execute();
    await store.db
      .insertInto('im_relation')
      .values({ accid: name(path, 'r3'), target: name(path, 's3'), is_blacked: true, is_muted: false, created_at: 1, updated_at: 1, seq: 0 })
      .execute();
  }

  /** A clock as the service's: rising times from the same start in both runs. */
  const clock = () => {
    let now = 1_700_000_000_000;
    return () => ++now;
  };

  const accountsOf = (path: Path) => ['s1', 's2', 's3', 'r1', 'r2', 'r3', 'r4'].map((who) => name(path, who));
  const normalize = (path: Path, value: unknown): unknown =>
    typeof value === 'string' ? value.replaceAll(`${path}_`, '') : typeof value === 'bigint' ? Number(value) : value;

  /** Every row of every table the write touches, with ids as the message they name and the run's prefix dropped. */
  async function storedState(path: Path) {
    const accounts = accountsOf(path);
    const messageRows = (await sql<Row>`select * from im_message where sender in (${sql.join(accounts)}) order by sender, id_client`.execute(store.db)).rows;
    const keyOfId = new Map(messageRows.map((m) => [Number(m.id_server), `${normalize(path, m.sender)}/${m.id_client}`]));
    const clean = (row: Row, idColumns: string[]) =>
      Object.fromEntries(
        Object.entries(row).map(([column, value]) => [
          column,
          idColumns.includes(column) && value !== null ? (keyOfId.get(Number(value)) ?? `unknown id`) : normalize(path, value),
        ]),
      );
    const sessions = (await sql<Row>`select * from im_session where accid in (${sql.join(accounts)}) order by accid, session_id`.execute(store.db)).rows;
    const seqs = (await sql<Row>`select * from im_account_seq where accid in (${sql.join(accounts)}) order by accid`.execute(store.db)).rows;
    return {
      im_message: messageRows.map((row) => clean(row, ['id_server'])),
      im_session: sessions.map((row) => clean(row, ['last_msg_id'])),
      im_account_seq: seqs.map((row) => clean(row, [])),
    };
  }

  /** The answers, as the sender gets them. */
  const answers = (path: Path, results: Awaited<ReturnType<typeof writeMessageBatch>>) =>
    results.map((r) =>
      r.ok
        ? { duplicate: r.value.duplicate, message: Object.fromEntries(Object.entries(r.value.message).filter(([key]) => key !== 'idServer').map(([key, value]) => [key, normalize(path, value)])) }
        : { error: String(r.error), code: (r.error as { code?: unknown }).code },
    );

  it('four batches of 10 and one batch of 40 store the same rows and give the same answers', async () => {
    // The two sizes must fall on either side of the switch, or both runs would take one path.
    expect(SMALL_BATCH).toBeLessThanOrEqual(FUNCTION_BATCH_MAX);
    expect(LARGE_BATCH).toBeGreaterThan(FUNCTION_BATCH_MAX);

    const smallClock = clock();
    await seed('small', smallClock);
    const smallJobs = messages('small');
    const smallResults = [];
    for (let start = 0; start < smallJobs.length; start += SMALL_BATCH) {
      smallResults.push(...(await writeMessageBatch(store.db, smallJobs.slice(start, start + SMALL_BATCH), smallClock)));
    }

    const largeClock = clock();
    await seed('large', largeClock);
    const largeResults = await writeMessageBatch(store.db, messages('large'), largeClock);

    const small = await storedState('small');
    const large = await storedState('large');
    // The messages really were written, refused and answered as duplicates (not an empty comparison).
    expect(small.im_message.length).toBeGreaterThan(30);
    expect(answers('small', smallResults).filter((a) => 'code' in a).length).toBeGreaterThan(0);
    expect(answers('small', smallResults).filter((a) => 'duplicate' in a && a.duplicate).length).toBe(3);
    expect(small.im_session.some((s) => s.is_deleted === false && Number(s.unread) > 2)).toBe(true);

    expect(large.im_message).toEqual(small.im_message);
    expect(large.im_session).toEqual(small.im_session);
    expect(large.im_account_seq).toEqual(small.im_account_seq);
    expect(answers('large', largeResults)).toEqual(answers('small', smallResults));
  }, 60_000);
});
