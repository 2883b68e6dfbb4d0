// After-sales lists as server export jobs (modules/exports, docs/orders.md "Exports"), against a real
// store-server and database: a filtered refund export and the complaint export hold exactly the rows their
// list call answers for the same filter, money in yuan; another store finds none of this store's rows to export.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXPORT_JOB_STATE, afterSalesEndpoints as A, exportEndpoints as e, type ComplaintRow, type ExportJob, type PageOf, type RefundRow } from '@merchant/api-contracts';
import ExcelJS from 'exceljs';
import { startTestServer, type TestHarness } from '../../testing/harness';

const OK = '00000000';

describe('after-sales exports', () => {
  let h: TestHarness;
  let demo: string;
  let other: string;
  let mediaDir: string;

  beforeAll(async () => {
    mediaDir = mkdtempSync(join(tmpdir(), 'store-after-sales-exports-'));
    process.env.MEDIA_DIR = mediaDir;
    h = await startTestServer();
    demo = await h.login('demo_merchant', 'Demo12345');
    other = await h.login('demo_service', 'Demo12345');
  });
  afterAll(async () => {
    await h.close();
    delete process.env.MEDIA_DIR;
    rmSync(mediaDir, { recursive: true, force: true });
  });

  /** Creates the job, waits for it to end, and answers the sheet's rows under the header. */
  async function exported(resource: string, filters: Record<string, unknown>, token: string): Promise<unknown[][]> {
    const created = await h.call<ExportJob>(e.create.path, { resource, filters, fileName: resource }, token);
    expect([created.code, created.msg]).toEqual([OK, 'success']);
    let job = created.data;
    for (let polls = 0; job.state !== EXPORT_JOB_STATE.done && job.state !== EXPORT_JOB_STATE.failed; polls += 1) {
      if (polls > 400) throw new Error(`export job ${job.jobId} still in state ${job.state}`);
      await new Promise((resolve) => setTimeout(resolve, 250)); // fixed wait: poll interval; the poll count bounds the wait
      job = (await h.call<ExportJob>(e.status.path, { jobId: job.jobId }, token)).data;
    }
    expect([job.state, job.msg]).toEqual([EXPORT_JOB_STATE.done, '']);
    const response = await fetch(job.downloadUrl);
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row, index) => {
      if (index > 1) rows.push((row.values as unknown[]).slice(1));
    });
    return rows;
  }

  it('exports the refunds of a status tab: the rows the list answers, amounts in yuan', async () => {
    const list = await h.call<PageOf<RefundRow>>(A.refundList.path, { status: 2, pageNum: 1, pageSize: 100 }, demo);
    expect(list.code).toBe(OK);
    expect(list.data.total).toBeGreaterThan(0);
    const rows = await exported('afterSales.refunds', { status: 2 }, demo);
    expect(rows.map((row) => row[0])).toEqual(list.data.list.map((row) => row.refundNo));
    expect(rows.map((row) => row[4])).toEqual(list.data.list.map((row) => row.amountCents / 100));
    expect(rows.map((row) => row[1])).toEqual(list.data.list.map((row) => row.orderNo));
  });

  it("exports the complaints; another store finds none of this store's rows to export", async () => {
    const list = await h.call<PageOf<ComplaintRow>>(A.complaintList.path, { pageNum: 1, pageSize: 100 }, demo);
    expect(list.data.total).toBeGreaterThan(0);
    const rows = await exported('afterSales.complaints', {}, demo);
    expect(rows.map((row) => row[0])).toEqual(list.data.list.map((row) => row.complaintNo));

    // Another store naming this store's numbers in the filter finds nothing to export: no job, no file.
    const refunds = await h.call<PageOf<RefundRow>>(A.refundList.path, { pageNum: 1, pageSize: 5 }, demo);
    const cases: Array<[string, Record<string, unknown>]> = [
      ['afterSales.complaints', { complaintNo: list.data.list[0]!.complaintNo }],
      ['afterSales.refunds', { refundNo: refunds.data.list[0]!.refundNo }],
    ];
    for (const [resource, filters] of cases) {
      expect((await exported(resource, filters, demo)).length).toBe(1);
      const theirs = await h.call<ExportJob>(e.create.path, { resource, filters, fileName: resource }, other);
      expect([theirs.code, theirs.msg]).toEqual(['10100001', expect.stringMatching(/nothing to export/)]);
    }
  });
});
