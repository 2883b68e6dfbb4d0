import { CompiledQuery, sql } from 'kysely';
import { openImStore, type ImStore } from '../src/db/database';
import { HistoryService } from '../src/domain/history/history-service';
import { conversationKey } from '../src/domain/msg/message';
import { account, makeDataDir, usingPostgres } from './support/test-server';

/**
 * Message search's index (migration 008-search-index, docs/protocol.md "History"): the keyword
 * filter `lower(text) like '%…%'` is served by the trigram GIN index im_message_text_trgm on
 * PGlite and on PostgreSQL (DATABASE_URL), instead of reading every message of the caller.
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
    await sql`analyze im_message`.execute(store.db);
  }, 120_000);

  afterAll(async () => {
    // A shared PostgreSQL keeps no seed rows.
    for (const merchant of [viewer, otherMerchant]) await sql`delete from im_message where id_client like ${`${merchant}-seed-%`}`.execute(store.db);
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

  it('migration 008 made a trigram index on lower(text)', async () => {
    const { rows } = await sql<{ indexdef: string }>`select indexdef from pg_indexes where indexname = 'im_message_text_trgm'`.execute(store.db);
    expect(rows).toHaveLength(1);
    expect(rows[0].indexdef).toMatch(/USING gin \(lower\(text\) \S*gin_trgm_ops\)/);
  });

  it('a keyword search reads the trigram index, and finds only the caller\'s matching messages, newest first', async () => {
    const plan = await planOf('zebrafish');
    expect(plan).toContain('im_message_text_trgm');
    const found = await history.search(viewer, { keyword: 'ZEBRAFISH', limit: 100 });
    expect(found.map((m) => m.text)).toEqual([5, 4, 3, 2, 1].map((k) => `Is the Zebrafish tank in stock? order ${k * 4000}`));
    expect(found.every((m) => m.from === viewer || m.to === viewer)).toBe(true);
  });

  it('a Chinese keyword reads the trigram index too', async () => {
    expect(await planOf('订单已经发货')).toContain('im_message_text_trgm');
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

  it('full-text search (msgFtsSearch, issue 31) reads the same trigram index, with no index of its own', async () => {
    const compiled = history.ftsQuery(viewer, { keyword: 'zebrafish' }).select('id_server').compile();
    const result = await store.db.executeQuery<{ 'QUERY PLAN': unknown }>(CompiledQuery.raw(`explain (format json) ${compiled.sql}`, [...compiled.parameters]));
    expect(JSON.stringify(result.rows[0]['QUERY PLAN'])).toContain('im_message_text_trgm');
    const found = await history.ftsSearch(viewer, { keyword: 'ZEBRAFISH' });
    expect(found.map((m) => m.text)).toEqual([5, 4, 3, 2, 1].map((k) => `Is the Zebrafish tank in stock? order ${k * 4000}`));
  });
});
