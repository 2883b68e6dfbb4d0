import { sql } from 'kysely';
import { openImStore, type ImStore } from '../src/db/database';
import { MessageService, createMessageClock, type SendingPort, type SendResult } from '../src/domain/msg/message-service';
import type { WriteMode } from '../src/domain/msg/write-batcher';
import { RelationService } from '../src/domain/relation/relation-service';
import { ImServerError } from '../src/domain/errors';
import { RawImClient } from './support/raw-client';
import { account, makeDataDir, runId, startServer, usingPostgres } from './support/test-server';

/**
 * Group commit (docs/im-server-writes.md): messages that arrive while a write transaction is in
 * flight are written together by the next one. These tests hold it to the per-message design's
 * guarantees: every message stored once, per-session order = arrival order, each account's sync
 * numbers 1..head with no gap and no repeat, idClient dedupe inside and across batches, and one bad
 * message never failing its batch-mates.
 */
const SENDERS = 50;
const RECEIVERS = 10;
/** Messages per sender (CI size); IM_GROUP_COMMIT_PER_SENDER raises it (≤ 60: the gateway queues 64 frames a socket). */
const PER_SENDER = Number(process.env.IM_GROUP_COMMIT_PER_SENDER ?? 10);
const relaxed = { '*': { limit: 100_000, windowMs: 10_000 } };
const dbName = usingPostgres ? 'PostgreSQL' : 'PGlite';

interface Row {
  id_client: string;
  sender: string;
  receiver: string;
  text: string;
  time: number;
  sender_seq: number;
  receiver_seq: number;
  tx: string;
}

