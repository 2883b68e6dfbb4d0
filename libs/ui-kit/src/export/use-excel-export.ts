import { useCallback, useState } from 'react';
import { useUiKitLocale } from '../i18n/locale-context';
import { UiKitError } from '../errors';
import {
  downloadInBrowser,
  exportFailed,
  saveExcelFile,
  toExcelSheetData,
  writeExcelSheet,
  type ExcelExportOptions,
  type FileSaver,
} from './excel-export';
import { buildInWorker, type ExcelWorkerEndpoint } from './excel-worker';

/** Above this many rows the workbook is built in a Web Worker with a progress bar. */
export const EXPORT_WORKER_THRESHOLD_ROWS = 5_000;

export interface UseExcelExportOptions {
  /** Creates the export worker (see excel-worker.ts); without it big exports stay on the page. */
  createWorker?: () => ExcelWorkerEndpoint;
  save?: FileSaver;
}

export interface ExcelExportState {
  exporting: boolean;
  /** 0–1 while a worker builds the file; null otherwise. */
  progress: number | null;
  /** The localized failure text of the last attempt. */
  error: string | undefined;
}

/** Exports rows to .xlsx: on the page for small sets, in a worker above 5,000 rows. */
export function useExcelExport({ createWorker, save = downloadInBrowser }: UseExcelExportOptions = {}) {
  const locale = useUiKitLocale();
  const [state, setState] = useState<ExcelExportState>({ exporting: false, progress: null, error: undefined });

  const exportRows = useCallback(
    async <Row>(options: ExcelExportOptions<Row>): Promise<string | undefined> => {
      const withLocale = { ...options, locale: options.locale ?? locale };
      setState({ exporting: true, progress: null, error: undefined });
      try {
        const sheet = toExcelSheetData(withLocale);
        const useWorker = Boolean(createWorker) && sheet.cells.length > EXPORT_WORKER_THRESHOLD_ROWS;
        let bytes: Uint8Array;
        if (useWorker) {
          const worker = createWorker!();
          setState((s) => ({ ...s, progress: 0 }));
          try {
            bytes = await buildInWorker(worker, sheet, (written, total) => setState((s) => ({ ...s, progress: written / total })));
          } finally {
            worker.terminate?.();
          }
        } else {
          bytes = await writeExcelSheet(sheet);
        }
        const fileName = saveExcelFile(bytes, options.fileName, save, withLocale.locale);
        setState({ exporting: false, progress: null, error: undefined });
        return fileName;
      } catch (error) {
        const failure = error instanceof UiKitError ? error : exportFailed(withLocale.locale, error);
        setState({ exporting: false, progress: null, error: failure.message });
        return undefined;
      }
    },
    [createWorker, save, locale],
  );
  return { ...state, exportRows };
}
