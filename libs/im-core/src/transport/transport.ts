/**
 * The common interface of the transports (centrifuge-js layering: one file per transport).
 * A transport moves opaque frames; it knows nothing of commands, logins or reconnects.
 */

export type TransportKind = 'websocket' | 'long-polling';

export interface TransportHandlers {
  /** One received frame. */
  onFrame(frame: Uint8Array): void;
  /** The transport closed for good after it had opened; `reason` is for logs. */
  onClose(reason: string): void;
}

export interface ImTransport {
  readonly kind: TransportKind;
  /** Resolves once frames can be sent; rejects with ImError(Connect_Failed) otherwise. */
  open(): Promise<void>;
  send(frame: Uint8Array): void;
  /** Idempotent. No handler is called after close() returns. */
  close(): void;
}

/** What a WebSocket implementation must offer: the browser's WebSocket and Node's `ws` both do. */
export interface WebSocketLike {
  binaryType: string;
  readonly readyState: number;
  send(data: Uint8Array | ArrayBuffer): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export type WebSocketConstructor = new (url: string) => WebSocketLike;

/** The subset of fetch the long-polling transport and the lbs lookup use. */
export type FetchLike = (
  url: string,
  init?: { method?: string; body?: Uint8Array; headers?: Record<string, string>; signal?: AbortSignal },
) => Promise<{ ok: boolean; status: number; json(): Promise<unknown>; arrayBuffer(): Promise<ArrayBuffer> }>;

/** Timer functions, injectable so tests can drive time. */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Long-polling base URL for a WebSocket link: ws→http, wss→https, trailing /ws → /lp. */
export function longPollUrlFor(link: string): string {
  return link.replace(/^ws(s?):\/\//i, 'http$1://').replace(/\/ws\/?$/, '/lp');
}
