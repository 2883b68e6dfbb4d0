import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { MAX_FRAME_BYTES } from '../protocol';
import type { ClientLink } from './client-link';
import type { GatewayConnection } from './connection';
import type { ImGateway } from './gateway';

export const LONG_POLLING_PATH = '/lp';

/** Bytes of the big-endian length in front of each frame in a long-polling body. */
const LENGTH_PREFIX_BYTES = 4;
/** Frames one POST may carry, so a body cannot queue unbounded work. */
const MAX_FRAMES_PER_POST = 64;
/** A closed session is kept this long so the client's next poll learns why. */
const CLOSED_SESSION_KEEP_MS = 30_000;

/** Joins frames as [u32 length][frame]... (docs in apps/im-server/README.md, "Long polling"). */
export function packFrames(frames: readonly Uint8Array[]): Buffer {
  const total = frames.reduce((n, f) => n + LENGTH_PREFIX_BYTES + f.length, 0);
  const out = Buffer.allocUnsafe(total);
  let at = 0;
  for (const frame of frames) {
    out.writeUInt32BE(frame.length, at);
    out.set(frame, at + LENGTH_PREFIX_BYTES);
    at += LENGTH_PREFIX_BYTES + frame.length;
  }
  return out;
}

/** Splits a body into frames; a prefix that overruns the body yields the rest as one (malformed) frame. */
export function unpackFrames(body: Uint8Array): Uint8Array[] {
  const frames: Uint8Array[] = [];
  let at = 0;
  while (at < body.length && frames.length < MAX_FRAMES_PER_POST) {
    if (body.length - at < LENGTH_PREFIX_BYTES) {
      frames.push(body.subarray(at));
      break;
    }
    const length = ((body[at] << 24) >>> 0) + (body[at + 1] << 16) + (body[at + 2] << 8) + body[at + 3];
    const start = at + LENGTH_PREFIX_BYTES;
    if (length > body.length - start) {
      frames.push(body.subarray(at));
      break;
    }
    frames.push(body.subarray(start, start + length));
    at = start + length;
  }
  return frames;
}

class LongPollingLink implements ClientLink {
  readonly transport = 'long-polling';
  connection!: GatewayConnection;
  closed: { code: number; reason: string } | undefined;
  private outbox: Uint8Array[] = [];
  private outboxBytes = 0;
  private waiting: FastifyReply | undefined;
  private waitTimer: NodeJS.Timeout | undefined;

  constructor(
    readonly id: string,
    readonly remoteAddress: string,
    private readonly onGone: (link: LongPollingLink) => void,
  ) {}

  get bufferedBytes(): number {
    return this.outboxBytes;
  }

  send(frame: Uint8Array): void {
    if (this.closed) return;
    this.outbox.push(frame);
    this.outboxBytes += frame.length;
    this.flush();
  }

  close(code: number, reason: string): void {
    if (this.closed) return;
    this.closed = { code, reason };
    this.flush();
    setTimeout(() => this.onGone(this), CLOSED_SESSION_KEEP_MS).unref();
  }

  /** A GET: answer at once when frames are queued (or the link closed), else wait up to waitMs. */
  poll(reply: FastifyReply, waitMs: number): void {
    this.release();
    this.waiting = reply;
    if (this.outbox.length > 0 || this.closed) return this.flush();
    this.waitTimer = setTimeout(() => this.flush(), waitMs);
  }

  release(): void {
    if (this.waitTimer) clearTimeout(this.waitTimer);
    this.waitTimer = undefined;
    const previous = this.waiting;
    this.waiting = undefined;
    if (previous && !previous.sent) previous.code(204).send();
  }

  private flush(): void {
    const reply = this.waiting;
    if (!reply) return;
    if (this.waitTimer) clearTimeout(this.waitTimer);
    this.waiting = this.waitTimer = undefined;
    if (this.outbox.length > 0) {
      const body = packFrames(this.outbox);
      this.outbox = [];
      this.outboxBytes = 0;
      reply.code(200).header('content-type', 'application/octet-stream').send(body);
    } else if (this.closed) {
      reply.code(410).send({ closed: true, ...this.closed });
    } else {
      reply.code(204).send();
    }
  }
}

/**
 * HTTP long-polling carrying the same binary frames as /ws (im-client-spec §4: websocket first,
 * then long-polling). POST /lp opens a session ({sid}); GET /lp?sid= waits for server frames;
 * POST /lp?sid= sends client frames; DELETE /lp?sid= closes. Bodies are length-prefixed frames.
 */
export function registerLongPollingTransport(app: FastifyInstance, gateway: () => ImGateway, pollWaitMs: number): () => void {
  const sessions = new Map<string, LongPollingLink>();
  const forget = (link: LongPollingLink) => sessions.delete(link.id);

  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: MAX_FRAMES_PER_POST * (MAX_FRAME_BYTES + LENGTH_PREFIX_BYTES) }, (_req, body, done) =>
    done(null, body),
  );

  const sessionOf = (query: unknown): LongPollingLink | undefined => {
    const sid = (query as { sid?: unknown }).sid;
    return typeof sid === 'string' ? sessions.get(sid) : undefined;
  };

  app.post(LONG_POLLING_PATH, async (request, reply) => {
    const existing = sessionOf(request.query);
    if ((request.query as { sid?: unknown }).sid === undefined) {
      const link = new LongPollingLink(randomUUID(), request.ip, forget);
      link.connection = gateway().accept(link);
      sessions.set(link.id, link);
      return { sid: link.id };
    }
    if (!existing) return reply.code(404).send({ code: 404, msg: 'unknown long-polling session' });
    if (existing.closed) return reply.code(410).send({ closed: true, ...existing.closed });
    if (!Buffer.isBuffer(request.body)) return reply.code(415).send({ code: 414, msg: 'send application/octet-stream' });
    for (const frame of unpackFrames(request.body)) existing.connection.receive(new Uint8Array(frame));
    return reply.code(204).send();
  });

  app.get(LONG_POLLING_PATH, (request, reply) => {
    const link = sessionOf(request.query);
    if (!link) return reply.code(404).send({ code: 404, msg: 'unknown long-polling session' });
    link.poll(reply, pollWaitMs);
    return reply;
  });

  app.delete(LONG_POLLING_PATH, async (request, reply) => {
    const link = sessionOf(request.query);
    if (!link) return reply.code(404).send({ code: 404, msg: 'unknown long-polling session' });
    link.release();
    link.connection.close(1000, 'closed by client');
    forget(link);
    return reply.code(204).send();
  });

  return () => {
    for (const link of sessions.values()) link.release();
    sessions.clear();
  };
}
