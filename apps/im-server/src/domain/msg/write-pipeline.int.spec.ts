import { sql } from 'kysely';
import { openImStore, type ImStore } from '../../db/database';
import { MessageService, createMessageClock, type SendingPort, type SendResult } from './message-service';
import { account, runId, usingPostgres } from '../../../test/support/test-server';

/**
 * Two group-commit transactions in flight (GroupCommitQueue, docs/im-server-writes.md): the second
 * batch sends its statement while the first one commits. These cases hold the pipeline to the order
 * guarantees when the first batch's COMMIT fails after the second one already ran its statement.
 */
const dbName = usingPostgres ? 'PostgreSQL' : 'PGlite';

describe(`group commit with two batches in flight (${dbName})`, () => {
  let store: ImStore;
  const poison = `late-poison-${runId}`;
  const trigger = `group_commit_late_${runId}`;
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
  }, 120_000);
  afterAll(async () => {
    await sql.raw(`drop trigger if exists ${trigger} on im_message`).execute(store.db);
    await sql.raw(`drop function if exists ${trigger}()`).execute(store.db);
    await store.close();
  });

  it('a batch whose commit fails rolls back the batch after it; both are written again, in submission order, gap-free', async () => {
    // Ten messages at once, five a batch: the first batch has one waiting behind it, so it runs in a
    // transaction that reports its statement, and the second sends its statement while the first commits.
    const service = new MessageService(store.db, createMessageClock(), { mode: 'group-commit', inFlight: 2, maxBatch: 5 });
    const sender = port('late_s');
    const sends = Array.from({ length: 10 }, (_, i) => settle(service.send(sender, text(`l-${i}`, 'late_r', i === 2 ? poison : `m${i}`))));
    const results = await Promise.all(sends);

    // Two batches, both rolled back and written one message at a time: the first because of its
    // poison message, the second because the first failed.
    expect(service.writeStats()).toMatchObject({ batches: 2, jobs: 10, fallbacks: 2 });
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
});
