import { buildUrl, HttpClient, HttpError, HTTP_DEFAULT_TIMEOUT_MS, HTTP_UPLOAD_TIMEOUT_MS } from './http-client';

interface Call {
  url: string;
  init: RequestInit;
}

/** A fetch that answers only when the test says so, and rejects like a browser when aborted. */
function scriptedFetch() {
  const calls: Call[] = [];
  const answers: Array<(response: Response) => void> = [];
  const fetch = ((url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Promise<Response>((resolve, reject) => {
      answers.push(resolve);
      init.signal?.addEventListener('abort', () => reject(Object.assign(new Error('The operation was aborted'), { name: 'AbortError' })));
    });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls, answer: (response: Response) => answers.shift()?.(response) };
}

/** Settles once the promise settles, so fake-timer steps can check "not yet". */
function track<T>(promise: Promise<T>) {
  const state: { settled: boolean; value?: T; error?: unknown } = { settled: false };
  promise.then(
    (value) => Object.assign(state, { settled: true, value }),
    (error: unknown) => Object.assign(state, { settled: true, error }),
  );
  return state;
}

const flush = () => Promise.resolve().then(() => undefined);

describe('buildUrl (§7 query building)', () => {
  it('appends the query, keeps an existing one and leaves out null and undefined', () => {
    expect(buildUrl('http://h/x', { a: 1, b: 'two words', c: undefined, d: null, e: false })).toBe('http://h/x?a=1&b=two+words&e=false');
    expect(buildUrl('http://h/x?k=1', { a: 'b' })).toBe('http://h/x?k=1&a=b');
    expect(buildUrl('http://h/x?', { a: 'b' })).toBe('http://h/x?a=b');
    expect(buildUrl('http://h/x', {})).toBe('http://h/x');
    expect(buildUrl('http://h/x', undefined)).toBe('http://h/x');
  });
});

describe('HttpClient', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('aborts a GET after the default 60000 ms with a typed timeout error (ETIMEDOUT, "request timeout")', async () => {
    const server = scriptedFetch();
    const http = new HttpClient({ fetch: server.fetch });
    const call = track(http.get('http://h/slow', { query: { id: 'a' } }));
    await jest.advanceTimersByTimeAsync(HTTP_DEFAULT_TIMEOUT_MS - 1);
    expect(call.settled).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(call.error).toBeInstanceOf(HttpError);
    expect(call.error).toMatchObject({ kind: 'timeout', errCode: 'ETIMEDOUT', message: 'request timeout', errorName: 'Error_Timeout', url: 'http://h/slow?id=a' });
    expect(server.calls[0].init.signal?.aborted).toBe(true);
  });

  it('gives upload() the 600000 ms upload default, and a call its own timeout', async () => {
    const server = scriptedFetch();
    const http = new HttpClient({ fetch: server.fetch });
    const upload = track(http.upload('http://h/bucket/object', { bytes: new Uint8Array([1, 2, 3]) }));
    const quick = track(http.post('http://h/report', { json: { a: 1 } }, { timeoutMs: 5000 }));
    await jest.advanceTimersByTimeAsync(5000);
    expect(quick.error).toMatchObject({ kind: 'timeout' });
    await jest.advanceTimersByTimeAsync(HTTP_DEFAULT_TIMEOUT_MS);
    expect(upload.settled).toBe(false);
    await jest.advanceTimersByTimeAsync(HTTP_UPLOAD_TIMEOUT_MS - HTTP_DEFAULT_TIMEOUT_MS - 5000 - 1);
    expect(upload.settled).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(upload.error).toMatchObject({ kind: 'timeout', errCode: 'ETIMEDOUT' });
  });

  it('answers with status and body, parses JSON, and clears its timer', async () => {
    const server = scriptedFetch();
    const http = new HttpClient({ fetch: server.fetch });
    const call = track(http.post('http://h/report', { json: { common: { appkey: 'k' } } }));
    await flush();
    expect(server.calls[0].init).toMatchObject({ method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"common":{"appkey":"k"}}' });
    server.answer(new Response('{"code":200}', { status: 200 }));
    await jest.advanceTimersByTimeAsync(0);
    const response = call.value!;
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ code: 200 });
    expect(jest.getTimerCount()).toBe(0);
  });

  it('keeps a non-2xx answer as an answer and gives undefined for a body that is not JSON', async () => {
    const server = scriptedFetch();
    const http = new HttpClient({ fetch: server.fetch });
    const call = track(http.get('http://h/x'));
    await flush();
    server.answer(new Response('<html>oops</html>', { status: 502 }));
    await jest.advanceTimersByTimeAsync(0);
    expect(call.value).toMatchObject({ status: 502, ok: false, text: '<html>oops</html>' });
    expect(call.value!.json()).toBeUndefined();
  });

  it('sends a multipart form with fields and a named file, and plain text for a log POST', async () => {
    const server = scriptedFetch();
    const http = new HttpClient({ fetch: server.fetch });
    void http.upload('http://h/upload', { form: { Object: 'a/b.png', 'x-nos-token': 't', file: { blob: new Blob(['png']), fileName: 'b.png' } } });
    void http.post('http://h/log', { text: 'line 1\nline 2' });
    await flush();
    const form = server.calls[0].init.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('Object')).toBe('a/b.png');
    expect(form.get('x-nos-token')).toBe('t');
    expect((form.get('file') as File).name).toBe('b.png');
    expect(server.calls[0].init.headers).toEqual({});
    expect(server.calls[1].init).toMatchObject({ body: 'line 1\nline 2', headers: { 'content-type': 'text/plain;charset=UTF-8' } });
  });

  it('reports a caller abort as aborted and a refused connection as a network failure', async () => {
    const server = scriptedFetch();
    const http = new HttpClient({ fetch: server.fetch });
    const cancel = new AbortController();
    const call = track(http.get('http://h/x', { signal: cancel.signal }));
    await flush();
    cancel.abort();
    await jest.advanceTimersByTimeAsync(0);
    expect(call.error).toMatchObject({ kind: 'aborted', errorName: 'Operation_Canceled' });
    const refused = new HttpClient({ fetch: (() => Promise.reject(new TypeError('fetch failed'))) as unknown as typeof fetch });
    await expect(refused.get('http://h/y')).rejects.toMatchObject({ kind: 'network', errorName: 'Connect_Failed' });
    await expect(http.get('http://h/z', { signal: cancel.signal })).rejects.toMatchObject({ kind: 'aborted' });
  });

  it('refuses a timeout that is not a positive number', () => {
    expect(() => new HttpClient({ timeoutMs: 0 })).toThrow(expect.objectContaining({ errorName: 'Param_Error' }));
    expect(() => new HttpClient({ uploadTimeoutMs: Number.NaN })).toThrow(expect.objectContaining({ errorName: 'Param_Error' }));
  });
});
