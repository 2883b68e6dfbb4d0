/**
 * One client transport, as the gateway sees it: a WebSocket or a long-polling session. Both
 * carry the same binary frames, so everything above this interface is transport-agnostic.
 */
export interface ClientLink {
  readonly transport: 'websocket' | 'long-polling';
  readonly remoteAddress: string;
  /** Bytes queued but not yet written; a client that stops reading is cut off. */
  readonly bufferedBytes: number;
  send(frame: Uint8Array): void;
  close(code: number, reason: string): void;
}

/** WebSocket close codes the gateway uses (RFC 6455 §7.4.1). */
export const CloseCode = {
  NORMAL: 1000,
  GOING_AWAY: 1001,
  PROTOCOL_ERROR: 1002,
  POLICY_VIOLATION: 1008,
  TOO_BIG: 1009,
  /** Application range: login refused, idle, kicked. */
  LOGIN_FAILED: 4001,
  IDLE_TIMEOUT: 4002,
  KICKED: 4003,
  SLOW_CONSUMER: 4004,
} as const;
