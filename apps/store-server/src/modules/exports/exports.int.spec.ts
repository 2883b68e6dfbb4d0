// Asynchronous list exports against a real store-server and database (PGlite, or PostgreSQL when
// DATABASE_URL is set): a 25,000-row filtered goods export finishes and its xlsx reads back with
// exceljs; another store's job is not found; bad input is refused with a clear message and no job.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXPORT_JOB_STATE, GOODS_STATUS, GOODS_STATUS_LABELS, exportEndpoints as e, type ExportJob } from '@merchant/api-contracts';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { startTestServer, type TestHarness } from '../../testing/harness';

const OK = '00000000';
const DEMO = 1001;
const BULK_ROWS = 25_000;

let h: TestHarness;
let mediaDir: string;

beforeAll(async () => {
  mediaDir = mkdtempSync(join(tmpdir(), 'store-exports-'));
  process.env.MEDIA_DIR = mediaDir;
  h = await startTestServer();
});
afterAll(async () => {
  await h.close();
  delete process.env.MEDIA_DIR;
  rmSync(mediaDir, { recursive: true, force: true });
});

const jobCount = async () => Number((await sql<{ n: string }>`select count(*) as n from store_export_job`.execute(h.database.db)).rows[0]!.n);

/** Polls export/status until the job ends (the console polls at 1 s; a test may poll faster). */
async function waitForJob(jobId: number, token: string, limitMs = 120_000): Promise<ExportJob> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const status = await h.call<ExportJob>(e.status.path, { jobId }, token);
    expect(status.code).toBe(OK);
    if (status.data.state === EXPORT_JOB_STATE.done || status.data.state === EXPORT_JOB_STATE.failed) return status.data;
    if (Date.now() > deadline) throw new Error(`export job ${jobId} still in state ${status.data.state} (${status.data.processed}/${status.data.total})`);
    await new Promise((resolve) => setTimeout(resolve, 250)); // fixed wait: poll interval; the deadline above bounds the wait
  }
}

async function readSheet(url: string) {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('spreadsheetml');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
  return { sheet: workbook.worksheets[0]!, disposition: response.headers.get('content-disposition') ?? '' };
}

