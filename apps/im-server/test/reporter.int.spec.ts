// The reporter and the CDN host against the real im-server (issue 30 §1, §5; docs/im-background.md):
// im-core's Reporter asks the server's statistics dispatcher, sends its batches to the report endpoint
// and the events land in the database; a dispatcher that is off, down or answers garbage leaves the
// client chatting with the reporter off; a dead report endpoint never holds up messaging; the
// retention sweep removes old events; getNosCdnHost's CDN is used for file URLs and refreshed.
import { FileUploader, ImErrorName, Reporter, type ImClient, type ReporterOptions } from '@merchant/im-core';
import { TEST_APP_KEY } from './support/raw-client';
import { imCoreClient, waitFor } from './support/im-core-clients';
import { account, startServer, type StartedServer } from './support/test-server';

/** A port nothing listens on (connection refused at once). */
const DEAD_URL = 'http://127.0.0.1:9';

describe('reporter against im-server (§4 Reporter, §7 statistics calls)', () => {
  let started: StartedServer;
  let cdn = { domain: 'cdn-a.example', expire: 1 };
  const clients: ImClient[] = [];
  const reporters: Reporter[] = [];
  beforeAll(async () => {
    started = await startServer({ reporter: { maxSize: 3, maxInterval: 2, minInterval: 2 }, cdn: () => cdn });
  });
  afterAll(async () => {
    for (const c of clients) await c.destroy();
    for (const r of reporters) r.stop();
    await started.server.close();
  });

  const reporterFor = (name: string, extra: Partial<ReporterOptions> = {}) => {
    const reporter = new Reporter({
      dispatcherUrl: `${started.url}/stats/dispatcher`,
      reportUrl: `${started.url}/stats/report`,
      appKey: TEST_APP_KEY,
      account: name,
      deviceId: `device-${name}`,
      sdkVersion: '0.1.0',
      ...extra,
    });
    reporters.push(reporter);
    return reporter;
  };
  const clientWith = (name: string, reporter: Reporter) => {
    const client = imCoreClient(started.url, name, { reporter });
    clients.push(client);
    return client;
  };

  it('the dispatcher answers the configured values, refuses another app key and names a missing field', async () => {
    const ask = (query: string) => fetch(`${started.url}/stats/dispatcher?${query}`);
    const ok = await ask(`deviceId=d1&sdktype=im&sdkVer=0.1.0&platform=web&appkey=${TEST_APP_KEY}`);
    expect(await ok.json()).toEqual({ code: 200, maxSize: 3, maxInterval: 2, minInterval: 2, maxDelay: 300 });
    const other = await ask('deviceId=d1&appkey=another-app');
    expect(other.status).toBe(403);
    const missing = await ask(`appkey=${TEST_APP_KEY}`);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ code: 414, field: 'deviceId' });
  });

  it('a client reports its connection events and an upload failure; they are stored with the account', async () => {
    const name = account('rep_alice');
    const reporter = reporterFor(name);
    const client = clientWith(name, reporter);
    expect(reporter.enabled).toBe(false); // §4: starts disabled
    await client.connect();
    await waitFor(() => reporter.enabled, 10_000, 'reporter enabled by the dispatcher');
    expect(reporter.config).toEqual({ maxSize: 3, intervalMs: 2000, minIntervalMs: 2000, maxDelayMs: 300_000 });

    // A real upload failure: the only edge refuses connections and there is no load balancer.
    const uploader = new FileUploader({
      requestToken: async () => ({ bucket: 'b', objectName: 'o', token: 't', expireTime: Date.now() + 60_000 }),
      edges: () => [DEAD_URL],
      onFailure: (error) => client.reportUploadFailure(error),
    });
    await expect(uploader.upload({ type: 'file', blob: new Blob(['0123456789']), name: 'a.txt' })).rejects.toMatchObject({ errorName: ImErrorName.Upload_Failed });

    await waitFor(async () => (await started.server.reporterEvents({ account: name })).some((e) => e.kind === 'uploadFailure'), 20_000, 'upload failure stored');
    const events = await started.server.reporterEvents({ account: name });
    expect(events.filter((e) => e.kind === 'connection').map((e) => e.name)).toEqual(expect.arrayContaining(['connecting', 'connected', 'loggedIn']));
    expect(events.find((e) => e.kind === 'uploadFailure')).toMatchObject({ name: 'Upload_Failed', deviceId: `device-${name}` });
    expect(reporter.counts).toMatchObject({ dropped: 0, cachedBatches: 0 });
  });

  it('refuses a batch of another app key or of the wrong shape, storing nothing', async () => {
    const name = account('rep_mallory');
    const post = (body: unknown) => fetch(`${started.url}/stats/report`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const event = { customError: [{ time: Date.now(), name: 'SYNC_DATA_ERROR', message: 'x' }] };
    const other = await post({ common: { appkey: 'another-app', deviceId: 'd', accid: name }, event });
    expect(other.status).toBe(403);
    const unknownKind = await post({ common: { appkey: TEST_APP_KEY, deviceId: 'd', accid: name }, event: { secrets: [{ time: 1 }] } });
    expect(unknownKind.status).toBe(400);
    expect(await unknownKind.json()).toMatchObject({ code: 414, field: 'event.secrets' });
    const badTime = await post({ common: { appkey: TEST_APP_KEY, deviceId: 'd', accid: name }, event: { customError: [{ time: 'yesterday' }] } });
    expect(await badTime.json()).toMatchObject({ code: 414, field: 'event.customError.0.time' });
    const tooMany = await post({ common: { appkey: TEST_APP_KEY, deviceId: 'd', accid: name }, event: { customError: Array.from({ length: 1001 }, () => ({ time: 1 })) } });
    expect(tooMany.status).toBe(400);
    expect(await started.server.reporterEvents({ account: name })).toEqual([]);
    const accepted = await post({ common: { appkey: TEST_APP_KEY, deviceId: 'd', accid: name }, event });
    expect(await accepted.json()).toEqual({ code: 200, stored: 1 });
    expect(await started.server.reporterEvents({ account: name })).toEqual([expect.objectContaining({ kind: 'customError', name: 'SYNC_DATA_ERROR' })]);
  });

  it.each([
    ['down', DEAD_URL],
    ['answering garbage (a page that is not the dispatcher)', 'healthz'],
  ])('a dispatcher %s leaves the reporter off and the client chatting', async (_, dispatcher) => {
    const name = account('rep_bob');
    const dispatcherUrl = dispatcher === 'healthz' ? `${started.url}/healthz` : `${DEAD_URL}/stats/dispatcher`;
    const reasons: string[] = [];
    const reporter = reporterFor(name, { dispatcherUrl, onDisabled: (reason) => reasons.push(reason) });
    const client = clientWith(name, reporter);
    await client.connect();
    await waitFor(() => reporter.state === 'disabled', 10_000, 'reporter off');
    expect(reasons).toHaveLength(1);
    const sent = await client.messages.sendText({ scene: 'p2p', to: name, text: 'still chatting' });
    expect(sent.status).toBe('success');
  });

  it('a dead report endpoint caches the batches and never holds up messaging', async () => {
    const name = account('rep_carol');
    const reporter = reporterFor(name, { reportUrl: `${DEAD_URL}/stats/report` });
    const client = clientWith(name, reporter);
    await client.connect();
    await waitFor(() => reporter.counts.cachedBatches >= 1, 10_000, 'a failed batch cached');
    const sent = await client.messages.sendText({ scene: 'p2p', to: name, text: 'not blocked' });
    expect(sent.status).toBe('success');
    expect(reporter.counts.dropped).toBe(0);
  });

  it('getNosCdnHost: the client reads file URLs through the CDN and asks again after 800 × the expiry', async () => {
    const name = account('rep_cdn');
    const client = clientWith(name, reporterFor(name));
    await client.connect();
    const file = `${started.url}/nos/bucket/object.png`;
    await waitFor(() => client.fileUrl(file) === 'https://cdn-a.example/bucket/object.png', 10_000, 'CDN host loaded');
    expect(client.fileUrl('http://elsewhere/x.png')).toBe('http://elsewhere/x.png');
    cdn = { domain: 'https://cdn-b.example/files', expire: -1 };
    // expire 1 s: the client asks again after 800 ms.
    await waitFor(() => client.fileUrl(file) === 'https://cdn-b.example/files/bucket/object.png', 10_000, 'CDN host refreshed');
  });
});

