import { ImError, ImErrorName } from '../errors';
import { MemoryStore } from '../store/memory-store';
import { FakeConnection } from '../testing/fake-connection';
import type { ReporterPort } from '../background/reporter';
import { CdnHost, cdnFileUrl, cdnRefreshDelayMs, CDN_REFRESH_FACTOR } from './cdn-host';
import { reportOfError } from './client-background';
import { ImClient } from './im-client';
import { DISCONNECT_CALLBACK_TIMEOUT_MS } from '../connection/timing';

const silentLogger = { info: jest.fn(), warn: jest.fn(), error: jest.fn() };

describe('CDN host (§4 after login, §7 getNosCdnHost, §9 refresh 800 × expiry)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('refreshes after 800 × the expiry, never for -1 (permanent) or 0 (none)', () => {
    expect(CDN_REFRESH_FACTOR).toBe(800);
    expect(cdnRefreshDelayMs(10)).toBe(8000);
    expect(cdnRefreshDelayMs(3600)).toBe(2_880_000);
    expect(cdnRefreshDelayMs(-1)).toBeUndefined();
    expect(cdnRefreshDelayMs(0)).toBeUndefined();
    expect(cdnRefreshDelayMs(Number.NaN)).toBeUndefined();
  });

  it('asks again on the timer and uses the newest answer for file URLs', async () => {
    const answers = [
      { cdnDomain: 'cdn-1.example', objectNamePrefix: 'http://store/nos/', expire: 10 },
      { cdnDomain: 'https://cdn-2.example/files/', objectNamePrefix: 'http://store/nos/', expire: -1 },
    ];
    let asked = 0;
    const host = new CdnHost({ fetchHost: async () => answers[Math.min(asked++, answers.length - 1)] });
    await host.refresh();
    expect(host.fileUrl('http://store/nos/bucket/a.png')).toBe('https://cdn-1.example/bucket/a.png');
    await jest.advanceTimersByTimeAsync(7999);
    expect(asked).toBe(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(asked).toBe(2);
    expect(host.fileUrl('http://store/nos/bucket/a.png')).toBe('https://cdn-2.example/files/bucket/a.png');
    // -1: permanent, no further timer.
    expect(jest.getTimerCount()).toBe(0);
    await jest.advanceTimersByTimeAsync(10 * 24 * 3600 * 1000);
    expect(asked).toBe(2);
  });

  it('with expiry 0 keeps file URLs as they are and sets no timer; a failed lookup keeps the last host', async () => {
    let answer: () => Promise<{ cdnDomain: string; objectNamePrefix: string; expire: number }> = async () => ({ cdnDomain: 'cdn.example', objectNamePrefix: 'http://store/nos/', expire: 0 });
    const errors: unknown[] = [];
    const host = new CdnHost({ fetchHost: () => answer(), onError: (e) => errors.push(e) });
    await host.refresh();
    expect(host.fileUrl('http://store/nos/x')).toBe('http://store/nos/x');
    expect(jest.getTimerCount()).toBe(0);
    answer = async () => ({ cdnDomain: 'cdn.example', objectNamePrefix: 'http://store/nos/', expire: 60 });
    await host.refresh();
    answer = () => Promise.reject(new Error('offline'));
    await jest.advanceTimersByTimeAsync(48_000);
    expect(errors).toHaveLength(1);
    expect(host.fileUrl('http://store/nos/x')).toBe('https://cdn.example/x');
    host.stop();
    expect(jest.getTimerCount()).toBe(0);
  });

  it('rewrites only URLs under the served prefix', () => {
    const info = { cdnDomain: 'cdn.example', objectNamePrefix: 'http://store/nos/', expire: -1 };
    expect(cdnFileUrl(info, 'http://other/nos/x')).toBe('http://other/nos/x');
    expect(cdnFileUrl(info, 'http://store/nos/a/b?imageInfo')).toBe('https://cdn.example/a/b?imageInfo');
    expect(cdnFileUrl({ ...info, cdnDomain: '' }, 'http://store/nos/x')).toBe('http://store/nos/x');
    expect(cdnFileUrl(undefined, 'http://store/nos/x')).toBe('http://store/nos/x');
  });
});

describe('what the client reports (§4 Reporter, §8)', () => {
  it('maps §8 408/415/500, the custom errors, heartbeat errors and upload failures; nothing else', () => {
    expect(reportOfError(new ImError(ImErrorName.Server_Error, 'x', { code: 500, command: 'sendMsg' }))).toMatchObject({ kind: 'serverError', code: 500, command: 'sendMsg' });
    expect(reportOfError(new ImError(ImErrorName.Not_Support, 'x', { code: 415 }))).toMatchObject({ kind: 'serverError' });
    expect(reportOfError(new ImError(ImErrorName.Error_Timeout, 'x', { code: 408 }))).toMatchObject({ kind: 'serverError' });
    expect(reportOfError(new ImError(ImErrorName.SYNC_DATA_ERROR, 'x'))).toMatchObject({ kind: 'customError', name: 'SYNC_DATA_ERROR' });
    expect(reportOfError(new ImError(ImErrorName.HEARTBEAT_ERROR, 'x', { command: 'heartbeat' }))).toMatchObject({ kind: 'customError' });
    expect(reportOfError(new ImError(ImErrorName.Upload_Failed, '500 (edge down)'))).toMatchObject({ kind: 'uploadFailure' });
    expect(reportOfError(new ImError(ImErrorName.Server_Error, 'x', { code: 414 }))).toBeUndefined();
    expect(reportOfError(new ImError(ImErrorName.Param_Error, 'x'))).toBeUndefined();
  });
});