describe('export jobs', () => {
  let demo: string;
  let other: string;

  beforeAll(async () => {
    demo = await h.login('demo_merchant', 'Demo12345');
    other = await h.login('demo_service', 'Demo12345');
    // 25,000 on-shelf goods the filter keeps, 300 off-shelf ones with the same title it drops (the 220
    // seeded goods have other titles and are dropped too).
    await sql`
      insert into store_goods (store_id, status, brand_name, title, min_price_cents, created_at, updated_at)
      select ${sql.lit(DEMO)}, case when n <= ${sql.lit(BULK_ROWS)} then ${sql.lit(GOODS_STATUS.onShelf)} else ${sql.lit(GOODS_STATUS.offShelf)} end, 'BulkBrand',
             'Export row ' || n, n, now() - (n || ' seconds')::interval, now()
      from generate_series(1, ${sql.lit(BULK_ROWS + 300)}) as n`.execute(h.database.db);
    await sql`analyze store_goods`.execute(h.database.db);
  });

  it('builds a 25,000-row filtered goods export in the background; the xlsx reads back with the filter applied', async () => {
    const created = await h.call<ExportJob>(
      e.create.path,
      { resource: 'goods.list', filters: { status: GOODS_STATUS.onShelf, title: 'Export row' }, sort: { field: 'price', order: 'asc' }, fileName: 'goods: on/shelf?' },
      demo,
    );
    expect(created.code).toBe(OK);
    expect(created.data.state).toBe(EXPORT_JOB_STATE.queued);
    expect(created.data.total).toBe(BULK_ROWS);
    expect(created.data.fileName).toBe('goods_ on_shelf_.xlsx');
    expect(created.data.downloadUrl).toBe('');
    expect(created.data.expireTime - created.data.createTime).toBe(24 * 3600);

    const done = await waitForJob(created.data.jobId, demo);
    expect([done.state, done.msg, done.processed, done.total, done.progress]).toEqual([EXPORT_JOB_STATE.done, '', BULK_ROWS, BULK_ROWS, 100]);
    expect(done.downloadUrl).toContain('/v1/store/export/file?');

    const { sheet, disposition } = await readSheet(done.downloadUrl);
    expect(disposition).toContain("filename*=UTF-8''goods_%20on_shelf_.xlsx");
    expect(sheet.rowCount).toBe(BULK_ROWS + 1);
    const header = sheet.getRow(1).values as unknown[];
    expect(header).toEqual(expect.arrayContaining(['Goods ID', 'Title', 'Status', 'Lowest price (yuan)']));
    const titleColumn = header.indexOf('Title');
    const statusColumn = header.indexOf('Status');
    const priceColumn = header.indexOf('Lowest price (yuan)');
    const titles = new Set<string>();
    let previousPrice = -1;
    let wrong = 0;
    sheet.eachRow((row, index) => {
      if (index === 1) return;
      const title = String(row.getCell(titleColumn).value);
      const price = Number(row.getCell(priceColumn).value);
      if (!title.startsWith('Export row ') || row.getCell(statusColumn).value !== GOODS_STATUS_LABELS.labels[GOODS_STATUS.onShelf]['en-US'] || price < previousPrice) wrong++;
      previousPrice = price;
      titles.add(title);
    });
    expect(wrong).toBe(0);
    expect(titles.size).toBe(BULK_ROWS); // no row twice, none skipped
    expect(titles.has(`Export row ${BULK_ROWS + 1}`)).toBe(false); // off shelf: filtered out
    expect(Number(sheet.getRow(2).getCell(priceColumn).value)).toBe(0.01); // cents → yuan, ascending
    // jest's bound covers waitForJob's own 120 s and the sheet's read: on a loaded machine the 60 s default cut it short.
  }, 180_000);

  it('writes the goods list in the language it was asked in: categories named as the list screen names them (issue 35 §8)', async () => {
    const goods = await h.database.db.selectFrom('store_goods').select('id').where('store_id', '=', DEMO).where('category_id', '=', 11).where('status', '<>', GOODS_STATUS.draft).orderBy('id').executeTakeFirstOrThrow();
    const categoryIn = async (language: 'zh-CN' | 'en-US') => {
      const created = await h.client(demo, 'none', language).request<ExportJob>(e.create.path, { resource: 'goods.list', filters: { goodsId: goods.id }, fileName: `goods-${language}` });
      expect(created.code).toBe(OK);
      const done = await waitForJob(created.data!.jobId, demo);
      const { sheet } = await readSheet(done.downloadUrl);
      const header = sheet.getRow(1).values as unknown[];
      const column = header.indexOf(language === 'zh-CN' ? '类目' : 'Category');
      expect([sheet.rowCount, column > 0]).toEqual([2, true]);
      return sheet.getRow(2).getCell(column).value;
    };
    expect(await categoryIn('zh-CN')).toBe('瓷砖');
    expect(await categoryIn('en-US')).toBe('Tiles');
  });

  it('writes the sales-stock spec column in the language it was asked in, by the labels the list screen shows (issue 35 §8)', async () => {
    // A seeded tile SKU stored with the keys { Size: '600x600', Finish: 'matte' } (category 11's reference specs).
    const sku = await h.database.db
      .selectFrom('store_goods_sku as s')
      .innerJoin('store_goods as g', 'g.id', 's.goods_id')
      .select(['s.id', 's.goods_id'])
      .where('g.store_id', '=', DEMO)
      .where('g.category_id', '=', 11)
      .where(sql<boolean>`s.spec_values ->> 'Size' = '600x600' and s.spec_values ->> 'Finish' = 'matte'`)
      .orderBy('s.id')
      .executeTakeFirstOrThrow();
    const specIn = async (language: 'zh-CN' | 'en-US') => {
      const created = await h.client(demo, 'none', language).request<ExportJob>(e.create.path, { resource: 'goods.skuStock', filters: { goodsId: sku.goods_id }, fileName: `stock-${language}` });
      expect(created.code).toBe(OK);
      const done = await waitForJob(created.data!.jobId, demo);
      const { sheet } = await readSheet(done.downloadUrl);
      const header = sheet.getRow(1).values as unknown[];
      const [idColumn, specColumn] = [header.indexOf('SKU ID'), header.indexOf(language === 'zh-CN' ? '规格' : 'Specs')];
      expect([idColumn > 0, specColumn > 0]).toEqual([true, true]);
      const rows = Array.from({ length: sheet.rowCount - 1 }, (_, index) => sheet.getRow(index + 2));
      return rows.find((row) => Number(row.getCell(idColumn).value) === sku.id)?.getCell(specColumn).value;
    };
    expect(await specIn('zh-CN')).toBe('尺寸：600x600 / 表面：哑光');
    expect(await specIn('en-US')).toBe('Size: 600x600 / Finish: matte');
  });

  it("answers another store's job id as not found, and refuses a tampered download link", async () => {
    const created = await h.call<ExportJob>(e.create.path, { resource: 'inventory.item', fileName: '库存' }, demo);
    expect(created.code).toBe(OK);
    const theirs = await h.call<ExportJob>(e.status.path, { jobId: created.data.jobId }, other);
    expect(theirs.code).toBe('10100004');
    expect(theirs.msg).toMatch(/no such export job/);
    const done = await waitForJob(created.data.jobId, demo);
    expect(done.state).toBe(EXPORT_JOB_STATE.done);
    const { sheet } = await readSheet(done.downloadUrl);
    expect(sheet.rowCount).toBeGreaterThan(1);
    const tampered = done.downloadUrl.replace(/jobId=\d+/, `jobId=${created.data.jobId + 1000}`);
    expect((await fetch(tampered)).status).toBe(404);
    expect((await fetch(done.downloadUrl.replace(/signature=[^&]+/, 'signature=forged'))).status).toBe(404);
  });

  it('refuses bad input with a clear message and records no job', async () => {
    const before = await jobCount();
    const cases: Array<[unknown, RegExp]> = [
      [{ resource: 'goods.nothing', fileName: 'x' }, /choose a valid resource/],
      [{ resource: 'goods.list', fileName: '   ' }, /fileName is required/],
      [{ resource: 'goods.list', fileName: 'x', filters: { status: 99 } }, /choose a valid status/],
      [{ resource: 'goods.list', fileName: 'x', sort: { field: 'colour', order: 'asc' } }, /choose a valid sortField/],
      [{ resource: 'goods.list', fileName: 'x', filters: { title: 'no goods has this title' } }, /nothing to export/],
    ];
    for (const [biz, message] of cases) {
      const answer = await h.call(e.create.path, biz, demo);
      expect([answer.code, answer.msg]).toEqual(['10100001', expect.stringMatching(message)]);
    }
    expect(await jobCount()).toBe(before);
    expect((await h.call(e.status.path, { jobId: 0 }, demo)).code).toBe('10100001');
  });

  it('checks the exported list’s own permission code', async () => {
    const staff = await h.login('demo_staff', 'Demo12345');
    await sql`delete from store_role_permission where permission_code = 'goods:view'`.execute(h.database.db);
    const before = await jobCount();
    const answer = await h.call(e.create.path, { resource: 'goods.list', fileName: 'x' }, staff);
    expect(answer.code).toBe('10100003');
    expect(await jobCount()).toBe(before);
  });
});
