import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UiKitProvider } from '../context/UiKitProvider';
import { ServerExportPanel } from '../export/ServerExportPanel';
import type { ExportTask } from '../export/use-server-export';
import type { AsyncTaskPoller } from './use-async-task';

/**
 * A stand-in with the contract of secure-transport's pollAsyncTask (ui-kit may not import it):
 * status 2 resolves, 3 rejects with failReason, empty rejects 'no data obtained', 5 tries at most.
 * The 1 s wait is a gate the test opens, so every try is visible.
 */
function gatedPoller() {
  const gates: (() => void)[] = [];
  const poll: AsyncTaskPoller = async (query, id) => {
    for (let attempt = 1; attempt <= 5; attempt++) {
      const task = await query(id);
      if (!task) throw { code: 'ST_ASYNC_TASK_NO_DATA', msg: 'no data obtained' };
      if (task.status === 2) return task;
      if (task.status === 3) throw { code: 'ST_ASYNC_TASK_FAILED', msg: task.failReason };
      if (attempt < 5) await new Promise<void>((resolve) => gates.push(resolve));
    }
    throw { code: 'ST_ASYNC_TASK_MAX_RETRIES', msg: 'maximum number of retries reached' };
  };
  const openNextGate = async () => {
    await waitFor(() => expect(gates.length).toBeGreaterThan(0));
    await act(async () => gates.shift()!());
  };
  return { poll, openNextGate };
}

function renderPanel(answers: (ExportTask | null)[], startExport = jest.fn(async () => 'task-1')) {
  const { poll, openNextGate } = gatedPoller();
  const queryTask = jest.fn(async (): Promise<ExportTask | null> => answers.shift() ?? null);
  render(
    <UiKitProvider locale="en-US">
      <ServerExportPanel<ExportTask> filters={{ keyword: 'shoes' }} maxTries={5} startExport={startExport} queryTask={queryTask} poll={poll} />
    </UiKitProvider>,
  );
  return { openNextGate, queryTask, startExport };
}

describe('server export as an async task (§4 polling, §7 async task query)', () => {
  it('starts with the table filters, shows each check, then offers the file', async () => {
    const { openNextGate, queryTask, startExport } = renderPanel([
      { id: 'task-1', status: 1 },
      { id: 'task-1', status: 1 },
      { id: 'task-1', status: 2, fileUrl: 'https://files.example/orders.xlsx' },
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'export all results' }));
    expect(startExport).toHaveBeenCalledWith({ keyword: 'shoes' });
    expect(await screen.findByText('processing, check 1 of 5')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'export progress' })).toHaveAttribute('aria-valuenow', '20');
    await openNextGate();
    expect(await screen.findByText('processing, check 2 of 5')).toBeInTheDocument();
    await openNextGate();
    const link = await screen.findByRole('link', { name: 'download the file' });
    expect(link).toHaveAttribute('href', 'https://files.example/orders.xlsx');
    expect(queryTask).toHaveBeenCalledTimes(3);
    expect(queryTask).toHaveBeenCalledWith('task-1');
  });

  it('shows the failReason of a failed task', async () => {
    renderPanel([{ id: 'task-1', status: 3, failReason: 'too many rows for one file' }]);
    await userEvent.click(screen.getByRole('button', { name: 'export all results' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('too many rows for one file');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows no data obtained for an empty answer', async () => {
    renderPanel([null]);
    await userEvent.click(screen.getByRole('button', { name: 'export all results' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('no data obtained');
  });

  it('gives up after 5 checks with the max-retry message', async () => {
    const { openNextGate, queryTask } = renderPanel(Array.from({ length: 6 }, () => ({ id: 'task-1', status: 1 })));
    await userEvent.click(screen.getByRole('button', { name: 'export all results' }));
    for (let i = 0; i < 4; i++) await openNextGate();
    expect(await screen.findByRole('alert')).toHaveTextContent('maximum number of retries reached');
    expect(queryTask).toHaveBeenCalledTimes(5);
  });

  it('shows the msg when the export cannot start', async () => {
    renderPanel([], jest.fn(async () => Promise.reject({ code: '10400001', msg: 'export quota used up' })));
    await userEvent.click(screen.getByRole('button', { name: 'export all results' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('export quota used up');
  });
});
