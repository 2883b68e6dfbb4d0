import { Telemetry, type TelemetryOptions } from './telemetry';
import { LBS_FAILURE_THROTTLE_MS, MSG_DELAY_FLUSH_ABOVE, MSG_DELAY_FLUSH_INTERVAL_MS, readReportSettings } from './telemetry-config';

type Answer = Response | 'refuse';

/** The statistics host: records every POST body by URL and answers what the test scripts. */
function statisticsHost() {
  const posts: Array<{ url: string; body: Record<string, unknown> }> = [];
  let answer: () => Answer = () => Response.json({ code: 200 });
  const fetch = ((url: string, init: RequestInit) => {
    posts.push({ url, body: JSON.parse(String(init.body)) });
    const value = answer();
    return value === 'refuse' ? Promise.reject(new TypeError('fetch failed')) : Promise.resolve(value);
  }) as unknown as typeof globalThis.fetch;
  return {
    fetch,
    posts,
    to: (url: string) => posts.filter((p) => p.url === url).map((p) => p.body),
    answer: (next: () => Answer) => (answer = next),
  };
}

const FAIL_URL = 'http://stats.test/stats/lbs-failure';
const DELAY_URL = 'http://stats.test/stats/msg-delay';

function telemetryOn(host: ReturnType<typeof statisticsHost>, extra: Partial<TelemetryOptions> = {}) {
  return new Telemetry({
    appKey: 'app-1',
    account: 'alice',
    sdkVersion: '0.1.0',
    manufactor: 'test-vendor',
    lbsFailureUrl: FAIL_URL,
    msgDelayUrl: DELAY_URL,
    fetch: host.fetch,
    timers: { setTimeout: (cb, ms) => setTimeout(cb, ms), clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) },
    now: () => Date.now(),
    ...extra,
  });
}

const step = (ms: number) => jest.advanceTimersByTimeAsync(ms);
const failure = (errorCode: number | string, requestUrl = 'http://lbs.test/lbs?id=alice&networkType=0&k=app-1') => ({ requestUrl, errorCode });
const sample = (n: number) => ({ fromAccid: 'bob', msgId: `m${n}`, serverTime: Date.now() - 40, sessionId: 'p2p-bob' });

describe('failed-location reports (§7, §9 throttle 60000 ms, duplicates dropped)', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    jest.setSystemTime(1_800_000_000_000);
  });
  afterEach(() => jest.useRealTimers());

  it('posts request_url, appkey, accid, timestamp, error_code, platform and send_time', async () => {
    const host = statisticsHost();
    const telemetry = telemetryOn(host);
    telemetry.onLocationFailed(failure(503));
    await step(0);
    expect(host.to(FAIL_URL)).toEqual([
      { request_url: 'http://lbs.test/lbs?id=alice&networkType=0&k=app-1', appkey: 'app-1', accid: 'alice', timestamp: 1_800_000_000_000, error_code: 503, platform: 'web', send_time: 1_800_000_000_000 },
    ]);
    expect(telemetry.counts.failuresSent).toBe(1);
  });

  it('sends at most one report per 60 s: a distinct failure waits for the window, a duplicate is dropped', async () => {
    const host = statisticsHost();
    const telemetry = telemetryOn(host);
    telemetry.onLocationFailed(failure(503));
    await step(0);
    telemetry.onLocationFailed(failure(503)); // the same failure again: dropped
    telemetry.onLocationFailed(failure('ETIMEDOUT'));
    telemetry.onLocationFailed(failure('ETIMEDOUT')); // a duplicate of one waiting: dropped
    await step(LBS_FAILURE_THROTTLE_MS - 1);
    expect(host.to(FAIL_URL)).toHaveLength(1);
    await step(1);
    const sent = host.to(FAIL_URL);
    expect(sent.map((r) => r.error_code)).toEqual([503, 'ETIMEDOUT']);
    // The held report keeps the time of the failure and says when it went.
    expect(sent[1]).toMatchObject({ timestamp: 1_800_000_000_000, send_time: 1_800_000_000_000 + LBS_FAILURE_THROTTLE_MS });
    expect(telemetry.counts).toMatchObject({ failuresSent: 2, failuresDropped: 2 });
    // After the window the same failure is news again.
    await step(LBS_FAILURE_THROTTLE_MS);
    telemetry.onLocationFailed(failure(503));
    await step(0);
    expect(host.to(FAIL_URL)).toHaveLength(3);
  });

  it('takes the throttle and the URLs from the location answer (common.report), ignoring garbage', async () => {
    const host = statisticsHost();
    const telemetry = telemetryOn(host);
    telemetry.onLocation({ msgStatEnable: false, report: { throttleMs: 5000, lbsFailureUrl: 'http://other.test/fail' } });
    expect(telemetry.failureThrottleMs).toBe(5000);
    telemetry.onLocationFailed(failure(500));
    telemetry.onLocationFailed(failure(502));
    await step(5000);
    expect(host.to('http://other.test/fail').map((r) => r.error_code)).toEqual([500, 502]);
    for (const garbage of [null, 'x', [1], { throttleMs: -1 }, { throttleMs: '9' }, { throttleMs: 1e12, lbsFailureUrl: 'javascript:alert(1)' }]) {
      telemetry.onLocation({ msgStatEnable: false, report: garbage });
      expect(telemetry.failureThrottleMs).toBe(LBS_FAILURE_THROTTLE_MS);
    }
    expect(readReportSettings({ lbsFailureUrl: 'javascript:alert(1)', msgDelayUrl: 42 })).toEqual({});
  });

  it('keeps working when the statistics host refuses or answers garbage', async () => {
    const host = statisticsHost();
    host.answer(() => 'refuse');
    const telemetry = telemetryOn(host, { timers: undefined });
    telemetry.onLocationFailed(failure(503));
    await step(0);
    host.answer(() => new Response('<html>', { status: 500 }));
    await step(LBS_FAILURE_THROTTLE_MS);
    telemetry.onLocationFailed(failure(504));
    await step(0);
    expect(telemetry.counts).toMatchObject({ failuresSent: 0, failuresDropped: 2 });
    telemetry.stop();
  });
});

