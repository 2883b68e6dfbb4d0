import { useCallback, useRef, useState } from 'react';

/** console-spec §3 async task: id, status, failReason. */
export interface AsyncTaskLike {
  id: string | number;
  status: number;
  failReason?: string;
}

/**
 * The poll rule itself (every 1 s, up to 5 tries, §4 messages) lives in secure-transport's
 * `pollAsyncTask`, which ui-kit may not import (ARCHITECTURE.md); the app passes it in.
 */
export type AsyncTaskPoller = <T extends AsyncTaskLike>(
  query: (id: T['id']) => Promise<T | null | undefined>,
  id: T['id'],
) => Promise<T>;

export type AsyncTaskState<T> =
  | { phase: 'idle' }
  | { phase: 'running'; attempt: number }
  | { phase: 'succeeded'; task: T }
  | { phase: 'failed'; message: string };

export interface UseAsyncTaskOptions<T extends AsyncTaskLike> {
  /** Asks the server for the task once (console-spec §7 "async task query takes id"). */
  queryTask: (id: T['id']) => Promise<T | null | undefined>;
  poll: AsyncTaskPoller;
}

/** Reads a rejection's text: secure-transport errors carry `msg`, others `message`. */
export function taskErrorText(error: unknown): string {
  if (error && typeof error === 'object') {
    const { msg, message } = error as { msg?: unknown; message?: unknown };
    if (typeof msg === 'string' && msg) return msg;
    if (typeof message === 'string' && message) return message;
  }
  return String(error);
}

/** Follows one async task and exposes each attempt, so the page can show progress. */
export function useAsyncTask<T extends AsyncTaskLike>({ queryTask, poll }: UseAsyncTaskOptions<T>) {
  const [state, setState] = useState<AsyncTaskState<T>>({ phase: 'idle' });
  const runId = useRef(0);
  const follow = useCallback(
    async (id: T['id']): Promise<T> => {
      const run = ++runId.current;
      let attempt = 0;
      setState({ phase: 'running', attempt });
      const countedQuery = async (taskId: T['id']) => {
        attempt += 1;
        if (run === runId.current) setState({ phase: 'running', attempt });
        return queryTask(taskId);
      };
      try {
        const task = await poll<T>(countedQuery, id);
        if (run === runId.current) setState({ phase: 'succeeded', task });
        return task;
      } catch (error) {
        if (run === runId.current) setState({ phase: 'failed', message: taskErrorText(error) });
        throw error;
      }
    },
    [queryTask, poll],
  );
  const reset = useCallback(() => {
    runId.current += 1;
    setState({ phase: 'idle' });
  }, []);
  return { state, follow, reset };
}
