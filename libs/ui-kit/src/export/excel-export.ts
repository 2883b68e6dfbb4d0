import { UiKitError } from '../errors';
import { DEFAULT_UI_KIT_LOCALE, uiKitText, type UiKitLocale } from '../i18n/messages';

/** console-spec §9: export files are .xlsx. */
export const EXCEL_EXTENSION = '.xlsx';
const EXCEL_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
// Characters Windows, macOS or Linux refuse in a file name, plus control characters.
// eslint-disable-next-line no-control-regex
const ILLEGAL_FILE_NAME_CHARS = /[\\/:*?"<>|\u0000-\u001f]/g;

export interface ExcelColumn<Row> {
  header: string;
  /** Property read from each row, unless `value` is given. */
  key: string;
  value?: (row: Row) => string | number | boolean | Date | null | undefined;
  width?: number;
}

export interface ExcelExportOptions<Row> {
  fileName: string;
  columns: readonly ExcelColumn<Row>[];
  rows: readonly Row[];
  sheetName?: string;
  locale?: UiKitLocale;
}

/** console-spec §9: illegal characters become '_' and the extension is .xlsx. */
export function sanitizeExportFileName(fileName: string): string {
  const base = fileName.trim().replace(/\.xlsx$/i, '').replace(ILLEGAL_FILE_NAME_CHARS, '_') || 'export';
  return `${base}${EXCEL_EXTENSION}`;
}

function assertRows(rows: unknown, locale: UiKitLocale): void {
  if (!Array.isArray(rows) || rows.length === 0) {
    throw new UiKitError('EXPORT_EMPTY_DATA', 'exportEmptyData', uiKitText('exportEmptyData', locale));
  }
}

type CellValue = string | number | boolean | Date | null | undefined;

function cellOf<Row>(row: Row, column: ExcelColumn<Row>): CellValue {
  if (column.value) return column.value(row);
  const value = (row as Record<string, unknown>)[column.key];
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) {
    return value;
  }
  return JSON.stringify(value);
}

/**
 * Builds the workbook bytes. exceljs is imported on demand so it stays out of the main bundle
 * (TOOLCHAIN.md: it is large and drags old transitive packages).
 */
export async function buildExcelWorkbook<Row>(options: ExcelExportOptions<Row>): Promise<Uint8Array> {
  const locale = options.locale ?? DEFAULT_UI_KIT_LOCALE;
  assertRows(options.rows, locale);
  try {
    const module = await import('exceljs');
    // CommonJS interop: bundlers expose module.exports as `default`, some as the namespace itself.
    const ExcelJS = (module.default ?? module) as typeof module.default;
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet(options.sheetName ?? 'Sheet1');
    sheet.columns = options.columns.map((column) => ({ header: column.header, key: column.key, width: column.width ?? 20 }));
    for (const row of options.rows) {
      sheet.addRow(Object.fromEntries(options.columns.map((column) => [column.key, cellOf(row, column)])));
    }
    const buffer = await workbook.xlsx.writeBuffer();
    return new Uint8Array(buffer as ArrayBuffer);
  } catch (error) {
    throw new UiKitError('EXPORT_FAILED', 'exportFailed', uiKitText('exportFailed', locale), { cause: error });
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

/** Exports rows to `<fileName>.xlsx`. Rejects with UiKitError EXPORT_EMPTY_DATA or EXPORT_FAILED. */
export async function exportToExcel<Row>(options: ExcelExportOptions<Row>, save: FileSaver = downloadInBrowser): Promise<string> {
  const bytes = await buildExcelWorkbook(options);
  const fileName = sanitizeExportFileName(options.fileName);
  try {
    save(bytes, fileName, EXCEL_MIME);
  } catch (error) {
    throw new UiKitError('EXPORT_FAILED', 'exportFailed', uiKitText('exportFailed', options.locale ?? DEFAULT_UI_KIT_LOCALE), {
      cause: error,
    });
  }
  return fileName;
}
