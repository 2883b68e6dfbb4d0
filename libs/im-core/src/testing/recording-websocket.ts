/** The handlers the client installed on one socket, captured so a test can replay events on it later. */
export interface RecordedSocketHandlers {
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a mixin base must take `any[]` (TS2545)
type WebSocketClass = new (...args: any[]) => { onmessage: unknown; onclose: unknown };

/**
 * Wraps a WebSocket class (e.g. `ws`) so each socket the client opens records its handlers, in order.
 * Stale-socket tests replay a frame or a close on an old socket and check the client ignores it.
 * The base class is passed in so importing this module never loads `ws`.
 */
export function recordSocketHandlers<T extends WebSocketClass>(Base: T): { WebSocketImpl: T; handlers: RecordedSocketHandlers[] } {
  const handlers: RecordedSocketHandlers[] = [];
  const Recording = class extends Base {
    // A mixin's constructor must take `any[]` (TS2545).
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    constructor(...args: any[]) {
      super(args[0] as string);
      const captured: RecordedSocketHandlers = { onmessage: null, onclose: null };
      handlers.push(captured);
      // The client sets its handlers right after construction.
      queueMicrotask(() => {
        captured.onmessage = this.onmessage as RecordedSocketHandlers['onmessage'];
        captured.onclose = this.onclose as RecordedSocketHandlers['onclose'];
      });
    }
  };
  return { WebSocketImpl: Recording, handlers };
}