describe.each<WriteMode>(['group-commit', 'per-message'])(`%s writes through the real gateway (${dbName})`, (mode) => {
  const data = makeDataDir();
  afterAll(() => data.remove());

  it(`${SENDERS} concurrent senders × ${PER_SENDER} messages (and ${RECEIVERS} receivers answering): each stored once, in order, gap-free cursors`, async () => {
    const tag = `${mode === 'group-commit' ? 'gc' : 'pm'}`;
    const senders = Array.from({ length: SENDERS }, (_, i) => account(`${tag}s${i}`));
    const receivers = Array.from({ length: RECEIVERS }, (_, i) => account(`${tag}r${i}`));
    const started = await startServer({ dataDir: data.dataDir, writeMode: mode, rateRules: relaxed });
    let store: ImStore | undefined;
    try {
      const senderClients = await Promise.all(senders.map((a) => RawImClient.loggedIn(started.wsUrl, a)));
      const receiverClients = await Promise.all(receivers.map((a) => RawImClient.loggedIn(started.wsUrl, a)));
      // Sender i writes to receiver i % RECEIVERS; receiver j answers sender j at the same time
      // (A→B and B→A in flight together: both sequence rows are locked in one order, no deadlock).
      const target = (i: number) => receivers[i % RECEIVERS];
      const sends: Promise<{ code: number; idClient: string }>[] = [];
      for (let k = 0; k < PER_SENDER; k++) {
        senderClients.forEach((client, i) => {
          const idClient = `${tag}-${i}-${k}`;
          sends.push(
            client.request('sendMsg', { msg: { idClient, scene: 0, to: target(i), type: 0, text: `s${i} m${k}` } }, 30_000).then((a) => ({ code: a.code, idClient })),
          );
        });
        receiverClients.forEach((client, j) => {
          const idClient = `${tag}-r${j}-${k}`;
          sends.push(
            client.request('sendMsg', { msg: { idClient, scene: 0, to: senders[j], type: 0, text: `r${j} m${k}` } }, 30_000).then((a) => ({ code: a.code, idClient })),
          );
        });
      }
      const answers = await Promise.all(sends);
      expect(answers.filter((a) => a.code !== 200)).toEqual([]);

      // Live delivery keeps each session's order: receiver j sees every sender's messages m0, m1, …
      for (const [j, client] of receiverClients.entries()) {
        const from = senders.filter((_, i) => target(i) === receivers[j]);
        await client.waitFor(() => (client.pushesNamed('msg').length >= from.length * PER_SENDER ? true : undefined), 30_000, 'all pushes');
        const texts = client.pushesNamed('msg').map((f) => (f.body as { msg: { text: string } }).msg.text);
        for (const sender of from) {
          const i = senders.indexOf(sender);
          expect(texts.filter((t) => t.startsWith(`s${i} `))).toEqual(Array.from({ length: PER_SENDER }, (_, k) => `s${i} m${k}`));
        }
      }
      for (const c of [...senderClients, ...receiverClients]) c.close();
    } finally {
      await started.server.close();
    }

    try {
      store = await openImStore({ dataDir: data.dataDir, databaseUrl: process.env.DATABASE_URL });
      const everyone = [...senders, ...receivers];
      const { rows } = await sql<Row>`
        select id_client, sender, receiver, text, time, sender_seq, receiver_seq, xmin::text as tx
        from im_message where sender in (${sql.join(everyone)}) order by id_server`.execute(store.db);

      // Each message once.
      const expected = SENDERS * PER_SENDER + RECEIVERS * PER_SENDER;
      expect(rows).toHaveLength(expected);
      expect(new Set(rows.map((r) => `${r.sender}/${r.id_client}`)).size).toBe(expected);

      // Per-session order = arrival order, by time and by both parties' sequence numbers.
      for (const sender of everyone) {
        const mine = rows.filter((r) => r.sender === sender);
        const want = mine.map((r) => r.text).sort((a, b) => Number(a.split(' m')[1]) - Number(b.split(' m')[1]));
        for (const key of ['time', 'sender_seq', 'receiver_seq'] as const) {
          expect([...mine].sort((a, b) => Number(a[key]) - Number(b[key])).map((r) => r.text)).toEqual(want);
        }
      }

      // Each account's numbers are 1..head: no gap, no repeat, head committed with them. Besides
      // the messages, an account's only change is its profile at login (the myInfo timetag).
      const heads = await store.db.selectFrom('im_account_seq').select(['accid', 'seq']).where('accid', 'in', everyone).execute();
      const timetags = await store.db.selectFrom('im_timetag').select(['accid', 'value']).where('accid', 'in', everyone).execute();
      expect(heads).toHaveLength(everyone.length);
      for (const { accid, seq } of heads) {
        const numbers = [
          ...timetags.filter((t) => t.accid === accid).map((t) => Number(t.value)),
          ...rows.filter((r) => r.sender === accid).map((r) => Number(r.sender_seq)),
          ...rows.filter((r) => r.receiver === accid).map((r) => Number(r.receiver_seq)),
        ].sort((a, b) => a - b);
        expect(numbers).toEqual(Array.from({ length: Number(seq) }, (_, n) => n + 1));
      }

      // Sessions: one per pair and side, unread = incoming messages, latest message, latest number.
      const sessions = await store.db
        .selectFrom('im_session')
        .select(['accid', 'target', 'unread', 'seq', 'last_msg_id'])
        .where('accid', 'in', everyone)
        .execute();
      for (const s of sessions) {
        const incoming = rows.filter((r) => r.sender === s.target && r.receiver === s.accid);
        expect({ accid: s.accid, target: s.target, unread: s.unread }).toEqual({ accid: s.accid, target: s.target, unread: incoming.length });
        const involved = rows
          .filter((r) => (r.sender === s.accid && r.receiver === s.target) || (r.sender === s.target && r.receiver === s.accid))
          .map((r) => Number(r.sender === s.accid ? r.sender_seq : r.receiver_seq));
        expect(Number(s.seq)).toBe(Math.max(...involved));
      }
      expect(sessions).toHaveLength(SENDERS * 2);

      // Rows written by one transaction share its xmin: the group-commit design wrote several per
      // transaction, the per-message design one.
      const perTx = new Map<string, number>();
      for (const r of rows) perTx.set(r.tx, (perTx.get(r.tx) ?? 0) + 1);
      const largest = Math.max(...perTx.values());
      if (mode === 'group-commit') expect(largest).toBeGreaterThan(1);
      else expect(largest).toBe(1);
    } finally {
      await store?.close();
    }
  }, 120_000);
});

