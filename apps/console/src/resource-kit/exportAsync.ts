// Server export of a large filtered list (docs/export.md): export/create records a job, export/status is
// polled with the console-spec §9 rule — every ASYNC_TASK_POLL_INTERVAL_MS, up to ASYNC_TASK_MAX_TRIES
// tries, the constants of @merchant/secure-transport and its pollAsyncTask. Done → the file downloads;
// still preparing after the tries → the merchant can check again (the job and its file live 24 hours);
// failed → 'export failed, please retry'.
import { useCallback, useRef, useState } from 'react';
import {
  EXPORT_JOB_STATE,
  exportEndpoints,
  type EndpointBiz,
  type EndpointData,
  type ExportCreateRequest,
  type ExportJob,
} from '@merchant/api-contracts';
import {
  ASYNC_TASK_FAILURE,
  ASYNC_TASK_MAX_TRIES,
  ASYNC_TASK_POLL_INTERVAL_MS,
  ASYNC_TASK_SUCCESS,
  ClientCodes,
  pollAsyncTask,
} from '@merchant/secure-transport';
import { consoleApi } from '../app/api';
import type { EnvelopeRequest } from '../app/transport';

/** console-spec §9, from the one place that holds it (secure-transport's constants). */
export const EXPORT_POLL = { intervalMs: ASYNC_TASK_POLL_INTERVAL_MS, maxTries: ASYNC_TASK_MAX_TRIES } as const;

type E = typeof exportEndpoints;

export const exportApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    exportCreate: build.mutation<EndpointData<E['create']>, EndpointBiz<E['create']>>({
      query: (biz): EnvelopeRequest => ({ path: exportEndpoints.create.path, biz }),
    }),
    // A poll is silent: a failure is shown once, by the export panel, not as a toast per try.
    exportStatus: build.mutation<EndpointData<E['status']>, EndpointBiz<E['status']>>({
      query: (biz): EnvelopeRequest => ({ path: exportEndpoints.status.path, biz, options: { silent: true } }),
    }),
  }),
});

/** What the panel shows. */
export type ExportJobView =
  | { phase: 'idle' }
  | { phase: 'starting' }
  /** Polling; `job` is the last answer (progress). */
  | { phase: 'running'; job: ExportJob; attempt: number }
  /** The tries ran out while the server still works: the merchant may check again. */
  | { phase: 'preparing'; job: ExportJob }
  | { phase: 'done'; job: ExportJob }
  /** `message` is the server's msg, or empty for the §8 'export failed, please retry'. */
  | { phase: 'failed'; message: string; job?: ExportJob };

export type ExportPollOutcome = { phase: 'done'; job: ExportJob } | { phase: 'preparing'; job: ExportJob } | { phase: 'failed'; message: string; job?: ExportJob };

/** The export job's state seen as a §4 async task: 3 done → success, 4 failed → failure, else poll again. */
const asTask = (job: ExportJob) => ({
  id: job.jobId,
  status: job.state === EXPORT_JOB_STATE.done ? ASYNC_TASK_SUCCESS : job.state === EXPORT_JOB_STATE.failed ? ASYNC_TASK_FAILURE : 0,
  failReason: job.msg,
  job,
});

const codeOf = (error: unknown) => (error && typeof error === 'object' && 'code' in error ? String((error as { code: unknown }).code) : '');
const msgOf = (error: unknown) => (error && typeof error === 'object' && 'msg' in error ? String((error as { msg: unknown }).msg) : '');

/**
 * Polls one job with secure-transport's pollAsyncTask (every 1 s, up to 5 tries). `onAnswer` sees every
 * answer (progress). Never rejects: the outcome says what the panel shows.
 */
export async function pollExportJob(
  queryStatus: (jobId: number) => Promise<ExportJob>,
  first: ExportJob,
  onAnswer: (job: ExportJob, attempt: number) => void,
  sleep?: (ms: number) => Promise<void>,
): Promise<ExportPollOutcome> {
  let last = first;
  let attempt = 0;
  try {
    const task = await pollAsyncTask(
      async (jobId: number) => {
        attempt += 1;
        last = await queryStatus(jobId);
        onAnswer(last, attempt);
        return asTask(last);
      },
      first.jobId,
      { intervalMs: EXPORT_POLL.intervalMs, maxTries: EXPORT_POLL.maxTries, sleep },
    );
    return { phase: 'done', job: task.job };
  } catch (error) {
    if (codeOf(error) === ClientCodes.ASYNC_TASK_MAX_RETRIES) return { phase: 'preparing', job: last };
    if (codeOf(error) === ClientCodes.ASYNC_TASK_FAILED) return { phase: 'failed', message: last.msg, job: last };
    return { phase: 'failed', message: msgOf(error), job: last };
  }
}

/** Starts the browser download of a finished file (a signed GET URL; no envelope needed). */
export function downloadFile(url: string, fileName: string): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
}

type Dispatch = (action: never) => unknown;
type Unwrappable<T> = { unwrap(): Promise<T> };

export interface UseExportJobOptions {
  dispatch: Dispatch;
  download?: (url: string, fileName: string) => void;
  sleep?: (ms: number) => Promise<void>;
}

/** One server export at a time per list: start, follow, check again, and what to show. */
export function useExportJob({ dispatch, download = downloadFile, sleep }: UseExportJobOptions) {
  const [view, setView] = useState<ExportJobView>({ phase: 'idle' });
  const run = useRef(0);

  const follow = useCallback(
    async (job: ExportJob) => {
      const id = ++run.current;
      setView({ phase: 'running', job, attempt: 0 });
      const queryStatus = (jobId: number) => (dispatch(exportApi.endpoints.exportStatus.initiate({ jobId }) as never) as Unwrappable<ExportJob>).unwrap();
      const outcome = await pollExportJob(queryStatus, job, (answer, attempt) => {
        if (id === run.current && answer.state !== EXPORT_JOB_STATE.done && answer.state !== EXPORT_JOB_STATE.failed) setView({ phase: 'running', job: answer, attempt });
      }, sleep);
      if (id !== run.current) return outcome;
      setView(outcome);
      if (outcome.phase === 'done') download(outcome.job.downloadUrl, outcome.job.fileName);
      return outcome;
    },
    [dispatch, download, sleep],
  );

  const start = useCallback(
    async (request: ExportCreateRequest) => {
      run.current += 1;
      setView({ phase: 'starting' });
      let job: ExportJob;
      try {
        job = await (dispatch(exportApi.endpoints.exportCreate.initiate(request) as never) as Unwrappable<ExportJob>).unwrap();
      } catch (error) {
        // The client already showed the server's msg (§8); the panel keeps it beside the retry button.
        setView({ phase: 'failed', message: msgOf(error) });
        return undefined;
      }
      return follow(job);
    },
    [dispatch, follow],
  );

  /** Another round of §9 tries for a job still being prepared. */
  const checkAgain = useCallback(() => {
    if (view.phase === 'preparing' || view.phase === 'running') return follow(view.job);
    return Promise.resolve(undefined);
  }, [view, follow]);

  const dismiss = useCallback(() => {
    run.current += 1;
    setView({ phase: 'idle' });
  }, []);

  return { view, start, checkAgain, dismiss, download };
}
