import { ImError } from '../errors/im-error';
import { ImErrorName } from '../errors/codes';
import { ImTransport, realTimers, Timers, TransportHandlers, WebSocketConstructor, WebSocketLike } from './transport';

const OPEN = 1;

export interface WebSocketTransportOptions {
  url: string;
  WebSocketImpl: WebSocketConstructor;
  connectTimeoutMs: number;
  timers?: Timers;
}

/** Frames over one WebSocket; one binary message per frame. */
export class WebSocketTransport implements ImTransport {
  readonly kind = 'websocket' as const;
  private socket: WebSocketLike | undefined;
  private closed = false;
  private readonly timers: Timers;

  constructor(
    private readonly options: WebSocketTransportOptions,
    private readonly handlers: TransportHandlers,
  ) {
    this.timers = options.timers ?? realTimers;
  }

  open(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      let opened = false;
      let socket: WebSocketLike;
      try {
        socket = new this.options.WebSocketImpl(this.options.url);
      } catch (error) {
        reject(new ImError(ImErrorName.Connect_Failed, `cannot open ${this.options.url}`, { cause: error }));
        return;
      }
      this.socket = socket;
      socket.binaryType = 'arraybuffer';
      const fail = (why: string) => {
        this.timers.clearTimeout(timer);
        this.detach(socket);
        try {
          socket.close();
        } catch {
          // already closing
        }
        reject(new ImError(ImErrorName.Connect_Failed, `WebSocket ${this.options.url}: ${why}`));
      };
      const timer = this.timers.setTimeout(() => fail('connect timeout'), this.options.connectTimeoutMs);
      socket.onopen = () => {
        this.timers.clearTimeout(timer);
        if (this.closed) return fail('closed while opening');
        opened = true;
        resolve();
      };
      socket.onerror = () => {
        if (!opened) fail('connection error');
      };
      socket.onclose = (event) => {
        if (!opened) return fail('closed before open');
        this.finish(`socket closed (${describeClose(event)})`);
      };
      socket.onmessage = (event) => {
        if (this.closed) return;
        const data = event.data;
        if (data instanceof ArrayBuffer) this.handlers.onFrame(new Uint8Array(data));
        else if (data instanceof Uint8Array) this.handlers.onFrame(data);
        // Text messages are not part of the protocol: ignored.
      };
    });
  }

  send(frame: Uint8Array): void {
    if (this.closed || !this.socket || this.socket.readyState !== OPEN) {
      throw new ImError(ImErrorName.Error_Connection_Socket_State_not_Match, 'WebSocket is not open');
    }
    this.socket.send(frame);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    const socket = this.socket;
    if (!socket) return;
    this.detach(socket);
    try {
      socket.close(1000, 'client close');
    } catch {
      // a socket still connecting may throw in some implementations
    }
  }

  private finish(reason: string): void {
    if (this.closed) return;
    this.closed = true;
    if (this.socket) this.detach(this.socket);
    this.handlers.onClose(reason);
  }

  private detach(socket: WebSocketLike): void {
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    // Keep an error handler: `ws` throws on an 'error' event without one.
    socket.onerror = () => undefined;
  }
}

function describeClose(event: unknown): string {
  const code = (event as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? `code ${code}` : 'no code';
}
