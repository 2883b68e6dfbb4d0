// Messages from the console to the frame (contract 0001, "Console ⇄ frame"; declared in
// @merchant/api-contracts), read in one place: `visibility` (shown or hidden), `language` (the
// console switched language), and the answers to a `tokenRequest`: `token` or `tokenError`;
// `openConversation` ("chat with buyer"). Only allow-listed console origins, and only the embedding
// window, are listened to; anything malformed is dropped.
import {
  parseConsoleToFrameMessage,
  type ConsoleToFrameMessage,
  type ConsoleToFrameMessageOf,
  type ConsoleToFrameType,
} from '@merchant/api-contracts';

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
  return parseConsoleToFrameMessage(event.data);
}

export interface ConsoleChannelOptions {
  /** Where the console's posts arrive: the frame's `window`. */
  target: MessageEventTarget;
  allowedOrigins: readonly string[];
  /** `window.parent`: only its posts count. Omit to skip the check (tests). */
  expectedSender?: unknown;
}

/** Calls `listener` with each accepted console message of one type; returns the unsubscribe. */
export function onConsoleMessage<T extends ConsoleToFrameType>(
  options: ConsoleChannelOptions,
  type: T,
  listener: (message: ConsoleToFrameMessageOf<T>) => void,
): () => void {
  const onMessage = (event: IncomingMessage) => {
    const message = readConsoleMessage(event, options.allowedOrigins, options.expectedSender);
    if (message?.type === type) listener(message as ConsoleToFrameMessageOf<T>);
  };
  options.target.addEventListener('message', onMessage);
  return () => options.target.removeEventListener('message', onMessage);
}
