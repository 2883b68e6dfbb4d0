import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { decodeFrameBatch, encodeFrameBatch } from '../protocol/frame-batch';
import { MAX_FRAME_BYTES } from '../protocol/constants';

/**
 * Server half of HTTP long-polling (docs/protocol.md, "HTTP long-polling"): turns open/send/poll/
 * close calls into a FrameSocket, so a gateway handles long-polling clients exactly like WebSocket
 * ones. Works with node:http directly, or with Fastify through `reply.hijack()` and `request.raw`.
 */

/** What a gateway needs from any client connection. */
export interface FrameSocket {
  send(frame: Uint8Array): void;
  close(): void;
  onFrame(listener: (frame: Uint8Array) => void): void;
  onClose(listener: () => void): void;
}

export interface LongPollHubOptions {
  /** Called once per opened session. */
  onSession(session: FrameSocket): void;
  /** How long a poll is held open without frames (default 25 s). */
  pollTimeoutMs?: number;
  /** A session with no poll for this long is closed (default 60 s). */
  idleTimeoutMs?: number;
}

class LongPollSession implements FrameSocket {
  private readonly queue: Uint8Array[] = [];
  private waiting: { res: ServerResponse; timer: ReturnType<typeof setTimeout> } | undefined;
  private readonly frameListeners: Array<(frame: Uint8Array) => void> = [];
  private readonly closeListeners: Array<() => void> = [];
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  closed = false;

  constructor(
    readonly sid: string,
    private readonly pollTimeoutMs: number,
    private readonly idleTimeoutMs: number,
    private readonly forget: (sid: string) => void,
  ) {
    this.touch();
  }

  send(frame: Uint8Array): void {
    if (this.closed) return;
    this.queue.push(frame);
    if (this.waiting) this.answerPoll();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.idleTimer);
    if (this.waiting) this.answerPoll();
    this.forget(this.sid);
    for (const listener of this.closeListeners.splice(0)) listener();
  }

  onFrame(listener: (frame: Uint8Array) => void): void {
    this.frameListeners.push(listener);
  }

  onClose(listener: () => void): void {
    this.closeListeners.push(listener);
  }

  receive(frames: Uint8Array[]): void {
    for (const frame of frames) for (const listener of this.frameListeners) listener(frame);
  }

  poll(res: ServerResponse): void {
    this.touch();
    if (this.waiting) this.answerPoll(); // a newer poll replaces an older one
    const timer = setTimeout(() => this.answerPoll(), this.pollTimeoutMs);
    this.waiting = { res, timer };
    res.on('close', () => {
      if (this.waiting?.res === res) {
        clearTimeout(this.waiting.timer);
        this.waiting = undefined;
      }
    });
    if (this.queue.length > 0) this.answerPoll();
  }

  private answerPoll(): void {
    const waiting = this.waiting;
    if (!waiting) return;
    this.waiting = undefined;
    clearTimeout(waiting.timer);
    const body = encodeFrameBatch(this.queue.splice(0));
    waiting.res.writeHead(200, { 'content-type': 'application/octet-stream', 'cache-control': 'no-store' });
    waiting.res.end(body);
  }

  private touch(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => this.close(), this.idleTimeoutMs);
  }
}

export class LongPollHub {
  private readonly sessions = new Map<string, LongPollSession>();
  private readonly pollTimeoutMs: number;
  private readonly idleTimeoutMs: number;

  constructor(private readonly options: LongPollHubOptions) {
    this.pollTimeoutMs = options.pollTimeoutMs ?? 25_000;
    this.idleTimeoutMs = options.idleTimeoutMs ?? 60_000;
  }

  get sessionCount(): number {
    return this.sessions.size;
  }

  /** Handles `{base}/open|send|poll|close`; `action` is the last path segment. */
  handle(action: string, req: IncomingMessage, res: ServerResponse): void {
    const sid = new URL(req.url ?? '/', 'http://localhost').searchParams.get('sid') ?? '';
    if (action === 'open' && req.method === 'POST') {
      const session = new LongPollSession(randomUUID(), this.pollTimeoutMs, this.idleTimeoutMs, (gone) => this.sessions.delete(gone));
      this.sessions.set(session.sid, session);
      this.options.onSession(session);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ sid: session.sid, pollTimeoutMs: this.pollTimeoutMs }));
      return;
    }
    const session = this.sessions.get(sid);
    if (!session) {
      res.writeHead(404).end();
      return;
    }
    if (action === 'poll' && req.method === 'GET') return session.poll(res);
    if (action === 'close' && req.method === 'POST') {
      session.close();
      res.writeHead(204).end();
      return;
    }
    if (action === 'send' && req.method === 'POST') {
      readBody(req, MAX_FRAME_BYTES * 4)
        .then((body) => {
          const frames = decodeFrameBatch(body);
          res.writeHead(204).end();
          session.receive(frames);
        })
        .catch(() => {
          if (!res.headersSent) res.writeHead(400).end();
        });
      return;
    }
    res.writeHead(405).end();
  }

  closeAll(): void {
    for (const session of [...this.sessions.values()]) session.close();
  }
}

function readBody(req: IncomingMessage, limit: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new Error('body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    req.on('error', reject);
  });
}
