// Telemetry and probes against the real im-server (issue 30 §4; docs/im-background.md "Telemetry and
// probes", "Operator summary"): the location answer carries msg.stat.enable and common.report; the
// probes decide the networkType the client sends; im-core's failed-location reports land in the
// database, throttled and without duplicates; beacons from a receiving client are collected; another
// app key and malformed bodies are refused; the operator endpoint and CLI show delay p50/p99 per hour.
import { NetworkType, probeNetworkType, type FetchLike, type ImClient } from '@merchant/im-core';
import { DEFAULT_OPERATOR_KEY } from '../src/config';
import { runOperatorCli } from '../src/operator/operator-cli';
import { TEST_APP_KEY } from './support/raw-client';
import { imCoreClient, waitFor } from './support/im-core-clients';
import { account, runId, startServer, type StartedServer } from './support/test-server';

describe('telemetry and probes against im-server (§4, §7, §9)', () => {
  let started: StartedServer;
  const clients: ImClient[] = [];
  beforeAll(async () => {
    started = await startServer({ telemetry: { msgStatEnable: true, lbsFailureThrottleMs: 60_000 } });
  });
  afterAll(async () => {
    for (const c of clients) await c.destroy();
    await started.server.close();
  });

  const operator = async (path: string) => {
    const response = await fetch(`${started.url}/operator${path}`, { headers: { authorization: `Bearer ${DEFAULT_OPERATOR_KEY}` } });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const post = (path: string, body: unknown) => fetch(`${started.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  /** The lbs URLs a client asked, through a fetch that records them. */
  const recordingFetch = (asked: string[]): FetchLike => (url, init) => {
    asked.push(url);
    return globalThis.fetch(url, init as RequestInit) as ReturnType<FetchLike>;
  };

  it('the location answer carries msg.stat.enable and common.report (the URLs and the throttle)', async () => {
    const response = await fetch(`${started.url}/lbs?id=a&sv=0.1.0&pv=1&networkType=2&k=${TEST_APP_KEY}`);
    const body = (await response.json()) as { common: Record<string, unknown> };
    expect(body.common['msg.stat.enable']).toBe(true);
    expect(body.common.report).toEqual({ lbsFailureUrl: `${started.url}/stats/lbs-failure`, msgDelayUrl: `${started.url}/stats/msg-delay`, throttleMs: 60_000 });
  });

  it('the probes decide networkType: only IPv4 answers gives 0, both give 2, and it goes to the location service', async () => {
    const v4 = `${started.url}/stats/probe/ipv4`;
    // The server listens on 127.0.0.1 only: its IPv6 address does not answer.
    const unreachableV6 = `http://[::1]:${new URL(started.url).port}/stats/probe/ipv6`;
    expect(await probeNetworkType({ ipv4Url: v4, ipv6Url: unreachableV6 })).toBe(NetworkType.ipv4);
    expect(await probeNetworkType({ ipv4Url: v4, ipv6Url: `${started.url}/stats/probe/ipv6` })).toBe(NetworkType.dualStack);
    const asked: string[] = [];
    const client = imCoreClient(started.url, account('tel_probe'), {
      fetch: recordingFetch(asked),
      networkTypeProbe: () => probeNetworkType({ ipv4Url: v4, ipv6Url: `${started.url}/stats/probe/ipv6` }),
    });
    clients.push(client);
    await client.connect();
    expect(new URL(asked[0]).searchParams.get('networkType')).toBe('2');
  });

  it('failed location calls are stored once per throttle window; a repeat is dropped by the client and by the server', async () => {
    const name = account('tel_lbsfail');
    const client = imCoreClient(started.url, name, {
      lbsUrl: `${started.url}/no-such-lbs`,
      needReconnect: false,
      telemetry: { lbsFailureUrl: `${started.url}/stats/lbs-failure` },
    });
    clients.push(client);
    // Counted from what the summary held before: on PostgreSQL the database (and earlier runs' reports) is shared.
    const lbs404 = async () => ((await operator('/telemetry')).body as { connectionFailures: { source: string; code: string; count: number }[] }).connectionFailures.find((f) => f.source === 'lbs' && f.code === '404')?.count ?? 0;
    const before = await lbs404();
    await expect(client.connect()).rejects.toBeDefined();
    await expect(client.connect()).rejects.toBeDefined();
    await waitFor(async () => (await lbs404()) > before, 10_000, 'the failure stored');
    // Two failed lookups in the throttle window: one report.
    expect(await lbs404()).toBe(before + 1);
    // The same report posted again within the window (a client without a throttle) is not stored twice.
    const report = { request_url: `${started.url}/no-such-lbs?id=${name}`, appkey: TEST_APP_KEY, accid: name, timestamp: Date.now(), error_code: 503, platform: 'web', send_time: Date.now() };
    expect(await (await post('/stats/lbs-failure', report)).json()).toEqual({ code: 200, stored: true });
    expect(await (await post('/stats/lbs-failure', report)).json()).toEqual({ code: 200, stored: false });
  });

  it('refuses another app key and malformed reports and beacons, storing nothing', async () => {
    const counts = async () => {
      const { delays, connectionFailures } = (await operator('/telemetry')).body;
      return { delays, connectionFailures };
    };
    const before = await counts();
    const report = { request_url: 'http://x/lbs', appkey: 'another-app', accid: 'a', timestamp: 1, error_code: 500, platform: 'web', send_time: 2 };
    expect((await post('/stats/lbs-failure', report)).status).toBe(403);
    const missing = await post('/stats/lbs-failure', { ...report, appkey: TEST_APP_KEY, timestamp: 'yesterday' });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ code: 414, field: 'timestamp' });
    const entry = { appkey: TEST_APP_KEY, accid: 'a', fromAccid: 'b', msgId: 'm', serverTime: 1, receiveTime: 2, sessionId: 'p2p-b', platform: 'web', sdk_ver: '0.1.0', manufactor: '' };
    expect((await post('/stats/msg-delay', { list: [entry, { ...entry, appkey: 'another-app' }] })).status).toBe(403);
    const garbage = await post('/stats/msg-delay', { list: [{ ...entry, receiveTime: -5 }] });
    expect(await garbage.json()).toMatchObject({ code: 414, field: 'list.0.receiveTime' });
    expect((await post('/stats/msg-delay', 'not json at all')).status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('a receiving client sends beacons of the messages it got; the operator summary counts them', async () => {
    const before = (await operator('/telemetry')).body as { delays: { count: number }[] };
    const beforeCount = before.delays.reduce((sum, d) => sum + d.count, 0);
    const [alice, bob] = [account('tel_alice'), account('tel_bob')];
    const sender = imCoreClient(started.url, alice);
    const receiver = imCoreClient(started.url, bob, { telemetry: {} });
    clients.push(sender, receiver);
    await Promise.all([sender.connect(), receiver.connect()]);
    const received: string[] = [];
    receiver.on('msg', (m) => received.push(m.idServer ?? ''));
    // §9: more than 5 queued entries send the beacon at once (no 10 s wait).
    for (let n = 0; n < 6; n += 1) await sender.messages.sendText({ scene: 'p2p', to: bob, text: `hello ${n}` });
    await waitFor(() => received.length === 6, 10_000, 'six messages received');
    await waitFor(async () => ((await operator('/telemetry')).body as typeof before).delays.reduce((sum, d) => sum + d.count, 0) === beforeCount + 6, 10_000, 'six beacon entries stored');
  });

  it('the operator summary and CLI show message delay p50/p99 per hour', async () => {
    // One POST: all entries are received in the same hour. Delays 1..100 ms: p50 50.5 → 51, p99 99.01 → 99.
    // An app key of this run's own: on PostgreSQL the database (and the other tests' beacons) is shared.
    const appKey = `tel-summary-${runId}`;
    const fresh = await startServer({ appKey, telemetry: { msgStatEnable: true } });
    try {
      const serverTime = Date.now() - 1000;
      const list = Array.from({ length: 100 }, (_, i) => ({
        appkey: appKey, accid: 'ops_a', fromAccid: 'ops_b', msgId: `m${i}`, serverTime, receiveTime: serverTime + i + 1, sessionId: 'p2p-ops_b', platform: 'web', sdk_ver: '0.1.0', manufactor: '',
      }));
      const stored = await fetch(`${fresh.url}/stats/msg-delay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ list }) });
      expect(await stored.json()).toEqual({ code: 200, stored: 100 });
      const summary = await fetch(`${fresh.url}/operator/telemetry?hours=2`, { headers: { authorization: `Bearer ${DEFAULT_OPERATOR_KEY}` } });
      const body = (await summary.json()) as { delays: { hour: number; count: number; p50: number; p99: number }[] };
      expect([summary.status, body]).toEqual([200, expect.objectContaining({ appKey })]);
      expect(body.delays).toEqual([{ hour: expect.any(Number), count: 100, p50: 51, p99: 99 }]);
      expect(body.delays[0].hour % 3_600_000).toBe(0);
      const lines: string[] = [];
      expect(await runOperatorCli(['--url', fresh.url, '--key', DEFAULT_OPERATOR_KEY, 'telemetry', '2'], { fetch, out: (l) => lines.push(l), env: {} })).toBe(0);
      expect(lines.join('\n')).toMatch(/^\s+\d{4}-\d\d-\d\d \d\d:00\s+100\s+51\s+99\s+#+$/m);
      expect(lines).toContain('reporter events by kind');
      const bad = await fetch(`${fresh.url}/operator/telemetry?hours=0`, { headers: { authorization: `Bearer ${DEFAULT_OPERATOR_KEY}` } });
      expect(bad.status).toBe(400);
      expect((await fetch(`${fresh.url}/operator/telemetry`)).status).toBe(401);
    } finally {
      await fresh.server.close();
    }
  });
});
