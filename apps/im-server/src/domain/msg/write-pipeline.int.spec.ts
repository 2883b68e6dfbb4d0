import { sql } from 'kysely';
import { openImStore, type ImStore } from '../../db/database';
import { MessageService, createMessageClock, type SendingPort, type SendResult } from './message-service';
import { account, runId, usingPostgres } from '../../../test/support/test-server';

/**
 * Two group-commit batches in flight (GroupCommitQueue, docs/im-server-writes.md): batches that share
 * no account are written at the same time, each its own statement; a batch sharing an account with one
 * in flight waits for it. These cases hold that to the order guarantees, also when a batch fails at
 * COMMIT, and show that unrelated messages do not wait for a slow batch.
 */
const dbName = usingPostgres ? 'PostgreSQL' : 'PGlite';

describe(`group commit with two batches in flight (${dbName})`, () => {
  let store: ImStore;
  const poison = `late-poison-${runId}`;
  const trigger = `group_commit_late_${runId}`;
  const slow = `slow-${runId}`;
  const slowTrigger = `group_commit_slow_${runId}`;
  const port = (name: string): SendingPort => ({ account: account(name), nick: name, clientType: 16, deviceId: `dev-${name}` });
  const text = (idClient: string, to: string, body: string) => ({ idClient, scene: 0, to: account(to), type: 0, text: body });
  const settle = (p: Promise<SendResult>) => p.then((value) => ({ ok: true as const, value }), (error: unknown) => ({ ok: false as const, error }));

  beforeAll(async () => {
    store = await openImStore({ dataDir: 'memory://', databaseUrl: process.env.DATABASE_URL });
    // Refuses the poison message at COMMIT (a deferred constraint trigger), 300 ms after the commit
    // began: the statement that inserted it succeeded, so the next batch has sent its own by then.
    await sql
      .raw(
        `create or replace function ${trigger}() returns trigger language plpgsql as $$
         begin perform pg_sleep(0.3); raise exception 'refused at commit' using errcode = 'check_violation'; end $$`,
      )
      .execute(store.db);
    await sql
      .raw(
        `create constraint trigger ${trigger} after insert on im_message deferrable initially deferred
         for each row when (new.text = '${poison}') execute function ${trigger}()`,
      )
      .execute(store.db);
    // Holds the commit of the message with the slow text until the test's marker row exists (no clock:
    // it polls for the row other batches' answers make the test write).
    await sql.raw(`create table if not exists ${slowTrigger}_go (id int)`).execute(store.db);
    await sql
      .raw(
        `create or replace function ${slowTrigger}() returns trigger language plpgsql as $$
         begin
           for n in 1..600 loop
             exit when exists (select 1 from ${slowTrigger}_go);
             perform pg_sleep(0.05);
           end loop;
           return null;
         end $$`,
      )
      .execute(store.db);
    await sql
      .raw(
        `create constraint trigger ${slowTrigger} after insert on im_message deferrable initially deferred
         for each row when (new.text = '${slow}') execute function ${slowTrigger}()`,
      )
      .execute(store.db);
  }, 120_000);
  afterAll(async () => {
    await sql.raw(`drop trigger if exists ${trigger} on im_message`).execute(store.db);
    await sql.raw(`drop function if exists ${trigger}()`).execute(store.db);
    await sql.raw(`drop trigger if exists ${slowTrigger} on im_message`).execute(store.db);
    await sql.raw(`drop function if exists ${slowTrigger}()`).execute(store.db);
    await sql.raw(`drop table if exists ${slowTrigger}_go`).execute(store.db);
    await store.close();
  });

  it('a batch whose commit fails is written again one message at a time; the batch of the same sender behind it waits for that, in order, gap-free', async () => {
    // Ten messages of one sender at once, five a batch: the second batch shares the sender's account,
    // so it starts only after the first one (refused at COMMIT, then rewritten) answered.
    const service = new MessageService(store.db, createMessageClock(), { mode: 'group-commit', inFlight: 2, maxBatch: 5 });
    const sender = port('late_s');
    const sends = Array.from({ length: 10 }, (_, i) => settle(service.send(sender, text(`l-${i}`, 'late_r', i === 2 ? poison : `m${i}`))));
    const results = await Promise.all(sends);

    // Two batches: the first rolled back by its poison message and written one message at a time, the
    // second written as a batch after it.
    expect(service.writeStats()).toMatchObject({ batches: 2, jobs: 10, fallbacks: 1 });
    expect(results.map((r) => r.ok)).toEqual([true, true, false, true, true, true, true, true, true, true]);
    const refused = results[2];
    expect(refused.ok ? undefined : String(refused.error)).toMatch(/refused at commit/);

    const rows = await store.db
      .selectFrom('im_message')
      .select(['text', 'sender_seq', 'receiver_seq'])
      .where('sender', '=', sender.account)
      .orderBy('sender_seq')
      .execute();
    const texts = ['m0', 'm1', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9'];
    expect(rows.map((r) => r.text)).toEqual(texts);
    expect(rows.map((r) => Number(r.sender_seq))).toEqual(texts.map((_, i) => i + 1));
    expect(rows.map((r) => Number(r.receiver_seq))).toEqual(texts.map((_, i) => i + 1));
    const session = await store.db.selectFrom('im_session').select(['unread', 'seq']).where('accid', '=', account('late_r')).executeTakeFirstOrThrow();
    expect({ unread: session.unread, seq: Number(session.seq) }).toEqual({ unread: 9, seq: 9 });
  }, 60_000);

  it('overlapping batches of the same accounts keep each account gap-free and each sender in order', async () => {
    const service = new MessageService(store.db, createMessageClock(), { mode: 'group-commit', inFlight: 2, maxBatch: 7 });
    const senders = ['ov_a', 'ov_b', 'ov_c'].map(port);
    const receivers = ['ov_x', 'ov_y'];
    const sends: Promise<SendResult>[] = [];
    // 3 senders × 20 messages, alternating receivers, in batches of 7: consecutive batches share accounts.
    for (let k = 0; k < 20; k++) senders.forEach((s, i) => sends.push(service.send(s, text(`ov-${i}-${k}`, receivers[(i + k) % 2], `s${i} m${k}`))));
    await Promise.all(sends);
    expect(service.writeStats()).toMatchObject({ jobs: 60, fallbacks: 0 });
    expect(service.writeStats().batches).toBeGreaterThanOrEqual(9);

    const everyone = [...senders.map((s) => s.account), ...receivers.map(account)];
    const rows = await store.db
      .selectFrom('im_message')
      .select(['sender', 'receiver', 'text', 'time', 'sender_seq', 'receiver_seq'])
      .where('sender', 'in', everyone)
      .execute();
    expect(rows).toHaveLength(60);
    for (const [i, s] of senders.entries()) {
      const mine = rows.filter((r) => r.sender === s.account);
      const want = Array.from({ length: 20 }, (_, k) => `s${i} m${k}`);
      for (const key of ['time', 'sender_seq', 'receiver_seq'] as const) {
        // receiver_seq: per receiver, this sender's messages in order.
        const byKey = key === 'receiver_seq' ? receivers.map(account) : [null];
        for (const receiver of byKey) {
          const subset = mine.filter((r) => receiver === null || r.receiver === receiver);
          expect([...subset].sort((a, b) => Number(a[key]) - Number(b[key])).map((r) => r.text)).toEqual(want.filter((t) => subset.some((r) => r.text === t)));
        }
      }
    }
    for (const who of everyone) {
      const numbers = [
        ...rows.filter((r) => r.sender === who).map((r) => Number(r.sender_seq)),
        ...rows.filter((r) => r.receiver === who).map((r) => Number(r.receiver_seq)),
      ].sort((a, b) => a - b);
      expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, n) => n + 1));
    }
  });

  it('a batch sharing no account with a slow one is written beside it and answered first (PostgreSQL; PGlite has one connection)', async () => {
    // Batches of two: the slow message and the one behind it fill one, the unrelated one goes in the other.
    const service = new MessageService(store.db, createMessageClock(), { mode: 'group-commit', inFlight: 2, maxBatch: 2 });
    const answered: string[] = [];
    const release = () => sql.raw(`insert into ${slowTrigger}_go values (1)`).execute(store.db);
    // PGlite: one connection, so the test could not release the held commit; it is never held there.
    if (!usingPostgres) await release();
    const held = service.send(port('slow_a'), text('slow-1', 'slow_b', slow)).then(() => answered.push('slow'));
    // Behind the slow one on its sender's account: in its batch or after it, never beside it.
    const behind = service.send(port('slow_a'), text('slow-2', 'slow_b', 'after the slow one')).then(() => answered.push('behind'));
    const other = service.send(port('free_c'), text('free-1', 'free_d', 'unrelated')).then(() => answered.push('other'));
    if (usingPostgres) {
      await other; // written while the slow batch is still held at its commit
      expect(answered).toEqual(['other']);
    }
    if (usingPostgres) await release();
    await Promise.all([held, behind, other]);
    expect(answered.filter((a) => a !== 'other')).toEqual(['slow', 'behind']);
    expect(service.writeStats()).toMatchObject({ batches: 2, jobs: 3, fallbacks: 0 });
    if (!usingPostgres) expect(answered).toEqual(['slow', 'behind', 'other']);
    const rows = await store.db.selectFrom('im_message').select(['text', 'sender_seq']).where('sender', '=', account('slow_a')).orderBy('sender_seq').execute();
    expect(rows.map((r) => [r.text, Number(r.sender_seq)])).toEqual([
      [slow, 1],
      ['after the slow one', 2],
    ]);
  }, 60_000);
});
