// console-spec §9 export file names, without exceljs or React: the browser exporter and the servers'
// export jobs (through `@merchant/ui-kit/format`) share this one rule.

/** console-spec §9: export files are .xlsx. */
export const EXCEL_EXTENSION = '.xlsx';
export const EXCEL_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
// Characters Windows, macOS or Linux refuse in a file name, plus control characters.
// eslint-disable-next-line no-control-regex
const ILLEGAL_FILE_NAME_CHARS = /[\\/:*?"<>|\u0000-\u001f]/g;

/** console-spec §9: illegal characters become '_' and the extension is .xlsx. */
export function sanitizeExportFileName(fileName: string): string {
  const base = fileName.trim().replace(/\.xlsx$/i, '').replace(ILLEGAL_FILE_NAME_CHARS, '_') || 'export';
  return `${base}${EXCEL_EXTENSION}`;
}
