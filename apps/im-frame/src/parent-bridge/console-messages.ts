// Messages from the console to the frame (contract 0001, "Console ⇄ frame"), read in one place:
// `visibility` (shown or hidden), `language` (the console switched language), and the answers to
// a `tokenRequest`: `token` or `tokenError`; `openConversation` ("chat with buyer"). Only
// allow-listed console origins, and only the embedding window, are listened to; anything malformed
// is dropped.
import { ACCOUNT_ID_PATTERN } from '@merchant/im-core';

export const CONSOLE_MESSAGE_SOURCE = 'merchant-console';

export type ConsoleToFrameMessage =
  | { source: typeof CONSOLE_MESSAGE_SOURCE; type: 'visibility'; payload: { visible: boolean } }
  | { source: typeof CONSOLE_MESSAGE_SOURCE; type: 'language'; payload: { lang: string } }
  | { source: typeof CONSOLE_MESSAGE_SOURCE; type: 'token'; payload: { requestId: string; account: string; token: string } }
  | { source: typeof CONSOLE_MESSAGE_SOURCE; type: 'tokenError'; payload: { requestId: string; reason: string } }
  | { source: typeof CONSOLE_MESSAGE_SOURCE; type: 'openConversation'; payload: { account: string } };

export type ConsoleMessageType = ConsoleToFrameMessage['type'];
export type ConsoleMessageOf<T extends ConsoleMessageType> = Extract<ConsoleToFrameMessage, { type: T }>;

/** What the frame needs of a MessageEvent. */
export interface IncomingMessage {
  origin: string;
  data: unknown;
  source?: unknown;
}

export interface MessageEventTarget {
  addEventListener(type: 'message', listener: (event: IncomingMessage) => void): void;
  removeEventListener(type: 'message', listener: (event: IncomingMessage) => void): void;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

function readPayload(type: unknown, payload: Record<string, unknown>): ConsoleToFrameMessage | null {
  const source = CONSOLE_MESSAGE_SOURCE;
  switch (type) {
    case 'visibility':
      return typeof payload.visible === 'boolean' ? { source, type, payload: { visible: payload.visible } } : null;
    case 'language':
      return isText(payload.lang) ? { source, type, payload: { lang: payload.lang } } : null;
    case 'token':
      return isText(payload.requestId) && isText(payload.account) && isText(payload.token)
        ? { source, type, payload: { requestId: payload.requestId, account: payload.account, token: payload.token } }
        : null;
    case 'tokenError':
      return isText(payload.requestId)
        ? { source, type, payload: { requestId: payload.requestId, reason: typeof payload.reason === 'string' ? payload.reason : '' } }
        : null;
    case 'openConversation':
      return typeof payload.account === 'string' && ACCOUNT_ID_PATTERN.test(payload.account)
        ? { source, type, payload: { account: payload.account } }
        : null;
    default:
      return null;
  }
}

/**
 * The console message an event carries, or null when it must be ignored: an origin not in the
 * allow-list, a sender other than the embedding window (when known), or a malformed message.
 */
export function readConsoleMessage(
  event: IncomingMessage,
  allowedOrigins: readonly string[],
  expectedSender?: unknown,
): ConsoleToFrameMessage | null {
  if (!allowedOrigins.includes(event.origin)) return null;
  if (expectedSender !== undefined && event.source !== expectedSender) return null;
  const data = event.data;
  if (!isRecord(data) || data.source !== CONSOLE_MESSAGE_SOURCE || !isRecord(data.payload)) return null;
  return readPayload(data.type, data.payload);
}

export interface ConsoleChannelOptions {
  /** Where the console's posts arrive: the frame's `window`. */
  target: MessageEventTarget;
  allowedOrigins: readonly string[];
  /** `window.parent`: only its posts count. Omit to skip the check (tests). */
  expectedSender?: unknown;
}

/** Calls `listener` with each accepted console message of one type; returns the unsubscribe. */
export function onConsoleMessage<T extends ConsoleMessageType>(
  options: ConsoleChannelOptions,
  type: T,
  listener: (message: ConsoleMessageOf<T>) => void,
): () => void {
  const onMessage = (event: IncomingMessage) => {
    const message = readConsoleMessage(event, options.allowedOrigins, options.expectedSender);
    if (message?.type === type) listener(message as ConsoleMessageOf<T>);
  };
  options.target.addEventListener('message', onMessage);
  return () => options.target.removeEventListener('message', onMessage);
}
