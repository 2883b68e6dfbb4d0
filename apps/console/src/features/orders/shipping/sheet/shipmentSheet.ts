// Bulk shipping from a spreadsheet (issue 11): the template a merchant downloads and fills in, and the
// reading of a filled file into lines of text. Nothing here decides whether a line may be sent: that is
// checkSheetLines (sheetLines.ts), with the contract's own rules. exceljs is loaded on demand only
// (TOOLCHAIN.md: it is large), when the merchant downloads the template or picks a file.
import type { Cell, Workbook } from 'exceljs';
import { shippingMessages } from '../messages';

/** The template's columns. A file needs `orderNo` or `orderId`, and `carrier` and `trackingNo`. */
export const SHEET_COLUMNS = ['orderNo', 'orderId', 'carrier', 'trackingNo'] as const;
export type SheetColumn = (typeof SHEET_COLUMNS)[number];

/**
 * Lines one file may hold. Each bulkShip call takes at most 200 rows and the import sends them in
 * batches, so this bounds the work one file starts (and the browser's memory), not one call.
 */
export const MAX_SHEET_LINES = 2000;

/** One filled line as text, before any check. `line` is the sheet's row number, as Excel shows it. */
export interface SheetLine {
  line: number;
  orderNo: string;
  orderId: string;
  carrier: string;
  trackingNo: string;
  /** Columns whose cell held a number too long to keep every digit (the merchant must format it as text). */
  lostDigits: SheetColumn[];
}

export type SheetProblem = 'unreadable' | 'empty' | 'tooManyLines' | 'missingColumns';

export type SheetReadResult = { ok: true; lines: SheetLine[] } | { ok: false; problem: SheetProblem; missing?: SheetColumn[] };

type Language = keyof typeof shippingMessages;
const LANGUAGES = Object.keys(shippingMessages) as Language[];

const normalize = (text: string) => text.toLowerCase().replace(/[\s_\-()（）]/g, '');

/** Header texts a column is known by: its key and its label in every language (template headers are "label (key)"). */
const HEADER_NAMES: ReadonlyMap<string, SheetColumn> = new Map(
  SHEET_COLUMNS.flatMap((column) => [column, ...LANGUAGES.map((language) => shippingMessages[language].shipping.sheet.column[column])].map((name) => [normalize(name), column] as const)),
);

/** The column a header cell names: the whole text, or the part in brackets, or the part before them. */
export function columnOfHeader(header: string): SheetColumn | undefined {
  const bracket = /[(（]([^)）]*)[)）]/.exec(header);
  const candidates = [header, bracket?.[1] ?? '', header.split(/[(（]/)[0] ?? ''];
  for (const candidate of candidates) {
    const column = HEADER_NAMES.get(normalize(candidate));
    if (column) return column;
  }
  return undefined;
}

export function templateHeader(column: SheetColumn, language: Language): string {
  return `${shippingMessages[language].shipping.sheet.column[column]} (${column})`;
}

async function loadExcelJs() {
  const module = await import('exceljs');
  // CommonJS interop: bundlers expose module.exports as `default`, some as the namespace itself.
  return (module.default ?? module) as typeof module.default;
}

/** A cell as the merchant typed it. A number too long to be exact is reported, never silently sent. */
function cellText(cell: Cell): { text: string; lostDigits: boolean } {
  const value = cell.value;
  if (typeof value === 'number') return { text: Number.isSafeInteger(value) ? String(value) : cell.text, lostDigits: !Number.isSafeInteger(value) };
  return { text: (cell.text ?? '').trim(), lostDigits: false };
}

/** Reads the first sheet of an .xlsx file: the header row names the columns (any order), each later non-empty row is a line. */
export async function readShipmentSheet(bytes: ArrayBuffer | Uint8Array): Promise<SheetReadResult> {
  const ExcelJS = await loadExcelJs();
  const workbook: Workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as ArrayBuffer);
  } catch (_error) {
    return { ok: false, problem: 'unreadable' };
  }
  const sheet = workbook.worksheets[0];
  if (!sheet || sheet.actualRowCount === 0) return { ok: false, problem: 'empty' };

  const positions = new Map<SheetColumn, number>();
  sheet.getRow(1).eachCell((cell, index) => {
    const column = columnOfHeader(cellText(cell).text);
    if (column && !positions.has(column)) positions.set(column, index);
  });
  const missing: SheetColumn[] = [];
  if (!positions.has('orderNo') && !positions.has('orderId')) missing.push('orderNo');
  for (const column of ['carrier', 'trackingNo'] as const) if (!positions.has(column)) missing.push(column);
  if (missing.length) return { ok: false, problem: 'missingColumns', missing };

  const lines: SheetLine[] = [];
  for (let rowNumber = 2; rowNumber <= sheet.rowCount; rowNumber += 1) {
    const row = sheet.getRow(rowNumber);
    const line: SheetLine = { line: rowNumber, orderNo: '', orderId: '', carrier: '', trackingNo: '', lostDigits: [] };
    for (const [column, index] of positions) {
      const { text, lostDigits } = cellText(row.getCell(index));
      line[column] = text;
      if (lostDigits) line.lostDigits.push(column);
    }
    if (!line.orderNo && !line.orderId && !line.carrier && !line.trackingNo) continue;
    if (lines.length === MAX_SHEET_LINES) return { ok: false, problem: 'tooManyLines' };
    lines.push(line);
  }
  return lines.length ? { ok: true, lines } : { ok: false, problem: 'empty' };
}

export interface TemplateOrder {
  orderNo: string;
  orderId: number;
}

/**
 * The template: the four columns (text-formatted, so long numbers keep their digits), prefilled with the
 * chosen to-ship orders, and a second sheet listing the carriers a line may name.
 */
export async function buildShipmentTemplate(language: Language, orders: readonly TemplateOrder[], carriers: readonly { code: string; name: string }[]): Promise<Uint8Array> {
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  const texts = shippingMessages[language].shipping.sheet;
  const sheet = workbook.addWorksheet(texts.sheetName);
  sheet.columns = SHEET_COLUMNS.map((column) => ({ header: templateHeader(column, language), key: column, width: column === 'carrier' ? 18 : 26, style: { numFmt: '@' } }));
  for (const order of orders) sheet.addRow({ orderNo: order.orderNo, orderId: String(order.orderId), carrier: '', trackingNo: '' });
  sheet.getRow(1).font = { bold: true };
  const list = workbook.addWorksheet(texts.carrierSheetName);
  list.columns = [
    { header: texts.carrierName, key: 'name', width: 20 },
    { header: texts.carrierCode, key: 'code', width: 16 },
  ];
  for (const carrier of carriers) list.addRow(carrier);
  list.getRow(1).font = { bold: true };
  const buffer = await workbook.xlsx.writeBuffer();
  return new Uint8Array(buffer as ArrayBuffer);
}
