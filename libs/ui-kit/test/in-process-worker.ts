// A worker and its page end joined in one process, so the export worker's handler runs for real.
import type { ExcelWorkerEndpoint, ExcelWorkerScope } from '../src/export/excel-worker';

type Listener = (event: { data: any }) => void;

export function inProcessWorkerPair(): { page: ExcelWorkerEndpoint & { terminated: boolean }; scope: ExcelWorkerScope } {
  const pageListeners = new Set<Listener>();
  const workerListeners = new Set<Listener>();
  const deliver = (listeners: Set<Listener>, data: unknown) => setTimeout(() => listeners.forEach((listener) => listener({ data })), 0);
  const page = {
    terminated: false,
    addEventListener: (_type: 'message', listener: Listener) => void pageListeners.add(listener),
    removeEventListener: (_type: 'message', listener: Listener) => void pageListeners.delete(listener),
    postMessage: (message: unknown) => deliver(workerListeners, message),
    terminate() {
      page.terminated = true;
    },
  };
  const scope: ExcelWorkerScope = {
    addEventListener: (_type, listener) => void workerListeners.add(listener as Listener),
    postMessage: (message) => deliver(pageListeners, message),
  };
  return { page, scope };
}