describe('message-delay beacon (§7 fields, §9 every 10 s or above 5 queued, msg.stat.enable)', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    jest.setSystemTime(1_800_000_000_000);
  });
  afterEach(() => jest.useRealTimers());

  it('is off until a location answer enables it: samples before that are not kept', async () => {
    const host = statisticsHost();
    const telemetry = telemetryOn(host);
    telemetry.onMessage(sample(1));
    telemetry.onLocation({ msgStatEnable: false, report: undefined });
    telemetry.onMessage(sample(2));
    await step(MSG_DELAY_FLUSH_INTERVAL_MS * 2);
    expect(host.to(DELAY_URL)).toEqual([]);
    telemetry.onLocation({ msgStatEnable: true, report: undefined });
    telemetry.onMessage(sample(3));
    await step(MSG_DELAY_FLUSH_INTERVAL_MS);
    expect(host.to(DELAY_URL).map((b) => (b.list as Array<{ msgId: string }>).map((e) => e.msgId))).toEqual([['m3']]);
  });

  it('sends every 10 s what is queued, with the §7 fields of each entry', async () => {
    const host = statisticsHost();
    const telemetry = telemetryOn(host);
    telemetry.onLocation({ msgStatEnable: true, report: undefined });
    telemetry.onMessage(sample(1));
    await step(MSG_DELAY_FLUSH_INTERVAL_MS - 1);
    expect(host.to(DELAY_URL)).toEqual([]);
    await step(1);
    expect(host.to(DELAY_URL)).toEqual([
      {
        list: [
          { appkey: 'app-1', accid: 'alice', fromAccid: 'bob', msgId: 'm1', serverTime: 1_800_000_000_000 - 40, receiveTime: 1_800_000_000_000, sessionId: 'p2p-bob', platform: 'web', sdk_ver: '0.1.0', manufactor: 'test-vendor' },
        ],
      },
    ]);
  });

  it('sends at once when more than 5 entries are queued', async () => {
    const host = statisticsHost();
    const telemetry = telemetryOn(host);
    telemetry.onLocation({ msgStatEnable: true, report: undefined });
    for (let n = 1; n <= MSG_DELAY_FLUSH_ABOVE; n += 1) telemetry.onMessage(sample(n));
    await step(0);
    expect(host.to(DELAY_URL)).toEqual([]);
    telemetry.onMessage(sample(6));
    await step(0);
    expect(host.to(DELAY_URL).map((b) => (b.list as unknown[]).length)).toEqual([6]);
    await step(MSG_DELAY_FLUSH_INTERVAL_MS);
    expect(host.to(DELAY_URL)).toHaveLength(1);
  });

  it('goes to the URL of common.report, and stops (dropping its queue) when an answer turns it off', async () => {
    const host = statisticsHost();
    const telemetry = telemetryOn(host, { msgDelayUrl: undefined });
    telemetry.onLocation({ msgStatEnable: true, report: undefined });
    expect(telemetry.beaconEnabled).toBe(false); // nowhere to send
    telemetry.onLocation({ msgStatEnable: true, report: { msgDelayUrl: 'http://other.test/delay' } });
    telemetry.onMessage(sample(1));
    telemetry.onLocation({ msgStatEnable: false, report: { msgDelayUrl: 'http://other.test/delay' } });
    await step(MSG_DELAY_FLUSH_INTERVAL_MS);
    expect(host.posts).toEqual([]);
    telemetry.onLocation({ msgStatEnable: true, report: { msgDelayUrl: 'http://other.test/delay' } });
    telemetry.onMessage(sample(2));
    await step(MSG_DELAY_FLUSH_INTERVAL_MS);
    expect(host.to('http://other.test/delay')).toHaveLength(1);
  });

  it('a failed beacon is dropped and counted; the next one still goes', async () => {
    const host = statisticsHost();
    host.answer(() => 'refuse');
    const telemetry = telemetryOn(host);
    telemetry.onLocation({ msgStatEnable: true, report: undefined });
    telemetry.onMessage(sample(1));
    await step(MSG_DELAY_FLUSH_INTERVAL_MS);
    expect(telemetry.counts.beaconEntriesDropped).toBe(1);
    host.answer(() => Response.json({ code: 200 }));
    telemetry.onMessage(sample(2));
    await step(MSG_DELAY_FLUSH_INTERVAL_MS);
    expect(telemetry.counts.beaconsSent).toBe(1);
  });
});
