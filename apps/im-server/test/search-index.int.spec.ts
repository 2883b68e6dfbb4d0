import { CompiledQuery, sql } from 'kysely';
import { openImStore, type ImStore } from '../src/db/database';
import { HistoryService } from '../src/domain/history/history-service';
import { indexSearchBacklog } from '../src/domain/history/search-indexer';
import { conversationKey } from '../src/domain/msg/message';
import { account, makeDataDir, usingPostgres } from './support/test-server';

/**
 * Message search's index (migrations 008 and 021, docs/protocol.md "History", docs/im-server-writes.md
 * "Search index behind the writes"): the keyword filter `like '%…%'` on `lower(text)` is served by the
 * trigram GIN index im_message_search_trgm on PGlite and on PostgreSQL (DATABASE_URL), instead of
 * reading every message of the caller; messages not indexed yet are found through the backlog.
 */
describe(`search index (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  const data = makeDataDir();
  let store: ImStore;
  let history: HistoryService;
  const viewer = account('s_search');
  const otherMerchant = account('s_other');
  const PER_ACCOUNT = 20_000;

  beforeAll(async () => {
    store = await openImStore({ dataDir: data.dataDir, databaseUrl: process.env.DATABASE_URL });
    history = new HistoryService(store.db);
    // Two merchants' conversations with 50 customers each: every 4,000th message of each mentions
    // the rare word; the rest is everyday chat.
    for (const merchant of [viewer, otherMerchant]) {
      await sql`
        insert into im_message (id_client, sender, receiver, scene, conversation, msg_type, text, time, sender_seq, receiver_seq)
        select ${merchant} || '-seed-' || g,
               case when g % 2 = 0 then ${merchant} else 'c_' || ${merchant} || '_' || (g % 50) end,
               case when g % 2 = 0 then 'c_' || ${merchant} || '_' || (g % 50) else ${merchant} end,
               0,
               case when ${merchant} < ('c_' || ${merchant} || '_' || (g % 50))
                    then ${merchant} || '|' || 'c_' || ${merchant} || '_' || (g % 50)
                    else 'c_' || ${merchant} || '_' || (g % 50) || '|' || ${merchant} end,
               0,
               case when g % 4000 = 0 then 'Is the Zebrafish tank in stock? order ' || g
                    else 'hello, is order ' || g || ' shipped yet? thanks' end,
               1700000000000 + g, g, g
        from generate_series(1, ${PER_ACCOUNT}) g
      `.execute(store.db);
    }
    // Three Chinese messages of the viewer (pg_trgm indexes CJK characters under a UTF-8 ctype).
    await sql`
      insert into im_message (id_client, sender, receiver, scene, conversation, msg_type, text, time, sender_seq, receiver_seq)
      select ${viewer} || '-seed-zh-' || k, ${viewer}, 'c_' || ${viewer} || '_1', 0,
             case when ${viewer} < ('c_' || ${viewer} || '_1') then ${viewer} || '|c_' || ${viewer} || '_1' else 'c_' || ${viewer} || '_1|' || ${viewer} end,
             0, '您好，您的订单已经发货了 #' || k, 1700000100000 + k, 100000 + k, 100000 + k
      from generate_series(1, 3) k
    `.execute(store.db);
    // The seed went to the backlog (the trigger); the indexer moves it into the index.
    while ((await indexSearchBacklog(store.db)) > 0);
    await sql`analyze im_message`.execute(store.db);
    // As autovacuum would: GIN's pending list (fastupdate) merged into the index proper.
    await sql`vacuum analyze im_message_search`.execute(store.db);
    await sql`analyze im_search_backlog`.execute(store.db);
  }, 180_000);

  afterAll(async () => {
    // A shared PostgreSQL keeps no seed rows.
    for (const merchant of [viewer, otherMerchant]) {
      await sql`delete from im_message_search where id_server in (select id_server from im_message where id_client like ${`${merchant}-seed-%`})`.execute(store.db);
      await sql`delete from im_search_backlog where id_server in (select id_server from im_message where id_client like ${`${merchant}-seed-%`})`.execute(store.db);
      await sql`delete from im_message where id_client like ${`${merchant}-seed-%`}`.execute(store.db);
    }
    await store?.close();
    data.remove();
  });

  const planOf = async (keyword: string): Promise<string> => {
    const compiled = history.searchQuery(viewer, { keyword, limit: 100 }).compile();
    const result = await store.db.executeQuery<{ 'QUERY PLAN': unknown }>(CompiledQuery.raw(`explain (format json) ${compiled.sql}`, [...compiled.parameters]));
    return JSON.stringify(result.rows[0]['QUERY PLAN']);
  };

  it('the seeded conversations use the same conversation keys as the server', () => {
    // The seed writes conversation keys by hand: they must be the ones conversationKey makes.
    const customer = `c_${viewer}_7`;
    expect(conversationKey(viewer, customer)).toBe(viewer < customer ? `${viewer}|${customer}` : `${customer}|${viewer}`);
  });

  it('migration 021 keeps the trigram index on the search table, off im_message', async () => {
    const { rows } = await sql<{ indexname: string; indexdef: string }>`
      select indexname, indexdef from pg_indexes where indexname in ('im_message_search_trgm', 'im_message_text_trgm')
    `.execute(store.db);
    expect(rows.map((row) => row.indexname)).toEqual(['im_message_search_trgm']);
    expect(rows[0].indexdef).toMatch(/ON \S*im_message_search USING gin \(text_lower \S*gin_trgm_ops\)/);
  });

  it('a keyword search reads the trigram index, and finds only the caller\'s matching messages, newest first', async () => {
    const plan = await planOf('zebrafish');
    expect(plan).toContain('im_message_search_trgm');
    const found = await history.search(viewer, { keyword: 'ZEBRAFISH', limit: 100 });
    expect(found.map((m) => m.text)).toEqual([5, 4, 3, 2, 1].map((k) => `Is the Zebrafish tank in stock? order ${k * 4000}`));
    expect(found.every((m) => m.from === viewer || m.to === viewer)).toBe(true);
  });

  it('a Chinese keyword reads the trigram index too', async () => {
    expect(await planOf('订单已经发货')).toContain('im_message_search_trgm');
    const found = await history.search(viewer, { keyword: '订单已经发货', limit: 100 });
    expect(found.map((m) => m.text)).toEqual(['您好，您的订单已经发货了 #3', '您好，您的订单已经发货了 #2', '您好，您的订单已经发货了 #1']);
  });

  it('a keyword of the everyday text still answers correctly (whatever plan the statistics favour), paged by the last result', async () => {
    const page = await history.search(viewer, { keyword: 'shipped', limit: 3 });
    expect(page.map((m) => m.text)).toEqual([19999, 19998, 19997].map((g) => `hello, is order ${g} shipped yet? thanks`));
    const next = await history.search(viewer, { keyword: 'shipped', limit: 2, endTime: page[2].time, lastMsgId: page[2].idServer });
    expect(next.map((m) => m.text)).toEqual([19996, 19995].map((g) => `hello, is order ${g} shipped yet? thanks`));
    // Shorter than a trigram, and LIKE's own wildcards taken literally.
    expect((await history.search(viewer, { keyword: 'Ze', limit: 100 })).length).toBe(5);
    expect(await history.search(viewer, { keyword: '%_', limit: 100 })).toEqual([]);
  });

  it('a message written since the last indexing is found at once through the backlog, and once more after it was indexed', async () => {
    const customer = `c_${viewer}_2`;
    const conversation = conversationKey(viewer, customer);
    const insert = (k: number) => sql`
      insert into im_message (id_client, sender, receiver, scene, conversation, msg_type, text, time, sender_seq, receiver_seq)
      values (${`${viewer}-seed-new-${k}`}, ${viewer}, ${customer}, 0, ${conversation}, 0, ${`The Quokka plush is back, batch ${k}`}, ${1700000200000 + k}, ${200000 + k}, ${200000 + k})
    `.execute(store.db);
    await insert(1);
    await insert(2);
    const { rows: waiting } = await sql<{ n: number }>`
      select count(*)::int as n from im_search_backlog b join im_message m using (id_server) where m.id_client like ${`${viewer}-seed-new-%`}
    `.execute(store.db);
    expect(waiting[0].n).toBe(2);
    const texts = async () => (await history.search(viewer, { keyword: 'quokka', limit: 100 })).map((m) => m.text);
    expect(await texts()).toEqual(['The Quokka plush is back, batch 2', 'The Quokka plush is back, batch 1']);
    expect(await indexSearchBacklog(store.db, 1)).toBe(1); // one moved, one still waiting: found in both places
    expect(await texts()).toEqual(['The Quokka plush is back, batch 2', 'The Quokka plush is back, batch 1']);
    while ((await indexSearchBacklog(store.db)) > 0);
    expect(await texts()).toEqual(['The Quokka plush is back, batch 2', 'The Quokka plush is back, batch 1']);
    const { rows: indexed } = await sql<{ text_lower: string }>`
      select s.text_lower from im_message_search s join im_message m using (id_server) where m.id_client like ${`${viewer}-seed-new-%`} order by m.id_server
    `.execute(store.db);
    expect(indexed.map((row) => row.text_lower)).toEqual(['the quokka plush is back, batch 1', 'the quokka plush is back, batch 2']);
  });

  it('a message without text never enters the backlog', async () => {
    const customer = `c_${viewer}_3`;
    await sql`
      insert into im_message (id_client, sender, receiver, scene, conversation, msg_type, text, attach, time, sender_seq, receiver_seq)
      values (${`${viewer}-seed-picture`}, ${viewer}, ${customer}, 0, ${conversationKey(viewer, customer)}, 1, '', '{"url":"x"}', 1700000300000, 300000, 300000)
    `.execute(store.db);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from im_search_backlog b join im_message m using (id_server) where m.id_client = ${`${viewer}-seed-picture`}
    `.execute(store.db);
    expect(rows[0].n).toBe(0);
  });

  it('indexers running side by side (several nodes) move each message once', async () => {
    const customer = `c_${viewer}_4`;
    await sql`
      insert into im_message (id_client, sender, receiver, scene, conversation, msg_type, text, time, sender_seq, receiver_seq)
      select ${`${viewer}-seed-race-`} || g, ${viewer}, ${customer}, 0, ${conversationKey(viewer, customer)}, 0, 'race ' || g, 1700000400000 + g, 400000 + g, 400000 + g
      from generate_series(1, 300) g
    `.execute(store.db);
    const indexer = async () => {
      while ((await indexSearchBacklog(store.db, 25)) > 0);
    };
    await Promise.all([indexer(), indexer(), indexer(), indexer()]);
    // Every one of them indexed (the key admits no repeat), none left waiting, none lost.
    const { rows } = await sql<{ indexed: number; waiting: number }>`
      select (select count(*)::int from im_message_search s join im_message m using (id_server) where m.id_client like ${`${viewer}-seed-race-%`}) as indexed,
             (select count(*)::int from im_search_backlog b join im_message m using (id_server) where m.id_client like ${`${viewer}-seed-race-%`}) as waiting
    `.execute(store.db);
    expect(rows[0]).toEqual({ indexed: 300, waiting: 0 });
  });
});
