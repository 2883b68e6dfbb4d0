import { decodeFrameBatch, encodeFrameBatch } from '../protocol/frame-batch';
import { ProtocolError } from '../errors/im-error';
import { LONG_POLL_MAX_RETRIES, LongPollTransport } from './long-poll-transport';
import { FetchLike, longPollUrlFor } from './transport';

type Reply = { status: number; body?: Uint8Array | object };

/** A scripted long-polling server: each path answers from its own queue, then `fallback`. */
function scriptedFetch(script: Record<string, Reply[]>, fallback: Reply = { status: 200, body: new Uint8Array(0) }) {
  const calls: string[] = [];
  const fetch: FetchLike = async (url, init) => {
    const path = new URL(url).pathname.split('/').pop() as string;
    calls.push(path);
    if (init?.signal?.aborted) throw new Error('aborted');
    const reply = script[path]?.shift() ?? fallback;
    // fixed wait: the fake server holds an empty poll briefly, as the real one does, so the poll loop does not spin.
    if (path === 'poll' && !script.poll?.length && reply === fallback) await new Promise((r) => setTimeout(r, 5));
    const body = reply.body;
    return {
      ok: reply.status >= 200 && reply.status < 300,
      status: reply.status,
      json: async () => body,
      arrayBuffer: async () => {
        const bytes = body instanceof Uint8Array ? body : new Uint8Array(0);
        return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer;
      },
    };
  };
  return { fetch, calls };
}

/** Polls until the condition holds or the deadline passes (fetch replies arrive on later turns). */
async function until(condition: () => boolean, what: string, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 2)); // fixed wait: poll interval; the deadline above bounds the wait
  }
}

describe('LongPollTransport', () => {
  it('derives /lp from the WebSocket link', () => {
    expect(longPollUrlFor('ws://127.0.0.1:3200/ws')).toBe('http://127.0.0.1:3200/lp');
    expect(longPollUrlFor('wss://im.example.com/ws')).toBe('https://im.example.com/lp');
  });

  it('opens a session, delivers polled frames in order, and batches sends', async () => {
    const frames = [Uint8Array.of(1, 2, 3), Uint8Array.of(4)];
    const { fetch, calls } = scriptedFetch({ open: [{ status: 200, body: { sid: 's1' } }], poll: [{ status: 200, body: encodeFrameBatch(frames) }] });
    const received: number[][] = [];
    const transport = new LongPollTransport({ url: 'http://x/lp', fetch, connectTimeoutMs: 1000, retryDelayMs: 1 }, { onFrame: (f) => received.push([...f]), onClose: () => undefined });
    await transport.open();
    transport.send(Uint8Array.of(9));
    await until(() => received.length >= 2 && calls.includes('send'), 'the polled frames and the send');
    expect(received).toEqual([[1, 2, 3], [4]]);
    expect(calls).toContain('send');
    transport.close();
  });

  it(`retries a failing poll at most ${LONG_POLL_MAX_RETRIES} times, then reports the transport closed`, async () => {
    const failures = Array.from({ length: 10 }, () => ({ status: 502 }));
    const { fetch, calls } = scriptedFetch({ open: [{ status: 200, body: { sid: 's1' } }], poll: failures });
    const closed = new Promise<string>((resolve) => {
      const transport = new LongPollTransport({ url: 'http://x/lp', fetch, connectTimeoutMs: 1000, retryDelayMs: 1 }, { onFrame: () => undefined, onClose: resolve });
      void transport.open();
    });
    expect(await closed).toMatch(/poll failed/);
    expect(calls.filter((c) => c === 'poll')).toHaveLength(1 + LONG_POLL_MAX_RETRIES);
  });

  it('gives up at once when the server says the session is gone (404)', async () => {
    const { fetch, calls } = scriptedFetch({ open: [{ status: 200, body: { sid: 's1' } }], poll: [{ status: 404 }] });
    const closed = new Promise<string>((resolve) => {
      void new LongPollTransport({ url: 'http://x/lp', fetch, connectTimeoutMs: 1000, retryDelayMs: 1 }, { onFrame: () => undefined, onClose: resolve }).open();
    });
    expect(await closed).toMatch(/gone/);
    expect(calls.filter((c) => c === 'poll')).toHaveLength(1);
  });

  it('fails open with Connect_Failed when the handshake is refused', async () => {
    const { fetch } = scriptedFetch({ open: [{ status: 503 }] });
    const transport = new LongPollTransport({ url: 'http://x/lp', fetch, connectTimeoutMs: 1000 }, { onFrame: () => undefined, onClose: () => undefined });
    await expect(transport.open()).rejects.toMatchObject({ errorName: 'Connect_Failed' });
  });

  it('frame batches round-trip and reject malformed input with ProtocolError', () => {
    const frames = [new Uint8Array(0), Uint8Array.of(7, 7), new Uint8Array(300).fill(1)];
    expect(decodeFrameBatch(encodeFrameBatch(frames)).map((f) => [...f])).toEqual(frames.map((f) => [...f]));
    expect(() => decodeFrameBatch(Uint8Array.of(0, 0, 0, 9, 1))).toThrow(ProtocolError);
    expect(() => decodeFrameBatch(Uint8Array.of(0, 0))).toThrow(ProtocolError);
  });
});