describe('reporter events retention and a dispatcher turned off', () => {
  let started: StartedServer;
  beforeAll(async () => {
    started = await startServer({ reporter: { enabled: false }, reporterRetentionMs: 1000, reporterSweepIntervalMs: 100 });
  });
  afterAll(async () => {
    await started.server.close();
  });

  it('answers code 415 when reporting is off: a client keeps the reporter off and chats', async () => {
    const name = account('rep_off');
    const reporter = new Reporter({
      dispatcherUrl: `${started.url}/stats/dispatcher`,
      reportUrl: `${started.url}/stats/report`,
      appKey: TEST_APP_KEY,
      deviceId: 'd-off',
      sdkVersion: '0.1.0',
    });
    const client = imCoreClient(started.url, name, { reporter });
    try {
      await client.connect();
      await waitFor(() => reporter.state === 'disabled', 10_000, 'reporter off');
      expect((await client.messages.sendText({ scene: 'p2p', to: name, text: 'hi' })).status).toBe('success');
    } finally {
      await client.destroy();
    }
  });

  it('removes events older than the retention', async () => {
    const name = account('rep_old');
    const response = await fetch(`${started.url}/stats/report`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ common: { appkey: TEST_APP_KEY, deviceId: 'd', accid: name }, event: { connection: [{ time: Date.now(), name: 'loggedIn' }] } }),
    });
    expect(await response.json()).toEqual({ code: 200, stored: 1 });
    expect(await started.server.reporterEvents({ account: name })).toHaveLength(1);
    await waitFor(async () => (await started.server.reporterEvents({ account: name })).length === 0, 10_000, 'old event swept');
  });
});
