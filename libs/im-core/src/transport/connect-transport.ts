import { ImError } from '../errors/im-error';
import { ImErrorName } from '../errors/codes';
import { LongPollTransport } from './long-poll-transport';
import { FetchLike, ImTransport, longPollUrlFor, Timers, TransportHandlers, TransportKind, WebSocketConstructor } from './transport';
import { WebSocketTransport } from './websocket-transport';

/** Transport order after the lbs handshake: websocket, then long-polling (im-client-spec §4). */
export const DEFAULT_TRANSPORT_ORDER: readonly TransportKind[] = ['websocket', 'long-polling'];

export interface TransportFactoryOptions {
  order: readonly TransportKind[];
  WebSocketImpl: WebSocketConstructor | undefined;
  fetch: FetchLike | undefined;
  connectTimeoutMs: number;
  longPollRetryDelayMs?: number;
  timers?: Timers;
}

/** Opens the first transport of `order` that works for `link`; each failure moves to the next. */
export async function openFirstTransport(link: string, options: TransportFactoryOptions, handlers: TransportHandlers): Promise<ImTransport> {
  const failures: string[] = [];
  for (const kind of options.order) {
    const transport = createTransport(kind, link, options, handlers);
    if (!transport) {
      failures.push(`${kind}: not available in this environment`);
      continue;
    }
    try {
      await transport.open();
      return transport;
    } catch (error) {
      transport.close();
      failures.push(error instanceof Error ? error.message : String(error));
    }
  }
  throw new ImError(ImErrorName.Connect_Failed, `no transport could connect to ${link}: ${failures.join('; ')}`);
}

function createTransport(kind: TransportKind, link: string, options: TransportFactoryOptions, handlers: TransportHandlers): ImTransport | undefined {
  if (kind === 'websocket') {
    if (!options.WebSocketImpl) return undefined;
    return new WebSocketTransport({ url: link, WebSocketImpl: options.WebSocketImpl, connectTimeoutMs: options.connectTimeoutMs, timers: options.timers }, handlers);
  }
  if (!options.fetch) return undefined;
  return new LongPollTransport(
    { url: longPollUrlFor(link), fetch: options.fetch, connectTimeoutMs: options.connectTimeoutMs, retryDelayMs: options.longPollRetryDelayMs, timers: options.timers },
    handlers,
  );
}
