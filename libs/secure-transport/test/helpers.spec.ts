import Fastify from 'fastify';
import {
  createErrorReporter,
  createMemoryStorage,
  createSecureClient,
  ERROR_REPORT_CONFIG_PATH,
  ERROR_REPORT_INSERT_PATH,
  logOperation,
  OPERATION_LOG_PATH,
  pollAsyncTask,
  REDACTED,
  resolveApiBase,
  type AsyncTask,
  type ErrorReport,
} from '../src';
import { EnvelopeError, MemorySessionStore, secureTransportPlugin } from '../src/server';
import { testServerKeys } from './harness';

describe('error reporter and operation log against a real server', () => {
  const app = Fastify({ forceCloseConnections: true });
  const reports: ErrorReport[] = [];
  const operations: unknown[] = [];
  let url = '';

  beforeAll(async () => {
    await app.register(secureTransportPlugin, { sessionStore: new MemorySessionStore(), serverKeys: await testServerKeys() });
    app.secureRoute(ERROR_REPORT_CONFIG_PATH, () => ({ cacheNumber: 3, errorCodeList: ['20000009'] }));
    app.secureRoute(ERROR_REPORT_INSERT_PATH, ({ biz }) => void reports.push(biz as ErrorReport));
    app.secureRoute(OPERATION_LOG_PATH, ({ biz }) => void operations.push(biz));
    app.secureRoute('/v1/test/login', ({ biz }) => ({ accessToken: 'issued-token-xyz', echo: biz }));
    app.secureRoute('/v1/test/boom', () => {
      throw new EnvelopeError('20000009', 'configured failure');
    });
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  it('keeps the last cacheNumber records, redacted, and uploads them on a configured code', async () => {
    const client = createSecureClient({ baseUrl: url, mode: 'aes', storage: createMemoryStorage(), accessToken: 'tok-abc' });
    const reporter = createErrorReporter({ client });
    expect(await reporter.start()).toBe(true);
    for (let i = 0; i < 4; i++) await client.post('/v1/test/login', { userName: `u${i}`, password: 'Demo12345' });
    expect(reporter.records()).toHaveLength(3);
    await expect(client.post('/v1/test/boom', {}, { silent: true })).rejects.toMatchObject({ code: '20000009' });
    await reporter.flush();
    expect(reports).toHaveLength(1);
    const [report] = reports;
    expect(report.errorCode).toBe('20000009');
    expect(report.records.map((r) => r.path)).toEqual(['/v1/test/login', '/v1/test/login', '/v1/test/boom']);
    expect((report.records[0].request.biz as { userName: string }).userName).toBe('u2');
    const text = JSON.stringify(report);
    for (const secret of ['Demo12345', 'tok-abc', 'issued-token-xyz']) expect(text).not.toContain(secret);
    expect((report.records[0].request.biz as { password: string }).password).toBe(REDACTED);
    expect(report.records[0].request.sys!.sessionKey).toBe(REDACTED);
    reporter.stop();
  });

  it('records nothing when the config cannot be loaded', async () => {
    const client = createSecureClient({ baseUrl: 'http://127.0.0.1:9', mode: 'none', timeoutMs: 500 });
    const reporter = createErrorReporter({ client });
    expect(await reporter.start()).toBe(false);
    expect(reporter.records()).toEqual([]);
  });

  it('posts operation log entries with operationStartTime in seconds', async () => {
    const client = createSecureClient({ baseUrl: url, mode: 'rsa' });
    const entry = await logOperation(client, 'USER_LOGIN', { startedAt: 1_700_000_123_456 });
    expect(entry).toEqual({ operationType: 'USER_LOGIN', operationStartTime: 1_700_000_123 });
    expect(operations).toEqual([{ operationType: 'USER_LOGIN', operationStartTime: 1_700_000_123 }]);
    await expect(logOperation(client, 'BOGUS' as never)).rejects.toThrow(TypeError);
  });
});

describe('pollAsyncTask (console-spec §4)', () => {
  const sleeps: number[] = [];
  const sleep = async (ms: number) => void sleeps.push(ms);
  beforeEach(() => (sleeps.length = 0));

  function sequence(...answers: (AsyncTask | null)[]) {
    const query = jest.fn(async () => answers.shift() ?? answers[answers.length - 1] ?? null);
    return query;
  }

  it('resolves on status 2 after polling every 1 s', async () => {
    const query = sequence({ id: 7, status: 1 }, { id: 7, status: 1 }, { id: 7, status: 2 });
    await expect(pollAsyncTask(query, 7, { sleep })).resolves.toEqual({ id: 7, status: 2 });
    expect(query).toHaveBeenCalledTimes(3);
    expect(query).toHaveBeenCalledWith(7);
    expect(sleeps).toEqual([1000, 1000]);
  });

  it('rejects with failReason on status 3', async () => {
    await expect(pollAsyncTask(sequence({ id: 1, status: 3, failReason: 'sheet broken' }), 1, { sleep })).rejects.toMatchObject({
      code: 'ST_ASYNC_TASK_FAILED',
      msg: 'sheet broken',
    });
  });

  it("rejects 'no data obtained' on an empty answer", async () => {
    await expect(pollAsyncTask(sequence(null), 1, { sleep })).rejects.toMatchObject({ code: 'ST_ASYNC_TASK_NO_DATA', msg: 'no data obtained' });
  });

  it('gives up after 5 tries with a max-retry error', async () => {
    const query = jest.fn(async () => ({ id: 1, status: 1 }));
    await expect(pollAsyncTask(query, 1, { sleep })).rejects.toMatchObject({ code: 'ST_ASYNC_TASK_MAX_RETRIES' });
    expect(query).toHaveBeenCalledTimes(5);
    expect(sleeps).toHaveLength(4);
  });
});

describe('resolveApiBase (console-spec §7)', () => {
  it('uses the local-storage override when it is an http(s) URL', () => {
    expect(resolveApiBase('http://127.0.0.1:3100', createMemoryStorage({ 'merchant.apiBase': 'https://api.example.test/' }))).toBe('https://api.example.test');
    expect(resolveApiBase('http://127.0.0.1:3100/', createMemoryStorage({ 'merchant.apiBase': 'javascript:alert(1)' }))).toBe('http://127.0.0.1:3100');
    expect(resolveApiBase('http://127.0.0.1:3100', null)).toBe('http://127.0.0.1:3100');
    const throwing = { getItem: () => { throw new Error('denied'); } };
    expect(resolveApiBase('http://a', throwing)).toBe('http://a');
  });
});
