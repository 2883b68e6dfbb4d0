// Messages from the console to the frame (contract 0001, "Console ⇄ frame"): today only
// `visibility`. The console hides the frame with display:none off /message, which the frame's own
// document.visibilityState does not reflect, so the console says so explicitly.

export const CONSOLE_MESSAGE_SOURCE = 'merchant-console';

export type ConsoleToFrameMessage = { source: typeof CONSOLE_MESSAGE_SOURCE; type: 'visibility'; payload: { visible: boolean } };

/** What the frame needs of a MessageEvent. */
export interface IncomingMessage {
  origin: string;
  data: unknown;
  source?: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

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
  if (data.type === 'visibility' && typeof data.payload.visible === 'boolean') {
    return { source: CONSOLE_MESSAGE_SOURCE, type: 'visibility', payload: { visible: data.payload.visible } };
  }
  return null;
}

/** Whether the console shows the frame; changes are reported once each. */
export interface ConsoleVisibility {
  isVisible(): boolean;
  onChange(listener: (visible: boolean) => void): () => void;
  dispose(): void;
}

export interface MessageEventTarget {
  addEventListener(type: 'message', listener: (event: IncomingMessage) => void): void;
  removeEventListener(type: 'message', listener: (event: IncomingMessage) => void): void;
}

export interface ConsoleVisibilityOptions {
  /** Where the console's posts arrive: the frame's `window`. */
  target: MessageEventTarget;
  allowedOrigins: readonly string[];
  /** `window.parent`: only its posts count. Omit to skip the check (tests). */
  expectedSender?: unknown;
  /**
   * Before the console said anything. Embedded: false, so nothing is marked read until the console
   * says the frame is shown (it answers the frame's 'ready'). Standalone: true.
   */
  initiallyVisible: boolean;
}

export function createConsoleVisibility(options: ConsoleVisibilityOptions): ConsoleVisibility {
  let visible = options.initiallyVisible;
  const listeners = new Set<(visible: boolean) => void>();
  const onMessage = (event: IncomingMessage) => {
    const message = readConsoleMessage(event, options.allowedOrigins, options.expectedSender);
    if (!message || message.payload.visible === visible) return;
    visible = message.payload.visible;
    for (const listener of [...listeners]) listener(visible);
  };
  options.target.addEventListener('message', onMessage);
  return {
    isVisible: () => visible,
    onChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose: () => {
      options.target.removeEventListener('message', onMessage);
      listeners.clear();
    },
  };
}

/** A frame that is always shown (standalone, or tests that do not care). */
export const ALWAYS_VISIBLE: ConsoleVisibility = {
  isVisible: () => true,
  onChange: () => () => undefined,
  dispose: () => undefined,
};
