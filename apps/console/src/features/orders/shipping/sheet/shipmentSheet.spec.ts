// Reading a filled shipping sheet (real .xlsx bytes written by exceljs, as Excel would save them) and
// checking its lines before anything is sent: a good file, a file missing a column, bad lines, and the
// template read back.
import ExcelJS from 'exceljs';
import { buildShipmentTemplate, columnOfHeader, readShipmentSheet, type SheetLine } from './shipmentSheet';
import { draftErrors, draftFromLine, toShipIndex } from './shipDrafts';

async function xlsx(rows: unknown[][], configure?: (sheet: ExcelJS.Worksheet) => void): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('any name');
  for (const row of rows) sheet.addRow(row);
  configure?.(sheet);
  return new Uint8Array((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
}

const TO_SHIP = toShipIndex(
  [
    { orderId: 11, orderNo: 'O2026000011' },
    { orderId: 12, orderNo: 'O2026000012' },
    { orderId: 13, orderNo: 'O2026000013' },
    { orderId: 14, orderNo: 'O2026000014' },
  ],
  true,
);

async function linesOf(bytes: Uint8Array): Promise<SheetLine[]> {
  const read = await readShipmentSheet(bytes);
  if (!read.ok) throw new Error(`expected a readable sheet, got ${read.problem}`);
  return read.lines;
}

describe('reading a shipping sheet', () => {
  it('reads a good file in any column order, by English or Chinese headers, skipping empty rows', async () => {
    const bytes = await xlsx([
      ['运单号', 'Carrier', 'order no.'],
      ['SF1001', '顺丰速运', 'O2026000011'],
      [],
      [123456789, 'zto', 'O2026000012'],
    ]);
    const lines = await linesOf(bytes);
    expect(lines).toEqual([
      { line: 2, orderNo: 'O2026000011', orderId: '', carrier: '顺丰速运', trackingNo: 'SF1001', lostDigits: [] },
      { line: 4, orderNo: 'O2026000012', orderId: '', carrier: 'zto', trackingNo: '123456789', lostDigits: [] },
    ]);
    const drafts = lines.map((line) => draftFromLine(line, TO_SHIP));
    expect(drafts.map((d) => [d.orderId, d.carrier, d.trackingNo])).toEqual([
      [11, 'SF', 'SF1001'],
      [12, 'ZTO', '123456789'],
    ]);
    expect(draftErrors(drafts)).toEqual([[], []]);
  });

  it('names the missing columns of a file and reads no lines', async () => {
    await expect(readShipmentSheet(await xlsx([['orderNo', 'tracking no.'], ['O2026000011', 'SF1']]))).resolves.toEqual({ ok: false, problem: 'missingColumns', missing: ['carrier'] });
    await expect(readShipmentSheet(await xlsx([['carrier', 'trackingNo'], ['SF', 'SF1']]))).resolves.toEqual({ ok: false, problem: 'missingColumns', missing: ['orderNo'] });
  });

  it('refuses a file that is not a workbook, and one with headers only', async () => {
    await expect(readShipmentSheet(new TextEncoder().encode('orderNo,carrier,trackingNo\n1,SF,2'))).resolves.toEqual({ ok: false, problem: 'unreadable' });
    await expect(readShipmentSheet(await xlsx([['orderId', 'carrier', 'trackingNo']]))).resolves.toEqual({ ok: false, problem: 'empty' });
  });

  it('gives each bad line its own errors and leaves the good ones clean', async () => {
    const bytes = await xlsx([
      ['orderNo', 'orderId', 'carrier', 'trackingNo'],
      ['O2026000011', '', 'SF', 'SF 1'], // 2: tracking with a space
      ['', '', 'SF', 'SF2'], // 3: no order
      ['O2099', '', 'SF', 'SF3'], // 4: order number not to ship
      ['', '13', 'Pigeon Post', ''], // 5: unknown carrier, no tracking
      ['', 'abc', 'SF', 'SF5'], // 6: bad id
      ['O2026000012', '11', 'SF', 'SF6'], // 7: number and id of different orders
      ['', '99', 'SF', 'SF7'], // 8: id not among orders to ship
      ['O2026000012', '', 'EMS', 'E'.repeat(41)], // 9: tracking too long
      ['', '13', 'JD', 'JD9'], // 10: same order as line 5
      ['O2026000014', '', 'SF', Number('1234567890123456789')], // 11: a number that lost digits
    ]);
    const drafts = (await linesOf(bytes)).map((line) => draftFromLine(line, TO_SHIP));
    const errors = draftErrors(drafts).map((list) => list.map((error) => [error.key, error.values ?? {}]));
    expect(errors).toEqual([
      [['trackingFormat', {}]],
      [['orderMissing', {}]],
      [['orderNoUnknown', { orderNo: 'O2099' }]],
      [['carrierUnknown', { carrier: 'Pigeon Post' }], ['trackingMissing', {}]],
      [['orderIdInvalid', {}]],
      [['orderMismatch', {}]],
      [['orderNotToShip', {}]],
      [['trackingTooLong', { max: 40 }]],
      [['duplicate', { line: 5 }]],
      [['lostDigits', { column: 'trackingNo' }]],
    ]);
    // The order number of a line given by id comes from the to-ship list.
    expect(drafts[3]).toMatchObject({ orderId: 13, orderNo: 'O2026000013' });
  });

  it('reads back its own template: headers in either language, the prefilled orders as text', async () => {
    const carriers = [{ code: 'SF', name: '顺丰速运' }];
    for (const language of ['zh-CN', 'en-US'] as const) {
      const template = await buildShipmentTemplate(language, [{ orderNo: 'O2026000011', orderId: 11 }], carriers);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(template as unknown as ArrayBuffer);
      expect(workbook.worksheets.map((sheet) => sheet.actualRowCount)).toEqual([2, 2]);
      // A merchant fills carrier and tracking number in the first sheet and imports it.
      const sheet = workbook.worksheets[0]!;
      sheet.getCell('C2').value = 'SF';
      sheet.getCell('D2').value = 'SF1001';
      const filled = new Uint8Array((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
      expect(await linesOf(filled)).toEqual([{ line: 2, orderNo: 'O2026000011', orderId: '11', carrier: 'SF', trackingNo: 'SF1001', lostDigits: [] }]);
    }
  });

  it('matches header texts with spaces, brackets and case ignored', () => {
    expect(columnOfHeader('订单编号 (orderNo)')).toBe('orderNo');
    expect(columnOfHeader(' Tracking No. ')).toBe('trackingNo');
    expect(columnOfHeader('ORDER_ID')).toBe('orderId');
    expect(columnOfHeader('物流公司（carrier）')).toBe('carrier');
    expect(columnOfHeader('remark')).toBeUndefined();
  });
});
