// Server export (docs/export.md): the §9 polling of an export job with fake timers (every 1 s, 5 tries,
// then 'still being prepared'; a failed job; a finished one), and the goods list through the whole
// console against the contract-checked fake: above MAX_EXPORT_ROWS the export button creates a job,
// shows progress, then 'still being prepared' with 'Check again', which resumes and downloads.
import { screen, waitFor, within } from '@testing-library/react';
import { ASYNC_TASK_MAX_TRIES, ASYNC_TASK_POLL_INTERVAL_MS } from '@merchant/secure-transport';
import { EXPORT_JOB_STATE, PERMISSIONS, goodsEndpoints as G, type ExportJob } from '@merchant/api-contracts';
import { DEMO_USER, createFakeStoreServer, fakeExportJobs, type FakeUser } from '../../test/fakeStoreServer';
import { renderConsole } from '../../test/renderConsole';
import { onContract } from './contractFake';
import { EXPORT_POLL, pollExportJob } from './exportAsync';
import { MAX_EXPORT_ROWS } from './exportList';

const job = (state: ExportJob['state'], processed = 0, msg = ''): ExportJob => ({
  jobId: 5,
  resource: 'goods.list',
  state,
  fileName: 'goods.xlsx',
  processed,
  total: 25_000,
  progress: Math.floor((processed * 100) / 25_000),
  downloadUrl: state === EXPORT_JOB_STATE.done ? 'http://127.0.0.1:3100/v1/store/export/file?jobId=5' : '',
  msg,
  createTime: 1,
  expireTime: 86_401,
});

describe('pollExportJob (§9: every 1 s, up to 5 tries)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('takes its constants from the one place that holds them', () => {
    expect(EXPORT_POLL).toEqual({ intervalMs: ASYNC_TASK_POLL_INTERVAL_MS, maxTries: ASYNC_TASK_MAX_TRIES });
    expect([EXPORT_POLL.intervalMs, EXPORT_POLL.maxTries]).toEqual([1000, 5]);
  });

  it('asks once a second, stops after 5 tries and answers "still preparing" with the last progress', async () => {
    let calls = 0;
    const query = jest.fn(async (): Promise<ExportJob> => job(EXPORT_JOB_STATE.running, ++calls * 1000));
    const answers: number[] = [];
    let outcome: Awaited<ReturnType<typeof pollExportJob>> | undefined;
    void pollExportJob(query, job(EXPORT_JOB_STATE.queued), (answer, attempt) => answers.push(attempt)).then((o) => (outcome = o));
    await jest.advanceTimersByTimeAsync(0);
    expect(query).toHaveBeenCalledTimes(1);
    for (let second = 1; second <= 4; second++) {
      await jest.advanceTimersByTimeAsync(999);
      expect(query).toHaveBeenCalledTimes(second); // not before the second is over
      await jest.advanceTimersByTimeAsync(1);
      expect(query).toHaveBeenCalledTimes(second + 1);
    }
    await jest.advanceTimersByTimeAsync(0);
    expect(outcome).toEqual({ phase: 'preparing', job: job(EXPORT_JOB_STATE.running, 5000) });
    await jest.advanceTimersByTimeAsync(10_000);
    expect(query).toHaveBeenCalledTimes(5);
    expect(answers).toEqual([1, 2, 3, 4, 5]);
  });

  it('stops at a failed job with its message', async () => {
    const states = [EXPORT_JOB_STATE.queued, EXPORT_JOB_STATE.running, EXPORT_JOB_STATE.failed];
    let calls = 0;
    const query = jest.fn(async (): Promise<ExportJob> => {
      const state = states[calls++]!;
      return job(state, 0, state === EXPORT_JOB_STATE.failed ? 'export failed, please retry' : '');
    });
    const pending = pollExportJob(query, job(EXPORT_JOB_STATE.queued), () => undefined);
    await jest.advanceTimersByTimeAsync(2000);
    await expect(pending).resolves.toEqual({ phase: 'failed', message: 'export failed, please retry', job: job(EXPORT_JOB_STATE.failed, 0, 'export failed, please retry') });
    expect(query).toHaveBeenCalledTimes(3);
  });

  it('answers the finished job as soon as it is done', async () => {
    let calls = 0;
    const query = jest.fn(async (): Promise<ExportJob> => (++calls < 2 ? job(EXPORT_JOB_STATE.running, 12_000) : job(EXPORT_JOB_STATE.done, 25_000)));
    const pending = pollExportJob(query, job(EXPORT_JOB_STATE.queued), () => undefined);
    await jest.advanceTimersByTimeAsync(1000);
    await expect(pending).resolves.toMatchObject({ phase: 'done', job: { state: EXPORT_JOB_STATE.done, downloadUrl: expect.stringContaining('/export/file') } });
    expect(query).toHaveBeenCalledTimes(2);
  });

  it('treats a failed status call as a failed export', async () => {
    const query = jest.fn(async () => Promise.reject({ code: '10100004', msg: 'no such export job' }));
    const pending = pollExportJob(query, job(EXPORT_JOB_STATE.queued), () => undefined);
    await jest.advanceTimersByTimeAsync(0);
    await expect(pending).resolves.toMatchObject({ phase: 'failed', message: 'no such export job' });
  });
});

