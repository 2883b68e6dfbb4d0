import { ImConnection } from '../connection/im-connection';
import { fetchLocation, lookupLinks, type LocationFailure, type LocationResult } from '../connection/location-service';
import type { FetchLike } from '../transport/transport';

// How the probes and the telemetry meet the connection (issue 30 §4): the probe decides networkType
// in the location query; the connection tells each answer (msg.stat.enable, common.report) and each
// failed location call.

const query = { account: 'alice', appKey: 'app-1', sdkVersion: '0.1.0', networkType: 2 };
const answer = (status: number, body: unknown): ReturnType<FetchLike> =>
  Promise.resolve({ ok: status < 300, status, json: async () => (typeof body === 'string' ? JSON.parse(body) : body), arrayBuffer: async () => new ArrayBuffer(0) });

describe('location answer and failures for the telemetry (§7)', () => {
  it('reads msg.stat.enable and common.report; garbage in them turns the beacon off, never fails the lookup', async () => {
    const body = { common: { link: 'ws://a/ws', 'msg.stat.enable': true, report: { msgDelayUrl: 'http://s/msg-delay', throttleMs: 5000 } } };
    await expect(fetchLocation('http://lbs/main', query, () => answer(200, body), 1000)).resolves.toMatchObject({
      links: ['ws://a/ws'], msgStatEnable: true, report: { msgDelayUrl: 'http://s/msg-delay', throttleMs: 5000 },
    });
    const garbage = { common: { link: 'ws://a/ws', 'msg.stat.enable': 'yes', report: ['x'] } };
    await expect(fetchLocation('http://lbs/main', query, () => answer(200, garbage), 1000)).resolves.toMatchObject({ links: ['ws://a/ws'], msgStatEnable: false, report: undefined });
  });

  it('tells each failed call with its URL and a code: the HTTP status, BAD_ANSWER, NO_LINK, or the network error', async () => {
    const failures: LocationFailure[] = [];
    const byUrl: Record<string, () => ReturnType<FetchLike>> = {
      'http://lbs/main': () => answer(503, {}),
      'http://lbs/b1': () => answer(200, 'not json {'),
      'http://lbs/b2': () => answer(200, { common: { link: [] } }),
      'http://lbs/b3': () => Promise.reject(new TypeError('fetch failed')),
    };
    const fetch: FetchLike = (url) => byUrl[url.split('?')[0]]();
    const results: LocationResult[] = [];
    await expect(
      lookupLinks({ lbsUrl: 'http://lbs/main', query, fetch, backupRetryMs: 1, timeoutMs: 1000, knownBackupUrls: ['http://lbs/b1', 'http://lbs/b2', 'http://lbs/b3'], onFailure: (f) => failures.push(f), onResult: (r) => results.push(r) }),
    ).rejects.toMatchObject({ errorName: 'Connect_Failed' });
    expect(failures.map((f) => f.errorCode)).toEqual([503, 'BAD_ANSWER', 'NO_LINK', 'TypeError']);
    expect(failures[0].requestUrl).toBe('http://lbs/main?id=alice&sv=0.1.0&pv=1&networkType=2&k=app-1');
    expect(results).toHaveLength(1);
  });
});

describe('the connection asks the probe for networkType (§4, §7)', () => {
  function connectionWith(probe: (() => Promise<number>) | undefined, networkType?: number) {
    const asked: string[] = [];
    const connection = new ImConnection({
      lbsUrl: 'http://lbs/main', appKey: 'app-1', account: 'alice', token: 't', networkEvents: null, needReconnect: false, networkType, networkTypeProbe: probe,
      fetch: (url) => {
        asked.push(url);
        return answer(503, {});
      },
    });
    const failures: LocationFailure[] = [];
    connection.on('locationFailed', (failure) => failures.push(failure));
    return { connection, asked, failures };
  }
  const networkTypeOf = (url: string) => new URL(url).searchParams.get('networkType');

  it('sends the probe answer, and tells the failed lookup', async () => {
    const { connection, asked, failures } = connectionWith(async () => 2);
    await expect(connection.connect()).rejects.toBeDefined();
    expect(asked.map(networkTypeOf)).toEqual(['2']);
    expect(failures).toEqual([{ requestUrl: asked[0], errorCode: 503 }]);
    connection.destroy();
  });

  it('a probe that fails or answers garbage leaves the option (default 0)', async () => {
    for (const [probe, option, expected] of [[async () => 7, undefined, '0'], [() => Promise.reject(new Error('x')), 1, '1'], [async () => Number.NaN, undefined, '0']] as const) {
      const { connection, asked } = connectionWith(probe, option);
      await expect(connection.connect()).rejects.toBeDefined();
      expect(asked.map(networkTypeOf)).toEqual([expected]);
      connection.destroy();
    }
  });
});
