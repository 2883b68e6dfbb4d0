import { UiKitError } from '../errors';
import { DEFAULT_UI_KIT_LOCALE, uiKitText, type UiKitLocale } from '../i18n/messages';

import { EXCEL_EXTENSION, EXCEL_MIME, sanitizeExportFileName } from './file-name';

export { EXCEL_EXTENSION, EXCEL_MIME, sanitizeExportFileName };

export type ExcelCellValue = string | number | boolean | Date | null | undefined;

export interface ExcelColumn<Row> {
  header: string;
  /** Property read from each row, unless `value` is given. */
  key: string;
  value?: (row: Row) => ExcelCellValue;
  width?: number;
}

export interface ExcelExportOptions<Row> {
  fileName: string;
  columns: readonly ExcelColumn<Row>[];
  rows: readonly Row[];
  sheetName?: string;
  locale?: UiKitLocale;
}

/** A sheet as plain data: what crosses into the export worker (functions cannot be posted). */
export interface ExcelSheetData {
  sheetName: string;
  columns: { header: string; width: number }[];
  cells: ExcelCellValue[][];
}

/** Progress of building a workbook: rows written so far of all rows. */
export type ExcelProgressListener = (written: number, total: number) => void;

/** §5: rejects empty or non-array data with 'table data cannot be empty and must be an array'. */
export function assertExportRows(rows: unknown, locale: UiKitLocale = DEFAULT_UI_KIT_LOCALE): void {
  if (!Array.isArray(rows) || rows.length === 0) {
    throw new UiKitError('EXPORT_EMPTY_DATA', 'exportEmptyData', uiKitText('exportEmptyData', locale));
  }
}

export function exportFailed(locale: UiKitLocale = DEFAULT_UI_KIT_LOCALE, cause?: unknown): UiKitError {
  return new UiKitError('EXPORT_FAILED', 'exportFailed', uiKitText('exportFailed', locale), { cause });
}

function cellOf<Row>(row: Row, column: ExcelColumn<Row>): ExcelCellValue {
  if (column.value) return column.value(row);
  const value = (row as Record<string, unknown>)[column.key];
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) {
    return value;
  }
  return JSON.stringify(value);
}

/** Reads every cell on the caller's side, so only plain values travel to a worker. */
export function toExcelSheetData<Row>(options: ExcelExportOptions<Row>): ExcelSheetData {
  assertExportRows(options.rows, options.locale);
  return {
    sheetName: options.sheetName ?? 'Sheet1',
    columns: options.columns.map((column) => ({ header: column.header, width: column.width ?? 20 })),
    cells: options.rows.map((row) => options.columns.map((column) => cellOf(row, column))),
  };
}

const PROGRESS_EVERY_ROWS = 500;

/**
 * Builds workbook bytes from plain sheet data. exceljs is imported on demand so it stays out of the
 * main bundle (TOOLCHAIN.md: it is large and drags old transitive packages). Runs on the page or in
 * the export worker alike.
 */
export async function writeExcelSheet(sheetData: ExcelSheetData, onProgress?: ExcelProgressListener): Promise<Uint8Array> {
  const module = await import('exceljs');
  // CommonJS interop: bundlers expose module.exports as `default`, some as the namespace itself.
  const ExcelJS = (module.default ?? module) as typeof module.default;
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetData.sheetName);
  sheet.columns = sheetData.columns.map((column) => ({ header: column.header, width: column.width }));
  const total = sheetData.cells.length;
  sheetData.cells.forEach((cells, index) => {
    sheet.addRow(cells);
    if ((index + 1) % PROGRESS_EVERY_ROWS === 0) onProgress?.(index + 1, total);
  });
  onProgress?.(total, total);
  const buffer = await workbook.xlsx.writeBuffer();
  return new Uint8Array(buffer as ArrayBuffer);
}

/** Builds the workbook bytes on the current thread. Rejects with EXPORT_EMPTY_DATA or EXPORT_FAILED. */
export async function buildExcelWorkbook<Row>(options: ExcelExportOptions<Row>, onProgress?: ExcelProgressListener): Promise<Uint8Array> {
  const sheetData = toExcelSheetData(options);
  try {
    return await writeExcelSheet(sheetData, onProgress);
  } catch (error) {
    throw exportFailed(options.locale, error);
  }
}

/** Saves bytes under a file name; the default downloads through an object URL in a browser. */
export type FileSaver = (bytes: Uint8Array, fileName: string, mimeType: string) => void;

export const downloadInBrowser: FileSaver = (bytes, fileName, mimeType) => {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
};

/** Saves built bytes as `<fileName>.xlsx`; a failing save is EXPORT_FAILED. */
export function saveExcelFile(bytes: Uint8Array, fileName: string, save: FileSaver = downloadInBrowser, locale?: UiKitLocale): string {
  const safeName = sanitizeExportFileName(fileName);
  try {
    save(bytes, safeName, EXCEL_MIME);
  } catch (error) {
    throw exportFailed(locale, error);
  }
  return safeName;
}

/** Exports rows to `<fileName>.xlsx`. Rejects with UiKitError EXPORT_EMPTY_DATA or EXPORT_FAILED. */
export async function exportToExcel<Row>(options: ExcelExportOptions<Row>, save: FileSaver = downloadInBrowser): Promise<string> {
  const bytes = await buildExcelWorkbook(options);
  return saveExcelFile(bytes, options.fileName, save, options.locale);
}
