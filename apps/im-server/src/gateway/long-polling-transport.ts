import type { FastifyInstance } from 'fastify';
import { LongPollHub, type FrameSocket } from '../protocol';
import type { ClientLink } from './client-link';
import type { ImGateway } from './gateway';

export const LONG_POLLING_PATH = '/lp';

/** A long-polling session of im-core's LongPollHub, seen by the gateway like a WebSocket. */
class LongPollingLink implements ClientLink {
  readonly transport = 'long-polling';
  // The hub drops a session nobody polls for 60 s, which bounds what can queue up.
  readonly bufferedBytes = 0;
  constructor(
    private readonly session: FrameSocket,
    readonly remoteAddress: string,
  ) {}
  send(frame: Uint8Array): void {
    this.session.send(frame);
  }
  close(): void {
    this.session.close();
  }
}

/**
 * HTTP long-polling with the same frames as /ws (docs/protocol.md "HTTP long-polling":
 * POST /lp/open, POST /lp/send?sid=, GET /lp/poll?sid=, POST /lp/close?sid=). The protocol half
 * is im-core's LongPollHub; requests are taken before Fastify parses their bodies.
 */
export function registerLongPollingTransport(app: FastifyInstance, gateway: () => ImGateway, pollTimeoutMs: number): () => void {
  let remoteAddress = '';
  const hub = new LongPollHub({
    pollTimeoutMs,
    onSession: (session) => {
      const connection = gateway().accept(new LongPollingLink(session, remoteAddress));
      session.onFrame((frame) => connection.receive(frame));
      session.onClose(() => connection.linkClosed());
    },
  });

  app.addHook('onRequest', (request, reply, done) => {
    const path = request.url.split('?')[0];
    if (!path.startsWith(`${LONG_POLLING_PATH}/`)) return done();
    const action = path.slice(LONG_POLLING_PATH.length + 1);
    try {
      gateway();
    } catch {
      reply.code(503).send({ code: 503, msg: 'im-server is starting' });
      return;
    }
    reply.hijack();
    remoteAddress = request.ip;
    hub.handle(action, request.raw, reply.raw);
  });

  return () => hub.closeAll();
}
