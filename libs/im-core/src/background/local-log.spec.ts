import {
  LOCAL_LOG_FLUSH_INTERVAL_MS,
  LOCAL_LOG_RETENTION_MS,
  LOG_UPLOAD_MAX_ATTEMPTS,
  LocalLog,
  logUploadRetryDelay,
  type LogUploadProgress,
} from './local-log';
import { MemoryLocalLogStore, type LocalLogRecord } from './local-log-store';
import { REDACTED, redactLogDetails, redactLogText } from './local-log-redaction';

const T0 = Date.UTC(2026, 11, 7, 8, 0, 0);

function setup(extra: Partial<ConstructorParameters<typeof LocalLog>[0]> = {}) {
  const store = new MemoryLocalLogStore();
  const added: LocalLogRecord[][] = [];
  const add = store.add.bind(store);
  store.add = async (records) => {
    added.push([...records]);
    return add(records);
  };
  const log = new LocalLog({ store, now: () => Date.now(), timers: { setTimeout: (cb, ms) => setTimeout(cb, ms), clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) }, ...extra });
  return { store, added, log };
}

describe('local debug log (im-client-spec §3, §9)', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    jest.setSystemTime(T0);
  });
  afterEach(() => jest.useRealTimers());

  it('keeps records of log, level and time, and flushes the queue after 60 s', async () => {
    const { log, added } = setup();
    log.write('info', 'connected');
    log.write('warn', 'slow heartbeat');
    await jest.advanceTimersByTimeAsync(LOCAL_LOG_FLUSH_INTERVAL_MS - 1);
    expect(added).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(added).toEqual([[
      { log: 'connected', level: 'info', time: T0 },
      { log: 'slow heartbeat', level: 'warn', time: T0 },
    ]]);
  });

  it('flushes at once when more than 50 entries wait, not at 50', async () => {
    const { log, added } = setup();
    for (let i = 1; i <= 50; i++) log.write('debug', `line ${i}`);
    await jest.advanceTimersByTimeAsync(0);
    expect(added).toHaveLength(0);
    log.write('debug', 'line 51');
    await jest.advanceTimersByTimeAsync(0);
    expect(added).toHaveLength(1);
    expect(added[0]).toHaveLength(51);
    expect(log.queued).toBe(0);
  });

  it('keeps 72 hours: older records are dropped at the next flush', async () => {
    const { log } = setup();
    log.write('info', 'old');
    await log.flush();
    jest.setSystemTime(T0 + LOCAL_LOG_RETENTION_MS);
    log.write('info', 'at the edge');
    expect((await log.records()).map((r) => r.log)).toEqual(['old', 'at the edge']);
    jest.setSystemTime(T0 + LOCAL_LOG_RETENTION_MS + 1);
    log.write('info', 'new');
    expect((await log.records()).map((r) => r.log)).toEqual(['at the edge', 'new']);
  });

  it('posts each flushed batch as plain text to the log URL, and loses nothing when that fails', async () => {
    const posts: { url: string; body: string; type: string }[] = [];
    const { log, store } = setup({
      logUrl: 'https://logs.example/ingest',
      // Through im-core's HTTP layer (issue 30 §5): a POST of plain text.
      fetch: async (url, init) => {
        posts.push({ url: String(url), body: String(init?.body), type: new Headers(init?.headers).get('content-type') ?? '' });
        throw new Error('offline');
      },
    });
    log.write('error', 'boom');
    await log.flush();
    expect(posts).toEqual([{ url: 'https://logs.example/ingest', body: `${new Date(T0).toISOString()} ERROR boom\n`, type: 'text/plain;charset=UTF-8' }]);
    expect(await store.all()).toHaveLength(1);
  });

  it('retries an upload after 5000 ms, then 10000 ms, then 15000 ms (§9)', async () => {
    const { log } = setup();
    log.write('info', 'hello');
    const attempts: number[] = [];
    const registered: string[] = [];
    const progress: LogUploadProgress[] = [];
    const uploading = log.upload(
      {
        upload: async (text) => {
          attempts.push(Date.now() - T0);
          if (attempts.length < 4) throw new Error('edge down');
          expect(text).toContain('INFO hello');
          return 'http://im/nos/bucket/log-1';
        },
        register: async (url) => void registered.push(url),
      },
      (p) => progress.push(p),
    );
    await jest.advanceTimersByTimeAsync(30_000);
    await expect(uploading).resolves.toBe('http://im/nos/bucket/log-1');
    expect(attempts).toEqual([0, 5000, 15_000, 30_000]);
    expect(registered).toEqual(['http://im/nos/bucket/log-1']);
    expect(progress.filter((p) => p.stage === 'retrying').map((p) => p.retryInMs)).toEqual([5000, 10_000, 15_000]);
    expect(progress.at(-1)).toEqual({ stage: 'done', attempt: 4 });
  });

  it('gives up after the last attempt with the error', async () => {
    const { log } = setup();
    const uploading = log.upload({ upload: async () => Promise.reject(new Error('still down')), register: async () => undefined });
    const settled = expect(uploading).rejects.toThrow('still down');
    await jest.advanceTimersByTimeAsync(60_000);
    await settled;
    expect(logUploadRetryDelay(LOG_UPLOAD_MAX_ATTEMPTS - 1)).toBe(15_000);
  });
});

describe('nothing secret is logged', () => {
  const token = 'eyJhY2NpZCI6InNfMTAwMSIsImFwcEtleSI6Im1lcmNoYW50LWltIn0.c2lnbmF0dXJlLW9mLXRoZS10b2tlbi1oZXJl';

  it('redacts tokens and message bodies in the text and in the details', async () => {
    jest.useFakeTimers();
    const { log, store } = setup();
    log.write('info', `login with token=${token} for s_1001`);
    log.write('info', `GET /lbs?k=merchant-im&token=${token}`);
    log.write('info', 'send', { msg: { to: 'c_1', text: 'my card number is 4111', attach: '{"secret":1}' }, token });
    log.write('warn', `auth failed: Bearer ${token}`);
    log.write('info', 'frame {"text":"hello \\"there\\"","to":"c_1","custom":"{}"}');
    log.write('error', 'upload failed', new Error(`x-nos-token: ${token}`));
    await log.flush();
    const written = (await store.all()).map((r) => r.log).join('\n');
    expect(written).not.toContain(token);
    expect(written).not.toContain('4111');
    expect(written).not.toContain('hello');
    expect(written).toContain('s_1001');
    expect(written).toContain('c_1');
    expect(written.match(new RegExp(REDACTED.replace(/[[\]]/g, '\\$&'), 'g'))?.length).toBeGreaterThanOrEqual(7);
    jest.useRealTimers();
  });

  it('redacts the whole of a message body written into free text, not only its first word', () => {
    expect(redactLogText('sendText to c_1 text: meet me at the north gate at 5')).toBe('sendText to c_1 text: [redacted]');
    expect(redactLogText('push content=your parcel code is 4471\nnext line stays')).toBe('push content=[redacted]\nnext line stays');
  });

  it('leaves ordinary text alone', () => {
    expect(redactLogText('connected to ws://127.0.0.1:3200/ws in 12 ms')).toBe('connected to ws://127.0.0.1:3200/ws in 12 ms');
    expect(redactLogDetails({ code: 408, command: 'sendMsg' })).toBe('{"code":408,"command":"sendMsg"}');
  });
});
