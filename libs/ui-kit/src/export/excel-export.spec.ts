/**
 * @jest-environment node
 */
import ExcelJS from 'exceljs';
import { UiKitError } from '../errors';
import { buildExcelWorkbook, exportToExcel, sanitizeExportFileName } from './excel-export';

const columns = [
  { header: 'Order', key: 'orderNo' },
  { header: 'Amount (yuan)', key: 'amount', value: (row: { amount: number }) => row.amount / 100 },
];

describe('Excel export (§5, §8, §9)', () => {
  it('replaces illegal file name characters and adds .xlsx', () => {
    expect(sanitizeExportFileName('orders: 2024/01*?')).toBe('orders_ 2024_01__.xlsx');
    expect(sanitizeExportFileName('report.xlsx')).toBe('report.xlsx');
    expect(sanitizeExportFileName('  ')).toBe('export.xlsx');
  });

  it.each([[[]], [null], [{ length: 1 }]])('rejects empty or non-array data %p', async (rows) => {
    const attempt = buildExcelWorkbook({ fileName: 'x', columns, rows: rows as never, locale: 'en-US' });
    await expect(attempt).rejects.toBeInstanceOf(UiKitError);
    await expect(attempt).rejects.toMatchObject({
      code: 'EXPORT_EMPTY_DATA',
      message: 'table data cannot be empty and must be an array',
    });
  });

  it('writes a workbook exceljs can read back', async () => {
    const rows = [
      { orderNo: 'A1', amount: 1999 },
      { orderNo: 'A2', amount: 50 },
    ];
    const saved: { name: string; bytes: Uint8Array; mime: string }[] = [];
    const fileName = await exportToExcel({ fileName: 'orders|today', columns, rows }, (bytes, name, mime) =>
      saved.push({ bytes, name, mime }),
    );
    expect(fileName).toBe('orders_today.xlsx');
    expect(saved[0]!.mime).toMatch(/spreadsheetml/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(saved[0]!.bytes) as never);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Order', 'Amount (yuan)']);
    expect(sheet.getRow(2).values).toEqual([undefined, 'A1', 19.99]);
    expect(sheet.rowCount).toBe(3);
  });

  it('reports a failing save as export failed, please retry', async () => {
    const attempt = exportToExcel({ fileName: 'x', columns, rows: [{ orderNo: 'A', amount: 1 }], locale: 'en-US' }, () => {
      throw new Error('disk full');
    });
    await expect(attempt).rejects.toMatchObject({ code: 'EXPORT_FAILED', message: 'export failed, please retry' });
  });
});