describe('ImClient background wiring', () => {
  function clientWithReporter() {
    const fake = new FakeConnection();
    fake.answer('sync', (_body, f) => {
      setTimeout(() => f.push('syncDone', { timetag: 1000 }), 0);
      return {};
    });
    fake.answer('getNosCdnHost', () => ({ cdnDomain: 'cdn.example', objectNamePrefix: 'http://store/nos/', expire: -1 }));
    const reports: Array<Parameters<ReporterPort['report']>[0]> = [];
    const reporter: ReporterPort & { starts: number } = { starts: 0, report: (e) => reports.push(e), start: () => void reporter.starts++, stop: () => undefined };
    const client = new ImClient({ account: 'me', connection: fake, store: new MemoryStore(), logger: silentLogger, reporter });
    const errors: ImError[] = [];
    client.on('error', (e) => errors.push(e));
    return { fake, client, reports, reporter, errors };
  }

  it('starts the reporter after login, reports the connection steps and loads the CDN host for file URLs', async () => {
    const { client, reports, reporter } = clientWithReporter();
    await client.connect();
    expect(reporter.starts).toBe(1);
    expect(reports.filter((r) => r.kind === 'connection').map((r) => r.name)).toEqual(['connecting', 'connected', 'loggedIn']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(client.fileUrl('http://store/nos/b/o.png')).toBe('https://cdn.example/b/o.png');
    await client.destroy();
  });

  it("raises the connection's 408/415/500 and heartbeat errors on the client's error event and reports them (they were dropped)", async () => {
    const { fake, client, reports, errors } = clientWithReporter();
    await client.connect();
    fake.fire('error', new ImError(ImErrorName.Server_Error, 'sendMsg answered 500', { code: 500, command: 'sendMsg' }));
    fake.fire('error', new ImError(ImErrorName.HEARTBEAT_ERROR, 'no heartbeat response (1 in a row)', { command: 'heartbeat' }));
    expect(errors.map((e) => e.code ?? e.errorName)).toEqual([500, 'HEARTBEAT_ERROR']);
    expect(reports.filter((r) => r.kind !== 'connection')).toEqual([
      expect.objectContaining({ kind: 'serverError', code: 500, command: 'sendMsg' }),
      expect.objectContaining({ kind: 'customError', name: 'HEARTBEAT_ERROR', command: 'heartbeat' }),
    ]);
    fake.fire('kicked', { reason: 2, text: 'Kicked by the server', error: new ImError(ImErrorName.Kicked, 'Kicked by the server') });
    expect(reports[reports.length - 1]).toMatchObject({ kind: 'connection', name: 'kicked', code: 2 });
    client.reportUploadFailure(new ImError(ImErrorName.Upload_Failed, '503 (edge down)'));
    expect(reports[reports.length - 1]).toMatchObject({ kind: 'uploadFailure', message: '503 (edge down)' });
    await client.destroy();
  });

  it('reports SYNC_DATA_ERROR when the sync gives up', async () => {
    const { fake, client, reports } = clientWithReporter();
    fake.answer('sync', () => {
      throw new ImError(ImErrorName.Server_Error, 'sync failed', { code: 414 });
    });
    await client.connect();
    expect(reports.filter((r) => r.kind === 'customError' || r.kind === 'serverError')).toEqual([expect.objectContaining({ name: expect.stringMatching(/^SYNC_/) })]);
    await client.destroy();
  });

  it('resolves logout within the 10000 ms disconnect-callback timeout when the server never answers', async () => {
    const { fake, client } = clientWithReporter();
    await client.connect();
    jest.useFakeTimers();
    try {
      let logoutCalls = 0;
      fake.logout = () => {
        logoutCalls++;
        return new Promise<void>(() => undefined);
      };
      let done = false;
      void client.logout().then(() => (done = true));
      await jest.advanceTimersByTimeAsync(DISCONNECT_CALLBACK_TIMEOUT_MS - 1);
      expect(done).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      expect(done).toBe(true);
      expect(DISCONNECT_CALLBACK_TIMEOUT_MS).toBe(10_000);
      expect(logoutCalls).toBe(2);
    } finally {
      jest.useRealTimers();
    }
  });
});
