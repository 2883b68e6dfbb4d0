// The list helper over a real (in-memory PGlite) table: store scoping that no filter can lift, each
// operator, sorting with a stable tie-breaker, paging with the total, and `%`/`_` matched literally.
import { openDatabase, type DatabaseHandle } from '@merchant/server-db';
import { sql, type Kysely } from 'kysely';
import { defineResourceList, fromSeconds, likePattern, type ListQuery } from './resource-list';

interface ThingTable {
  id: number;
  store_id: number;
  name: string;
  status: number;
  price: number;
  created_at: Date;
}
type Db = { thing: ThingTable };

interface Thing {
  id: number;
  name: string;
  price: number;
}

const things = defineResourceList<Thing, Db>({
  from: 'thing as t',
  storeColumn: 't.store_id',
  where: (q) => q.where('t.status', '<>', 0),
  filters: {
    name: { column: 't.name', op: 'contains' },
    status: { column: 't.status', op: 'eq' },
    statuses: { column: 't.status', op: 'in' },
    priceMin: { column: 't.price', op: 'gte' },
    priceMax: { column: 't.price', op: 'lte' },
    createdFrom: { column: 't.created_at', op: 'gte', toDb: fromSeconds },
    cheap: { apply: (q, on: boolean) => (on ? q.where('t.price', '<', 100) : q) },
  },
  sorts: { price: 't.price', name: 't.name' },
  defaultSort: { field: 'price', order: 'desc' },
  tieBreaker: 't.id',
  select: (q) => q.select(['t.id', 't.name', 't.price']),
  map: (row) => ({ id: Number(row.id), name: String(row.name), price: Number(row.price) }),
});

describe('resource list helper', () => {
  let handle: DatabaseHandle<Db>;
  let db: Kysely<Db>;
  const page = (storeId: number, query: Partial<ListQuery>) => things.page(db, storeId, { pageNum: 1, pageSize: 5, ...query });

  beforeAll(async () => {
    handle = await openDatabase<Db>({
      dataDir: 'memory://',
      schema: 'list_test',
      label: 'resource-list.spec',
      migrations: {
        '001-thing': {
          up: async (k: Kysely<unknown>) => {
            await sql`create table thing (id integer primary key, store_id integer not null, name text not null, status smallint not null,
              price integer not null, created_at timestamptz not null)`.execute(k);
          },
        },
      },
    });
    db = handle.db;
    const rows: ThingTable[] = [];
    // Store 1: 12 visible things (prices repeat so the tie-breaker matters) and 1 hidden by `where`.
    for (let i = 1; i <= 12; i++) rows.push({ id: i, store_id: 1, name: `thing ${i}`, status: (i % 3) + 1, price: (i % 4) * 50, created_at: new Date(i * 1000_000) });
    rows.push({ id: 13, store_id: 1, name: 'hidden draft', status: 0, price: 1, created_at: new Date(0) });
    rows.push({ id: 14, store_id: 1, name: '100%_off', status: 1, price: 5, created_at: new Date(0) });
    // Store 2: things that must never reach store 1.
    rows.push({ id: 20, store_id: 2, name: 'thing of store 2', status: 1, price: 999, created_at: new Date(0) });
    rows.push({ id: 21, store_id: 2, name: 'thing 1 of store 2', status: 1, price: 50, created_at: new Date(0) });
    await db.insertInto('thing').values(rows).execute();
  });
  afterAll(() => handle.close());

  it('pages one store only, with the total of the filtered rows', async () => {
    const first = await page(1, {});
    expect([first.total, first.list.length, first.pageNum, first.pageSize]).toEqual([13, 5, 1, 5]);
    const ids = new Set<number>();
    for (let n = 1; n <= 3; n++) for (const row of (await page(1, { pageNum: n })).list) ids.add(row.id);
    expect(ids.size).toBe(13); // no row repeated or skipped across pages, although prices repeat
    expect(ids.has(13) || ids.has(20) || ids.has(21)).toBe(false);
    expect((await page(2, {})).total).toBe(2);
    // A filter naming another store's row finds nothing: the store condition is always there.
    expect((await page(1, { name: 'store 2' })).total).toBe(0);
    expect((await page(1, { pageNum: 9 })).list).toEqual([]);
  });

  it('applies each operator and skips empty values', async () => {
    expect((await page(1, { status: 2, pageSize: 20 })).list.map((r) => r.id).sort((a, b) => a - b)).toEqual([1, 4, 7, 10]);
    expect((await page(1, { statuses: [1], pageSize: 20 })).list.map((r) => r.id).sort((a, b) => a - b)).toEqual([3, 6, 9, 12, 14]);
    expect((await page(1, { priceMin: 100, priceMax: 100, pageSize: 20 })).list.map((r) => r.price)).toEqual([100, 100, 100]);
    expect((await page(1, { createdFrom: 10_000, pageSize: 20 })).list.map((r) => r.id).sort((a, b) => a - b)).toEqual([10, 11, 12]);
    expect((await page(1, { cheap: true, pageSize: 20 })).list.every((r) => r.price < 100)).toBe(true);
    expect((await page(1, { name: '', statuses: [], pageSize: 20 })).total).toBe(13);
  });

  it('matches % and _ literally in contains filters', async () => {
    expect(likePattern('100%_off')).toBe('%100\\%\\_off%');
    expect((await page(1, { name: '%' })).list.map((r) => r.name)).toEqual(['100%_off']);
    expect((await page(1, { name: '_' })).list.map((r) => r.name)).toEqual(['100%_off']);
  });

  it('sorts by a declared column in the asked order, else by the default', async () => {
    const byDefault = (await page(1, { pageSize: 20 })).list;
    expect(byDefault.map((r) => r.price)).toEqual([...byDefault.map((r) => r.price)].sort((a, b) => b - a));
    const asc = (await page(1, { sortField: 'price', sortOrder: 'asc', pageSize: 20 })).list;
    expect(asc.map((r) => r.price)).toEqual([...asc.map((r) => r.price)].sort((a, b) => a - b));
    const sameprice = asc.filter((r) => r.price === 0).map((r) => r.id);
    expect(sameprice).toEqual([...sameprice].sort((a, b) => a - b)); // tie-breaker in the same order
    const unknown = (await page(1, { sortField: 'secret', pageSize: 20 })).list;
    expect(unknown.map((r) => r.id)).toEqual(byDefault.map((r) => r.id));
  });

  it("takes a definition's own total when it answers one, and counts the rows when it answers undefined", async () => {
    const asked: Array<{ storeId: number; query: ListQuery }> = [];
    const known = defineResourceList<Thing, Db>({
      ...things.definition,
      total: async (_db, storeId, query) => {
        asked.push({ storeId, query });
        return query.status === undefined ? 1000 : undefined;
      },
    });
    const kept = await known.page(db, 1, { pageNum: 1, pageSize: 5 });
    expect([kept.total, kept.list.length]).toEqual([1000, 5]);
    expect((await known.page(db, 1, { pageNum: 1, pageSize: 20, status: 2 })).total).toBe(4);
    expect(asked.map((a) => a.storeId)).toEqual([1, 1]);
    // A page beyond the given total reads no rows.
    const none = defineResourceList<Thing, Db>({ ...things.definition, total: async () => 0 });
    expect((await none.page(db, 1, { pageNum: 1, pageSize: 5 })).list).toEqual([]);
  });
});
