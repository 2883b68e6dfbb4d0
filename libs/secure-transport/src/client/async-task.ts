/** console-spec §4: poll an async task every 1 s, up to 5 tries. */
import {
  ASYNC_TASK_FAILURE,
  ASYNC_TASK_MAX_TRIES,
  ASYNC_TASK_POLL_INTERVAL_MS,
  ASYNC_TASK_SUCCESS,
  ClientCodes,
  DEFAULT_MESSAGES,
  MessageKeys,
} from '../constants';
import { SecureTransportError } from '../errors';

export interface AsyncTask {
  id: string | number;
  status: number;
  failReason?: string;
}

export interface PollOptions {
  intervalMs?: number;
  maxTries?: number;
  translate?: (key: string) => string;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Resolves the task once its status is 2; rejects with ST_ASYNC_TASK_FAILED (failReason) on 3,
 * ST_ASYNC_TASK_NO_DATA on an empty answer, ST_ASYNC_TASK_MAX_RETRIES when tries run out.
 */
export async function pollAsyncTask<T extends AsyncTask>(
  query: (id: T['id']) => Promise<T | null | undefined>,
  id: T['id'],
  options: PollOptions = {},
): Promise<T> {
  const translate = options.translate ?? ((key: string) => DEFAULT_MESSAGES[key] ?? key);
  const maxTries = options.maxTries ?? ASYNC_TASK_MAX_TRIES;
  const sleep = options.sleep ?? defaultSleep;
  for (let attempt = 1; attempt <= maxTries; attempt++) {
    const task = await query(id);
    if (!task) throw new SecureTransportError(ClientCodes.ASYNC_TASK_NO_DATA, translate(MessageKeys.asyncTaskNoData));
    if (task.status === ASYNC_TASK_SUCCESS) return task;
    if (task.status === ASYNC_TASK_FAILURE) {
      throw new SecureTransportError(ClientCodes.ASYNC_TASK_FAILED, task.failReason ?? 'task failed');
    }
    if (attempt < maxTries) await sleep(options.intervalMs ?? ASYNC_TASK_POLL_INTERVAL_MS);
  }
  throw new SecureTransportError(ClientCodes.ASYNC_TASK_MAX_RETRIES, translate(MessageKeys.asyncTaskMaxRetries));
}
