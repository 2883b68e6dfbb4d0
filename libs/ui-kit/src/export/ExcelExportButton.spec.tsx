import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UiKitProvider } from '../context/UiKitProvider';
import { inProcessWorkerPair } from '../../test/in-process-worker';
import { ExcelExportButton } from './ExcelExportButton';
import { installExcelWorker } from './excel-worker';
import { EXPORT_WORKER_THRESHOLD_ROWS } from './use-excel-export';

const columns = [{ header: 'Order', key: 'orderNo' }];
const rowsOf = (count: number) => Array.from({ length: count }, (_, i) => ({ orderNo: `A${i}` }));

function setup(rowCount: number | null, save = jest.fn()) {
  const workers: ReturnType<typeof inProcessWorkerPair>['page'][] = [];
  const createWorker = () => {
    const { page, scope } = inProcessWorkerPair();
    installExcelWorker(scope);
    workers.push(page);
    return page;
  };
  const onExported = jest.fn();
  render(
    <UiKitProvider locale="en-US">
      <ExcelExportButton
        createWorker={createWorker}
        save={save}
        onExported={onExported}
        getOptions={() => ({ fileName: 'orders: today', columns, rows: rowCount === null ? (null as never) : rowsOf(rowCount) })}
      />
    </UiKitProvider>,
  );
  return { workers, save, onExported };
}

describe('ExcelExportButton (§5, §8, §9)', () => {
  it('builds up to 5,000 rows on the page, without a worker', async () => {
    const { workers, save, onExported } = setup(EXPORT_WORKER_THRESHOLD_ROWS);
    await userEvent.click(screen.getByRole('button', { name: 'export Excel' }));
    await waitFor(() => expect(onExported).toHaveBeenCalledWith('orders_ today.xlsx'));
    expect(workers).toHaveLength(0);
    expect(save).toHaveBeenCalledWith(expect.any(Uint8Array), 'orders_ today.xlsx', expect.stringMatching(/spreadsheetml/));
  });

  it('moves above 5,000 rows into a worker with a progress bar, then ends it', async () => {
    const { workers, onExported } = setup(EXPORT_WORKER_THRESHOLD_ROWS + 1);
    await userEvent.click(screen.getByRole('button', { name: 'export Excel' }));
    // The bar may already be gone again when the assertion runs: its value proves it was a real progress bar.
    const bar = await screen.findByRole('progressbar', { name: 'export progress' });
    expect(Number(bar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(0);
    await waitFor(() => expect(onExported).toHaveBeenCalledWith('orders_ today.xlsx'), { timeout: 60_000 });
    expect(workers).toHaveLength(1);
    expect(workers[0]!.terminated).toBe(true);
    expect(screen.queryByRole('progressbar', { name: 'export progress' })).not.toBeInTheDocument();
  });

  it('refuses empty data with its message', async () => {
    const { save } = setup(0);
    await userEvent.click(screen.getByRole('button', { name: 'export Excel' }));
    expect(await screen.findByText('table data cannot be empty and must be an array')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });

  it('refuses data that is not an array', async () => {
    setup(null);
    await userEvent.click(screen.getByRole('button', { name: 'export Excel' }));
    expect(await screen.findByText('table data cannot be empty and must be an array')).toBeInTheDocument();
  });

  it('says export failed, please retry when saving fails', async () => {
    setup(3, jest.fn(() => { throw new Error('disk full'); }));
    await userEvent.click(screen.getByRole('button', { name: 'export Excel' }));
    expect(await screen.findByText('export failed, please retry')).toBeInTheDocument();
  });
});