describe('goods list export above MAX_EXPORT_ROWS', () => {
  jest.setTimeout(120_000);
  const owner: FakeUser = { ...DEMO_USER, token: 'token-export', info: { ...DEMO_USER.info, permissions: Object.values(PERMISSIONS) } };
  const row = { goodsId: 1, title: 'Goods 1', brandName: 'Acme', categoryId: 11, categoryName: 'Tea', status: 2, mainImageUrl: '', minPrice: 1000, totalStock: 5, skuCount: 1, rejectReason: '', createTime: 1_763_000_000, updateTime: 1_763_000_000 };

  function renderLargeGoodsList(script: Parameters<typeof fakeExportJobs>[2]) {
    const server = createFakeStoreServer([owner]);
    const total = MAX_EXPORT_ROWS + 5000;
    // The list says it holds more rows than the browser exports: the button goes to the server.
    onContract(server, G.list, (biz) => ({ pageNum: biz.pageNum, pageSize: biz.pageSize, total, list: [row] }));
    const jobs = fakeExportJobs(server, total, script);
    return { ...renderConsole({ path: '/goods/goodList/goodAll', token: owner.token, server }), server, jobs };
  }

  it('creates a job with the list filters, shows progress, then "still being prepared"; "Check again" resumes and finishes', async () => {
    const script = [
      { state: 2 as const, processed: 1000 },
      { state: 2 as const, processed: 3000 },
      { state: 2 as const, processed: 6000 },
      { state: 2 as const, processed: 9000 },
      { state: 2 as const, processed: 12_000 },
      { state: 3 as const },
    ];
    const { user, jobs, server } = renderLargeGoodsList(script);
    await screen.findByText('Goods 1', undefined, { timeout: 30_000 });
    await user.click(screen.getByTestId('resource-export'));
    const panel = await screen.findByTestId('export-job');
    expect(jobs.created[0]).toMatchObject({ resource: 'goods.list' });
    expect(jobs.created[0]).not.toHaveProperty('filters.pageNum');
    await waitFor(() => expect(screen.getByTestId('export-job')).toHaveAttribute('data-phase', 'running'));
    expect(within(panel).getByRole('progressbar')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('export-job')).toHaveAttribute('data-phase', 'preparing'), { timeout: 15_000 });
    expect(jobs.statusCalls()).toBe(5);
    expect(screen.getByTestId('export-job')).toHaveTextContent(`still being prepared (12000 of ${MAX_EXPORT_ROWS + 5000} records)`);
    await user.click(screen.getByTestId('export-check-again'));
    await waitFor(() => expect(screen.getByTestId('export-job')).toHaveAttribute('data-phase', 'done'), { timeout: 15_000 });
    expect(screen.getByTestId('export-download')).toHaveAttribute('href', expect.stringContaining('/v1/store/export/file?jobId=77'));
    expect(server.violations).toEqual([]);
  });

  it("shows 'export failed, please retry' with a retry button when the job fails", async () => {
    const { user, jobs } = renderLargeGoodsList([{ state: 2, processed: 100 }, { state: 4 }]);
    await screen.findByText('Goods 1', undefined, { timeout: 30_000 });
    await user.click(screen.getByTestId('resource-export'));
    await waitFor(() => expect(screen.getByTestId('export-job')).toHaveAttribute('data-phase', 'failed'), { timeout: 15_000 });
    expect(screen.getByTestId('export-job')).toHaveTextContent('export failed, please retry');
    await user.click(screen.getByTestId('export-retry'));
    await waitFor(() => expect(jobs.created).toHaveLength(2));
  });
});
