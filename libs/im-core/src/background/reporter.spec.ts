import { Reporter, type ReporterOptions } from './reporter';
import { REPORTER_CACHE_MAX, REPORTER_MESSAGE_LIST_MAX } from './reporter-config';

type Answer = Response | 'hang' | 'refuse';

/** The dispatcher and the report endpoint, answering what the test scripts. */
function statisticsServer(dispatcher: () => Answer) {
  const reports: Array<{ common: Record<string, string>; event: Record<string, Array<Record<string, unknown>>> }> = [];
  const dispatcherUrls: string[] = [];
  let report: () => Answer = () => Response.json({ code: 200 });
  const answer = (value: Answer, signal: AbortSignal | null | undefined): Promise<Response> => {
    if (value === 'refuse') return Promise.reject(new TypeError('fetch failed'));
    if (value === 'hang') {
      return new Promise((_, reject) => signal?.addEventListener('abort', () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' }))));
    }
    return Promise.resolve(value);
  };
  const fetch = ((url: string, init: RequestInit) => {
    if (url.startsWith('http://stats/dispatcher')) {
      dispatcherUrls.push(url);
      return answer(dispatcher(), init.signal);
    }
    reports.push(JSON.parse(String(init.body)));
    return answer(report(), init.signal);
  }) as unknown as typeof globalThis.fetch;
  return {
    fetch,
    reports,
    dispatcherUrls,
    /** Events received, in order, by message. */
    received: () => reports.flatMap((r) => Object.values(r.event).flat().map((e) => e.message)),
    answerReports: (next: () => Answer) => {
      report = next;
    },
  };
}

function reporterOn(server: ReturnType<typeof statisticsServer>, extra: Partial<ReporterOptions> = {}) {
  return new Reporter({
    dispatcherUrl: 'http://stats/dispatcher',
    reportUrl: 'http://stats/report',
    appKey: 'app-1',
    deviceId: 'dev-1',
    sdkVersion: '0.1.0',
    account: 'alice',
    fetch: server.fetch,
    timers: { setTimeout: (cb, ms) => setTimeout(cb, ms), clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) },
    ...extra,
  });
}

const step = (ms: number) => jest.advanceTimersByTimeAsync(ms);
const configAnswer = (fields: Record<string, unknown>) => () => Response.json({ code: 200, ...fields });

describe('Reporter (§4 Reporter, §7 statistics calls, §9)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('starts disabled, then asks the dispatcher with deviceId, sdktype, sdkVer, platform and appkey', async () => {
    const server = statisticsServer(configAnswer({}));
    const reporter = reporterOn(server);
    expect(reporter.enabled).toBe(false);
    expect(reporter.state).toBe('idle');
    reporter.start();
    await step(0);
    expect(reporter.enabled).toBe(true);
    const query = new URL(server.dispatcherUrls[0]).searchParams;
    expect(Object.fromEntries(query)).toEqual({ deviceId: 'dev-1', sdktype: 'im', sdkVer: '0.1.0', platform: 'web', appkey: 'app-1' });
  });

  it.each<[string, () => Answer]>([
    ['down', () => 'refuse'],
    ['answering HTML', () => new Response('<html>502</html>', { status: 200 })],
    ['answering 500', () => new Response('{}', { status: 500 })],
    ['answering another code', () => Response.json({ code: 404 })],
  ])('stays disabled and drops events when the dispatcher is %s', async (_, dispatcher) => {
    const server = statisticsServer(dispatcher);
    const reasons: string[] = [];
    const reporter = reporterOn(server, { onDisabled: (reason) => reasons.push(reason) });
    reporter.start();
    reporter.report({ kind: 'connection', name: 'loggedIn' });
    await step(0);
    expect(reporter.state).toBe('disabled');
    reporter.report({ kind: 'connection', name: 'disconnected' });
    await step(600_000);
    expect(server.reports).toEqual([]);
    expect(reporter.counts.pending).toBe(0);
    expect(reasons).toHaveLength(1);
  });

  it('gives a slow dispatcher 5 s, then stays disabled; the next start asks again', async () => {
    let answer: Answer = 'hang';
    const server = statisticsServer(() => answer);
    const reporter = reporterOn(server);
    reporter.start();
    await step(4999);
    expect(reporter.state).toBe('loading');
    await step(1);
    expect(reporter.state).toBe('disabled');
    answer = Response.json({ code: 200 });
    reporter.start();
    await step(0);
    expect(reporter.enabled).toBe(true);
    expect(server.dispatcherUrls).toHaveLength(2);
  });

  it('sends the events of the wait (connection events before the answer included) once the first has waited the interval, as common + event', async () => {
    const server = statisticsServer(configAnswer({}));
    const reporter = reporterOn(server);
    reporter.report({ kind: 'connection', name: 'loggedIn', message: 'first' });
    reporter.start();
    await step(0);
    reporter.report({ kind: 'serverError', code: 500, command: 'sendMsg', message: 'second' });
    await step(29_999);
    expect(server.reports).toHaveLength(0);
    await step(1);
    expect(server.reports).toHaveLength(1);
    const [sent] = server.reports;
    expect(sent.common).toEqual({ appkey: 'app-1', deviceId: 'dev-1', sdktype: 'im', sdkVer: '0.1.0', platform: 'web', accid: 'alice' });
    expect(sent.event.connection).toEqual([expect.objectContaining({ name: 'loggedIn', message: 'first', time: expect.any(Number) })]);
    expect(sent.event.serverError).toEqual([expect.objectContaining({ code: 500, command: 'sendMsg' })]);
  });

  it('sends a full batch of maxSize at once, and keeps sends at least the minimum interval apart', async () => {
    const server = statisticsServer(configAnswer({ maxSize: 3, minInterval: 10 }));
    const reporter = reporterOn(server);
    reporter.start();
    await step(0);
    for (const n of [1, 2, 3, 4, 5, 6, 7]) reporter.report({ kind: 'customError', message: `e${n}` });
    await step(0);
    expect(server.received()).toEqual(['e1', 'e2', 'e3']);
    await step(9_999);
    expect(server.reports).toHaveLength(1);
    await step(1);
    expect(server.received()).toEqual(['e1', 'e2', 'e3', 'e4', 'e5', 'e6']);
    // e7 alone waits for its interval (30 s after it was reported).
    await step(10_000);
    expect(server.reports).toHaveLength(2);
    await step(10_000);
    expect(server.received()).toEqual(['e1', 'e2', 'e3', 'e4', 'e5', 'e6', 'e7']);
  });

  it('caches a failed batch and retries it, backing off from the minimum interval up to maxDelay, losing nothing', async () => {
    const server = statisticsServer(configAnswer({ maxSize: 2, minInterval: 2, maxDelay: 6 }));
    const reporter = reporterOn(server);
    reporter.start();
    await step(0);
    server.answerReports(() => new Response('busy', { status: 503 }));
    reporter.report({ kind: 'uploadFailure', message: 'a' });
    reporter.report({ kind: 'uploadFailure', message: 'b' });
    await step(0);
    expect(server.reports).toHaveLength(1);
    expect(reporter.counts.cachedBatches).toBe(1);
    const attemptsAt: number[] = [];
    const start = Date.now();
    while (attemptsAt.length < 4) {
      const before = server.reports.length;
      await step(500);
      if (server.reports.length > before) attemptsAt.push(Date.now() - start);
    }
    // 2 s, then 4 s, then capped at 6 s, 6 s.
    expect(attemptsAt).toEqual([2000, 6000, 12_000, 18_000]);
    server.answerReports(() => Response.json({ code: 200 }));
    reporter.report({ kind: 'uploadFailure', message: 'c' });
    await step(6000);
    await step(30_000);
    expect(reporter.counts).toMatchObject({ cachedBatches: 0, pending: 0, dropped: 0, sent: 3 });
    expect(server.received().slice(-3)).toEqual(['a', 'b', 'c']);
  });

  it('treats a report timeout (5 s) as a failure to retry, and never blocks report()', async () => {
    const server = statisticsServer(configAnswer({ maxSize: 1, minInterval: 2 }));
    const reporter = reporterOn(server);
    reporter.start();
    await step(0);
    server.answerReports(() => 'hang');
    reporter.report({ kind: 'customError', message: 'x' });
    for (let n = 0; n < 50; n++) reporter.report({ kind: 'customError', message: `more${n}` });
    expect(reporter.counts.pending).toBeGreaterThan(0);
    await step(5000);
    expect(reporter.counts.cachedBatches).toBeGreaterThanOrEqual(1);
    server.answerReports(() => Response.json({ code: 200 }));
    await step(600_000);
    expect(reporter.counts).toMatchObject({ pending: 0, cachedBatches: 0, dropped: 0, sent: 51 });
  });

  it('drops a batch the endpoint refuses (4xx) instead of retrying it forever', async () => {
    const server = statisticsServer(configAnswer({ maxSize: 1, minInterval: 2 }));
    const reporter = reporterOn(server);
    reporter.start();
    await step(0);
    server.answerReports(() => Response.json({ code: 403 }, { status: 403 }));
    reporter.report({ kind: 'customError', message: 'refused' });
    await step(60_000);
    expect(server.reports).toHaveLength(1);
    expect(reporter.counts).toMatchObject({ cachedBatches: 0, dropped: 1 });
  });

  it('holds at most 1000 cached batches while the endpoint fails, dropping the oldest; the newest 1000 arrive later', async () => {
    const server = statisticsServer(configAnswer({ maxSize: 1, minInterval: 2, maxDelay: 2 }));
    const reporter = reporterOn(server);
    reporter.start();
    await step(0);
    server.answerReports(() => 'refuse');
    reporter.report({ kind: 'customError', message: 'm0' });
    await step(0);
    expect(reporter.counts.cachedBatches).toBe(1);
    const total = REPORTER_CACHE_MAX + 1500;
    for (let n = 1; n < total; n++) reporter.report({ kind: 'customError', message: `m${n}` });
    await step(0);
    expect(reporter.counts).toMatchObject({ cachedBatches: REPORTER_CACHE_MAX, pending: 0, dropped: 1500 });
    server.reports.length = 0;
    server.answerReports(() => Response.json({ code: 200 }));
    await step(2000 * (REPORTER_CACHE_MAX + 1));
    expect(server.received()).toEqual(Array.from({ length: REPORTER_CACHE_MAX }, (_, i) => `m${1500 + i}`));
    expect(reporter.counts).toMatchObject({ cachedBatches: 0, sent: REPORTER_CACHE_MAX });
  });

  it('keeps at most 1000 events waiting for the dispatcher, dropping the oldest', async () => {
    const server = statisticsServer(() => 'hang');
    const reporter = reporterOn(server);
    reporter.start();
    for (let n = 0; n < REPORTER_MESSAGE_LIST_MAX + 250; n++) reporter.report({ kind: 'connection', message: `m${n}` });
    expect(reporter.counts).toMatchObject({ pending: REPORTER_MESSAGE_LIST_MAX, dropped: 250 });
  });

  it('stops: nothing more is sent and timers are cleared', async () => {
    const server = statisticsServer(configAnswer({}));
    const reporter = reporterOn(server);
    reporter.start();
    await step(0);
    reporter.report({ kind: 'connection', name: 'loggedIn' });
    reporter.stop();
    await step(60_000);
    expect(server.reports).toHaveLength(0);
    expect(jest.getTimerCount()).toBe(0);
  });
});
