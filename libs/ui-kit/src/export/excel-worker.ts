// The export worker (console-spec §5/§9 exports above 5,000 rows leave the main thread). The app
// owns the worker file, two lines long, because only its bundler knows how to emit a worker:
//   // excel-export.worker.ts
//   import { installExcelWorker } from '@merchant/ui-kit';
//   installExcelWorker(self);
// and creates it with `new Worker(new URL('./excel-export.worker.ts', import.meta.url), { type: 'module' })`.
import { writeExcelSheet, type ExcelSheetData } from './excel-export';

export interface ExcelWorkerRequest {
  id: number;
  sheet: ExcelSheetData;
}

export type ExcelWorkerReply =
  | { id: number; type: 'progress'; written: number; total: number }
  | { id: number; type: 'done'; bytes: Uint8Array }
  | { id: number; type: 'error'; message: string };

/** The part of a worker global scope the handler needs. */
export interface ExcelWorkerScope {
  addEventListener(type: 'message', listener: (event: { data: ExcelWorkerRequest }) => void): void;
  postMessage(message: ExcelWorkerReply, transfer?: Transferable[]): void;
}

/** The part of a Worker the client needs. */
export interface ExcelWorkerEndpoint {
  addEventListener(type: 'message', listener: (event: { data: ExcelWorkerReply }) => void): void;
  removeEventListener?(type: 'message', listener: (event: { data: ExcelWorkerReply }) => void): void;
  postMessage(message: ExcelWorkerRequest): void;
  terminate?(): void;
}

/** Call inside the worker module: builds workbooks on request and reports progress. */
export function installExcelWorker(scope: ExcelWorkerScope): void {
  scope.addEventListener('message', ({ data }) => {
    writeExcelSheet(data.sheet, (written, total) => scope.postMessage({ id: data.id, type: 'progress', written, total })).then(
      (bytes) => scope.postMessage({ id: data.id, type: 'done', bytes }, [bytes.buffer as ArrayBuffer]),
      (error: unknown) => scope.postMessage({ id: data.id, type: 'error', message: error instanceof Error ? error.message : String(error) }),
    );
  });
}

let nextRequestId = 1;

/** Builds one workbook in the worker; resolves with its bytes, rejects with the worker's message. */
export function buildInWorker(
  endpoint: ExcelWorkerEndpoint,
  sheet: ExcelSheetData,
  onProgress?: (written: number, total: number) => void,
): Promise<Uint8Array> {
  const id = nextRequestId++;
  return new Promise((resolve, reject) => {
    const listener = ({ data }: { data: ExcelWorkerReply }) => {
      if (data.id !== id) return;
      if (data.type === 'progress') {
        onProgress?.(data.written, data.total);
        return;
      }
      endpoint.removeEventListener?.('message', listener);
      if (data.type === 'done') resolve(data.bytes);
      else reject(new Error(data.message));
    };
    endpoint.addEventListener('message', listener);
    endpoint.postMessage({ id, sheet });
  });
}
