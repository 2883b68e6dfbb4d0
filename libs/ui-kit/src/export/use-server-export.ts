import { useCallback, useState } from 'react';
import type { TableFilters } from '../table/table-constants';
import { taskErrorText, useAsyncTask, type AsyncTaskLike, type AsyncTaskPoller } from '../task/use-async-task';

/** A finished export task carries where its file can be fetched. */
export interface ExportTask extends AsyncTaskLike {
  fileUrl?: string;
}

export interface UseServerExportOptions<T extends ExportTask> {
  /** Starts the export of the whole filtered set on the server; resolves with the task id. */
  startExport: (filters: TableFilters) => Promise<T['id']>;
  queryTask: (id: T['id']) => Promise<T | null | undefined>;
  /** secure-transport's pollAsyncTask (every 1 s, up to 5 tries, §4 messages). */
  poll: AsyncTaskPoller;
}

/**
 * "Export everything that matches" as a server-side async task: start → progress → download link.
 * The page passes the table's current filters; the file is built by the server, not the browser.
 */
export function useServerExport<T extends ExportTask>({ startExport, queryTask, poll }: UseServerExportOptions<T>) {
  const task = useAsyncTask<T>({ queryTask, poll });
  const [startError, setStartError] = useState<string | undefined>();
  const [starting, setStarting] = useState(false);
  const start = useCallback(
    async (filters: TableFilters) => {
      setStartError(undefined);
      setStarting(true);
      let id: T['id'];
      try {
        id = await startExport(filters);
      } catch (error) {
        setStartError(taskErrorText(error));
        return undefined;
      } finally {
        setStarting(false);
      }
      return task.follow(id).catch(() => undefined);
    },
    [startExport, task.follow],
  );
  const fileUrl = task.state.phase === 'succeeded' ? task.state.task.fileUrl : undefined;
  return { start, starting, state: task.state, startError, fileUrl, reset: task.reset };
}
