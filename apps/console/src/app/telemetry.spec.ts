// §7/§8 telemetry against a fake secure client: config load, redacted upload, operation log entries.
import { ERROR_REPORT_CONFIG_PATH, ERROR_REPORT_INSERT_PATH, OPERATION_LOG_PATH, REDACTED, type ExchangeRecord, type RequestOptions } from '@merchant/secure-transport';
import { recordOperation, startTelemetry, TELEMETRY_TIMEOUT_MS, type TelemetryTarget } from './telemetry';

interface Answer { code: string; msg: string; data?: unknown }
interface Call { path: string; biz: Record<string, unknown>; options?: RequestOptions }

const OK = (data: unknown = null): Answer => ({ code: '00000000', msg: 'ok', data });
const NOW = 1_790_000_123_456;

function createFakeSecureClient(answers: Record<string, Answer | (() => Promise<never>)> = {}) {
  const listeners = new Set<(record: ExchangeRecord) => void>();
  const calls: Call[] = [];
  return {
    calls,
    callsTo: (path: string) => calls.filter((call) => call.path === path),
    setAccessToken: jest.fn(),
    onExchange(listener: (record: ExchangeRecord) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    async post<T>(path: string, biz: unknown = {}, options?: RequestOptions): Promise<T> {
      calls.push({ path, biz: biz as Record<string, unknown>, options });
      const answer = answers[path] ?? OK();
      if (typeof answer === 'function') return answer();
      const record: ExchangeRecord = { path, request: { sys: { accessToken: 'token-secret-1' } as never, biz }, response: { data: null, ...answer }, startedAt: 0, durationMs: 1 };
      for (const listener of listeners) listener(record);
      if (answer.code !== '00000000') throw Object.assign(new Error(answer.msg), { code: answer.code, msg: answer.msg });
      return answer.data as T;
    },
  };
}

const entries = (client: ReturnType<typeof createFakeSecureClient>) => client.callsTo(OPERATION_LOG_PATH).map((call) => call.biz);

describe('telemetry', () => {
  it('loads the error-report config at start and sends OPEN_APP with the start time in seconds, silently', async () => {
    const client = createFakeSecureClient({ [ERROR_REPORT_CONFIG_PATH]: OK({ cacheNumber: 3, errorCodeList: ['20000001'] }) });
    const telemetry = startTelemetry({ client, now: () => NOW });
    await telemetry.ready;
    expect(client.calls[0].path).toBe(ERROR_REPORT_CONFIG_PATH);
    expect(entries(client)).toEqual([{ operationType: 'OPEN_APP', operationStartTime: 1_790_000_123 }]);
    for (const call of client.calls) expect(call.options).toMatchObject({ silent: true });
    expect(telemetry.reporter).not.toBeNull();
    telemetry.stop();
  });

  it('uploads the last cacheNumber records, secrets redacted, when a configured code comes back', async () => {
    const client = createFakeSecureClient({
      [ERROR_REPORT_CONFIG_PATH]: OK({ cacheNumber: 2, errorCodeList: ['20000001'] }),
      '/v1/other/fails': { code: '20000002', msg: 'not configured' },
      '/v1/pay/fails': { code: '20000001', msg: 'pay down' },
    });
    const telemetry = startTelemetry({ client, now: () => NOW });
    await telemetry.ready;
    await client.post('/v1/first', { name: 'dropped' });
    await expect(client.post('/v1/other/fails', {})).rejects.toMatchObject({ code: '20000002' });
    expect(client.callsTo(ERROR_REPORT_INSERT_PATH)).toHaveLength(0);
    await client.post('/v1/account', { name: 'kept', password: 'Secret123', nested: { payPassword: '135790' } });
    await expect(client.post('/v1/pay/fails', { checkCode: '123456', captchaKey: 'cap-1' })).rejects.toMatchObject({ code: '20000001' });
    await telemetry.reporter?.flush();

    const [upload] = client.callsTo(ERROR_REPORT_INSERT_PATH);
    expect(upload.biz).toMatchObject({ errorCode: '20000001', path: '/v1/pay/fails' });
    const records = upload.biz.records as ExchangeRecord[];
    expect(records.map((record) => record.path)).toEqual(['/v1/account', '/v1/pay/fails']);
    expect(records[0].request.biz).toEqual({ name: 'kept', password: REDACTED, nested: { payPassword: REDACTED } });
    expect(records[1].request.biz).toMatchObject({ captchaKey: REDACTED });
    expect(records[0].request.sys).toEqual({ accessToken: REDACTED });
    const wire = JSON.stringify(upload.biz);
    for (const secret of ['Secret123', '135790', 'token-secret-1', 'cap-1']) expect(wire).not.toContain(secret);
    expect(upload.options).toMatchObject({ silent: true });
    telemetry.stop();
  });

  it('sends CLOSE_APP once on page hide with the hide time, and OPEN_APP again when restored from the cache', async () => {
    let now = NOW;
    const events = new EventTarget();
    const target = events as unknown as TelemetryTarget;
    const client = createFakeSecureClient();
    const telemetry = startTelemetry({ client, target, now: () => now });
    await telemetry.ready;
    now = NOW + 65_000;
    events.dispatchEvent(new Event('pagehide'));
    events.dispatchEvent(new Event('pagehide'));
    now = NOW + 125_000;
    events.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(entries(client)).toEqual([
      { operationType: 'OPEN_APP', operationStartTime: 1_790_000_123 },
      { operationType: 'CLOSE_APP', operationStartTime: 1_790_000_188 },
      { operationType: 'OPEN_APP', operationStartTime: 1_790_000_248 },
    ]);
    telemetry.stop();
    events.dispatchEvent(new Event('pagehide'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(entries(client)).toHaveLength(3);
  });

  it('hands CLOSE_APP to a beacon when the client has one, and posts when the beacon is refused', async () => {
    const events = new EventTarget();
    const target = events as unknown as TelemetryTarget;
    const beacon = jest.fn(() => true);
    const client = { ...createFakeSecureClient(), beacon };
    const telemetry = startTelemetry({ client, target, now: () => NOW });
    await telemetry.ready;
    events.dispatchEvent(new Event('pagehide'));
    expect(beacon).toHaveBeenCalledWith(OPERATION_LOG_PATH, { operationType: 'CLOSE_APP', operationStartTime: 1_790_000_123 });
    expect(client.callsTo(OPERATION_LOG_PATH).map((call) => call.biz.operationType)).toEqual(['OPEN_APP']);
    telemetry.stop();

    const refused = createFakeSecureClient();
    const other = startTelemetry({ client: { ...refused, beacon: () => false }, target, now: () => NOW });
    await other.ready;
    events.dispatchEvent(new Event('pagehide'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(entries(refused).map((entry) => entry.operationType)).toEqual(['OPEN_APP', 'CLOSE_APP']);
    other.stop();
  });

  it.each(['USER_LOGIN', 'USER_LOGOUT'] as const)('records %s with operationStartTime in whole seconds', async (type) => {
    const client = createFakeSecureClient();
    await recordOperation(client, type, 1_790_000_999_999);
    expect(entries(client)).toEqual([{ operationType: type, operationStartTime: 1_790_000_999 }]);
  });

  it('never rejects or throws when the server, the network or the client itself fails', async () => {
    const failing = createFakeSecureClient({
      [ERROR_REPORT_CONFIG_PATH]: { code: '99999999', msg: 'down' },
      [OPERATION_LOG_PATH]: () => Promise.reject(new Error('network')),
    });
    const telemetry = startTelemetry({ client: failing, now: () => NOW });
    await expect(telemetry.ready).resolves.toBeUndefined();
    expect(telemetry.reporter?.records()).toEqual([]);
    const throwing = { post: () => { throw new Error('sync failure'); } };
    await expect(recordOperation(throwing as never, 'USER_LOGIN')).resolves.toBeUndefined();
    expect(() => startTelemetry({ client: throwing as never }).stop()).not.toThrow();
  });

  it('aborts a hanging call itself before the client timeout, so no "request timed out" reaction can fire', async () => {
    jest.useFakeTimers();
    try {
      let seen: RequestOptions | undefined;
      const hanging = {
        post: (_path: string, _biz?: unknown, options?: RequestOptions) => {
          seen = options;
          return new Promise<never>((_resolve, reject) => options?.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
        },
      };
      const pending = recordOperation(hanging, 'OPEN_APP');
      expect(seen?.timeoutMs).toBeGreaterThan(TELEMETRY_TIMEOUT_MS);
      expect(seen?.signal?.aborted).toBe(false);
      jest.advanceTimersByTime(TELEMETRY_TIMEOUT_MS);
      expect(seen?.signal?.aborted).toBe(true);
      await expect(pending).resolves.toBeUndefined();
    } finally {
      jest.useRealTimers();
    }
  });
});
