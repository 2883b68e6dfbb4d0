// Fresh IM tokens from the console (contract 0001 `tokenRequest` → `token` | `tokenError`).
// im-core calls `fetchToken` (its getToken option) when the token expired or login was refused;
// the console asks store-server's /v1/store/im/getCccUserImToken and posts the answer back.
import { onConsoleMessage, type ConsoleChannelOptions } from './console-messages';
import type { ParentBridge } from './parent-bridge';

/**
 * How long the frame waits for the console's answer: the console's request timeout (console-spec
 * §9, 10000 ms) plus room for one session rebuild of the envelope.
 */
export const TOKEN_REQUEST_TIMEOUT_MS = 15_000;

export type TokenFailure = 'notEmbedded' | 'timeout' | 'refused' | 'otherAccount';

export class TokenRequestError extends Error {
  constructor(
    readonly failure: TokenFailure,
    detail = '',
  ) {
    super(detail ? `IM token not renewed (${failure}): ${detail}` : `IM token not renewed (${failure})`);
    this.name = 'TokenRequestError';
  }
}

export interface TokenBridgeOptions extends ConsoleChannelOptions {
  bridge: Pick<ParentBridge, 'requestToken' | 'targetOrigins'>;
  /** The frame's IM account: a token for anyone else is refused (the console switched store). */
  account: string;
  timeoutMs?: number;
  createRequestId?: () => string;
  timers?: { setTimeout(callback: () => void, ms: number): unknown; clearTimeout(handle: unknown): void };
}

export interface TokenBridge {
  fetchToken(): Promise<string>;
  dispose(): void;
}

let requestCounter = 0;
const defaultRequestId = () => `${Date.now().toString(36)}-${(requestCounter += 1)}`;

export function createTokenBridge(options: TokenBridgeOptions): TokenBridge {
  const timers = options.timers ?? { setTimeout: (cb: () => void, ms: number) => setTimeout(cb, ms), clearTimeout: (h: unknown) => clearTimeout(h as number) };
  const pending = new Map<string, { resolve: (token: string) => void; reject: (error: TokenRequestError) => void; timer: unknown }>();
  const settle = (requestId: string, outcome: { token: string } | { error: TokenRequestError }) => {
    const waiter = pending.get(requestId);
    if (!waiter) return; // Unknown or already settled: a stale or forged answer.
    pending.delete(requestId);
    timers.clearTimeout(waiter.timer);
    if ('token' in outcome) waiter.resolve(outcome.token);
    else waiter.reject(outcome.error);
  };
  const stopTokens = onConsoleMessage(options, 'token', ({ payload }) => {
    if (payload.account !== options.account) settle(payload.requestId, { error: new TokenRequestError('otherAccount', payload.account) });
    else settle(payload.requestId, { token: payload.token });
  });
  const stopErrors = onConsoleMessage(options, 'tokenError', ({ payload }) =>
    settle(payload.requestId, { error: new TokenRequestError('refused', payload.reason) }),
  );
  return {
    fetchToken: () => {
      if (options.bridge.targetOrigins.length === 0) return Promise.reject(new TokenRequestError('notEmbedded'));
      const requestId = (options.createRequestId ?? defaultRequestId)();
      return new Promise<string>((resolve, reject) => {
        const timer = timers.setTimeout(
          () => settle(requestId, { error: new TokenRequestError('timeout') }),
          options.timeoutMs ?? TOKEN_REQUEST_TIMEOUT_MS,
        );
        pending.set(requestId, { resolve, reject, timer });
        options.bridge.requestToken(requestId);
      });
    },
    dispose: () => {
      stopTokens();
      stopErrors();
      for (const requestId of [...pending.keys()]) settle(requestId, { error: new TokenRequestError('timeout', 'frame closed') });
    },
  };
}