describe(`group commit inside MessageService (${dbName})`, () => {
  let store: ImStore;
  const port = (name: string): SendingPort => ({ account: account(name), nick: name, clientType: 16, deviceId: `dev-${name}` });
  const text = (idClient: string, to: string, body = idClient) => ({ idClient, scene: 0, to: account(to), type: 0, text: body });
  const settle = (p: Promise<SendResult>) => p.then((value) => ({ ok: true as const, value }), (error: unknown) => ({ ok: false as const, error }));

  beforeAll(async () => {
    store = await openImStore({ dataDir: 'memory://', databaseUrl: process.env.DATABASE_URL });
  });
  afterAll(() => store?.close());

  it('a repeated idClient inside one batch and across batches is stored once and answered as that message', async () => {
    const service = new MessageService(store.db, createMessageClock(), { mode: 'group-commit', maxBatch: 50 });
    const alice = port('dup_a');
    // Same turn of the event loop: one batch with the idClient three times among others.
    const first = await Promise.all([
      service.send(alice, text('d-1', 'dup_b', 'first copy')),
      service.send(alice, text('d-2', 'dup_b')),
      service.send(alice, text('d-1', 'dup_b', 'second copy')),
      service.send(port('dup_c'), text('d-1', 'dup_b', 'another sender, same idClient')),
      service.send(alice, text('d-1', 'dup_b', 'third copy')),
    ]);
    expect(service.writeStats()).toMatchObject({ batches: 1, jobs: 5, largestBatch: 5, fallbacks: 0 });
    expect(first.map((r) => r.duplicate)).toEqual([false, false, true, false, true]);
    expect(first[2].message).toEqual(first[0].message);
    expect(first[4].message).toEqual(first[0].message);
    expect(first[0].message.text).toBe('first copy');
    expect(first[3].message.idServer).not.toBe(first[0].message.idServer);

    // A later batch, and a later batch of one each (maxBatch 1 keeps the copies in separate batches).
    const again = await service.send(alice, text('d-1', 'dup_b', 'resent after reconnect'));
    expect(again).toEqual({ message: first[0].message, duplicate: true });
    const single = new MessageService(store.db, createMessageClock(), { mode: 'group-commit', maxBatch: 1 });
    const serial = await Promise.all([single.send(alice, text('d-3', 'dup_b')), single.send(alice, text('d-3', 'dup_b')), single.send(alice, text('d-2', 'dup_b'))]);
    expect(single.writeStats()).toMatchObject({ batches: 3, largestBatch: 1 });
    expect(serial.map((r) => r.duplicate)).toEqual([false, true, true]);
    expect(serial[1].message).toEqual(serial[0].message);
    expect(serial[2].message).toEqual(first[1].message);

    const rows = await store.db.selectFrom('im_message').select(['id_client', 'text']).where('sender', '=', alice.account).orderBy('id_server').execute();
    expect(rows).toEqual([
      { id_client: 'd-1', text: 'first copy' },
      { id_client: 'd-2', text: 'd-2' },
      { id_client: 'd-3', text: 'd-3' },
    ]);
    // The duplicates took no sequence numbers: alice's head is her three messages.
    const head = await store.db.selectFrom('im_account_seq').select('seq').where('accid', '=', alice.account).executeTakeFirstOrThrow();
    expect(Number(head.seq)).toBe(3);
  });

  it('two nodes writing the same idClient at once store it once; the other answers a duplicate of it', async () => {
    // Two services = two nodes' batchers on one database. On PostgreSQL a third transaction holds the
    // receiver's sequence row until both batches wait on it, so both have looked for r-1 and found
    // nothing: the loser's INSERT then does nothing and it answers the winner's row. PGlite has one
    // connection, so there the batches run one after the other.
    const nodeA = new MessageService(store.db, createMessageClock(), { mode: 'group-commit' });
    const nodeB = new MessageService(store.db, createMessageClock(), { mode: 'group-commit' });
    const sender = port('race_s');
    const receiver = account('race_r');
    const sendAll = () =>
      Promise.all([
        nodeA.send(sender, text('r-1', 'race_r', 'from node A')),
        nodeA.send(sender, text('r-2', 'race_r')),
        nodeB.send(sender, text('r-1', 'race_r', 'from node B')),
        nodeB.send(sender, text('r-3', 'race_r')),
      ]);
    let results: SendResult[];
    if (usingPostgres) {
      await store.db.insertInto('im_account_seq').values({ accid: receiver, seq: 0 }).onConflict((oc) => oc.column('accid').doNothing()).execute();
      results = await store.db.transaction().execute(async (holder) => {
        await holder.selectFrom('im_account_seq').select('seq').where('accid', '=', receiver).forUpdate().execute();
        const sending = sendAll();
        for (let waiting = 0; waiting < 2; ) {
          // fixed wait: poll interval of pg_stat_activity; the test timeout bounds the wait
          await new Promise((r) => setTimeout(r, 20));
          const { rows } = await sql<{ n: number }>`
            select count(*)::int as n from pg_stat_activity
            where wait_event_type = 'Lock' and query like '%im_account_seq%' and datname = current_database()`.execute(store.db);
          waiting = rows[0].n;
        }
        return { sending };
      }).then(({ sending }) => sending);
    } else {
      results = await sendAll();
    }
    expect(results.filter((r) => r.message.idClient === 'r-1' && !r.duplicate)).toHaveLength(1);
    expect(results[0].message).toEqual(results[2].message);
    const rows = await store.db.selectFrom('im_message').select(['id_client']).where('sender', '=', sender.account).orderBy('id_client').execute();
    expect(rows.map((r) => r.id_client)).toEqual(['r-1', 'r-2', 'r-3']);
    const unread = await store.db.selectFrom('im_session').select('unread').where('accid', '=', account('race_r')).executeTakeFirstOrThrow();
    expect(unread.unread).toBe(3);
  });

  it('a message refused by the blocklist gets 7101 and its batch-mates are stored', async () => {
    await new RelationService(store.db).mark(account('bl_r'), account('bl_s'), 'blacklist', true);
    const service = new MessageService(store.db, createMessageClock(), { mode: 'group-commit' });
    const results = await Promise.all([
      settle(service.send(port('bl_s'), text('b-1', 'bl_other'))),
      settle(service.send(port('bl_s'), text('b-2', 'bl_r'))),
      settle(service.send(port('bl_s'), text('b-2', 'bl_r'))),
      settle(service.send(port('bl_x'), text('b-3', 'bl_r'))),
    ]);
    expect(service.writeStats()).toMatchObject({ batches: 1, largestBatch: 4, fallbacks: 0 });
    expect(results.map((r) => (r.ok ? 'ok' : (r.error as ImServerError).code))).toEqual(['ok', 7101, 7101, 'ok']);
    const stored = await store.db.selectFrom('im_message').select('id_client').where('sender', 'in', [account('bl_s'), account('bl_x')]).orderBy('id_client').execute();
    expect(stored.map((r) => r.id_client)).toEqual(['b-1', 'b-3']);
  });

  describe('a message the database refuses', () => {
    const poison = `poison-${runId}`;
    const trigger = `group_commit_poison_${runId}`;
    beforeAll(async () => {
      await sql
        .raw(
          `create or replace function ${trigger}() returns trigger language plpgsql as $$
           begin raise exception 'refused for the test' using errcode = 'check_violation'; end $$`,
        )
        .execute(store.db);
      await sql.raw(`create trigger ${trigger} before insert on im_message for each row when (new.text = '${poison}') execute function ${trigger}()`).execute(store.db);
    });
    afterAll(async () => {
      await sql.raw(`drop trigger if exists ${trigger} on im_message`).execute(store.db);
      await sql.raw(`drop function if exists ${trigger}()`).execute(store.db);
    });

    it('fails only that message: the batch is written again one by one and the others are stored, in order', async () => {
      const service = new MessageService(store.db, createMessageClock(), { mode: 'group-commit' });
      const sender = port('poison_s');
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => settle(service.send(sender, text(`p-${i}`, 'poison_r', i === 4 ? poison : `m${i}`)))),
      );
      expect(service.writeStats()).toMatchObject({ batches: 1, largestBatch: 10, fallbacks: 1 });
      expect(results.map((r) => r.ok)).toEqual([true, true, true, true, false, true, true, true, true, true]);
      const refused = results[4];
      expect(refused.ok ? undefined : String(refused.error)).toMatch(/refused for the test/);
      const rows = await store.db
        .selectFrom('im_message')
        .select(['text', 'sender_seq', 'receiver_seq'])
        .where('sender', '=', sender.account)
        .orderBy('id_server')
        .execute();
      const texts = ['m0', 'm1', 'm2', 'm3', 'm5', 'm6', 'm7', 'm8', 'm9'];
      expect(rows.map((r) => r.text)).toEqual(texts);
      // Per-message writes: the refused message's transaction rolled back, so its numbers are not used.
      expect(rows.map((r) => Number(r.sender_seq))).toEqual(texts.map((_, i) => i + 1));
      expect(rows.map((r) => Number(r.receiver_seq))).toEqual(texts.map((_, i) => i + 1));
      const session = await store.db
        .selectFrom('im_session')
        .select(['unread', 'seq'])
        .where('accid', '=', account('poison_r'))
        .executeTakeFirstOrThrow();
      expect({ unread: session.unread, seq: Number(session.seq) }).toEqual({ unread: 9, seq: 9 });
    });

    it('a batch of one that the database refuses answers its error without a second try', async () => {
      const service = new MessageService(store.db, createMessageClock(), { mode: 'group-commit' });
      await expect(service.send(port('poison_one'), text('p-one', 'poison_r', poison))).rejects.toThrow(/refused for the test/);
      expect(service.writeStats()).toMatchObject({ batches: 1, fallbacks: 0 });
    });
  });

  it('the per-message design writes one transaction per message and never queues', async () => {
    const service = new MessageService(store.db, createMessageClock(), { mode: 'per-message' });
    const results = await Promise.all([service.send(port('pm_a'), text('x-1', 'pm_b')), service.send(port('pm_a'), text('x-1', 'pm_b'))]);
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    expect(service.writeStats()).toMatchObject({ mode: 'per-message', batches: 0, jobs: 0 });
  });
});
