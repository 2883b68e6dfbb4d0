/**
 * @jest-environment node
 */
import ExcelJS from 'exceljs';
import { inProcessWorkerPair } from '../../test/in-process-worker';
import { toExcelSheetData } from './excel-export';
import { buildInWorker, installExcelWorker } from './excel-worker';

describe('Excel export worker', () => {
  it('builds the workbook in the worker, reporting progress up to every row', async () => {
    const { page, scope } = inProcessWorkerPair();
    installExcelWorker(scope);
    const rows = Array.from({ length: 1_200 }, (_, i) => ({ orderNo: `A${i + 1}`, amount: i }));
    const sheet = toExcelSheetData({ fileName: 'orders', rows, columns: [{ header: 'Order', key: 'orderNo' }, { header: 'Amount', key: 'amount' }] });
    const progress: number[] = [];
    const bytes = await buildInWorker(page, sheet, (written, total) => progress.push(written / total));
    expect(progress).toEqual([500 / 1200, 1000 / 1200, 1]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(bytes) as never);
    const read = workbook.worksheets[0]!;
    expect(read.rowCount).toBe(1_201);
    expect(read.getRow(1_201).values).toEqual([undefined, 'A1200', 1199]);
  });

  it('passes a failure in the worker back to the page', async () => {
    const { page, scope } = inProcessWorkerPair();
    installExcelWorker(scope);
    const broken = { sheetName: 'a/b', columns: [{ header: 'a', width: 10 }], cells: [[1]] }; // exceljs refuses '/' in sheet names
    await expect(buildInWorker(page, broken)).rejects.toThrow(/cannot include/);
  });
});
