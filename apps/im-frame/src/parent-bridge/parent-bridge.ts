// Messages from the frame to the console (contract 0001, "Console ⇄ frame"; declared in
// @merchant/api-contracts). Posts go only to allow-listed console origins and always name the
// target origin explicitly, never '*'.
import { frameToConsoleMessage, type FrameToConsoleMessage, type NewMessagePayload } from '@merchant/api-contracts';

/** The one method of `window.parent` the bridge uses. */
export interface PostTarget {
  postMessage(message: FrameToConsoleMessage, targetOrigin: string): void;
}

export interface ParentBridgeOptions {
  /** `window.parent`, or null when the frame is not embedded. */
  parent: PostTarget | null;
  allowedOrigins: readonly string[];
  /** `location.ancestorOrigins[0]` where the browser provides it. */
  ancestorOrigin?: string;
  /** `document.referrer`. */
  referrer?: string;
}

export interface ParentBridge {
  /** The origins posts go to; empty when the embedding page is not allowed. */
  readonly targetOrigins: readonly string[];
  ready(account: string): void;
  newMessage(payload: NewMessagePayload): void;
  /** Posts the unread total, skipping repeats of the last value sent. */
  unread(total: number): void;
  requestToken(requestId: string): void;
  /** Any other frame → console message (the support desk's requests, support-desk/desk-bridge.ts). */
  send(message: FrameToConsoleMessage): void;
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/**
 * When the embedding origin is known, it must be allow-listed and is the only target. When it is
 * not known (no ancestorOrigins, referrer stripped), each allowed origin is named in turn: the
 * browser delivers a post only if the parent's origin matches its target, so nobody else gets it.
 */
export function resolveTargetOrigins(options: Omit<ParentBridgeOptions, 'parent'>): string[] {
  const knownParentOrigin = originOf(options.ancestorOrigin) ?? originOf(options.referrer);
  if (knownParentOrigin) {
    return options.allowedOrigins.includes(knownParentOrigin) ? [knownParentOrigin] : [];
  }
  return [...options.allowedOrigins];
}

export function createParentBridge(options: ParentBridgeOptions): ParentBridge {
  const targetOrigins = options.parent ? resolveTargetOrigins(options) : [];
  let lastUnreadTotal: number | undefined;

  const post = (message: FrameToConsoleMessage): void => {
    for (const origin of targetOrigins) {
      try {
        options.parent?.postMessage(message, origin);
      } catch {
        // A closed or navigated parent must not break the chat.
      }
    }
  };

  return {
    targetOrigins,
    ready: (account) => post(frameToConsoleMessage('ready', { account })),
    newMessage: (payload) => post(frameToConsoleMessage('newMessage', payload)),
    requestToken: (requestId) => post(frameToConsoleMessage('tokenRequest', { requestId })),
    send: post,
    unread: (total) => {
      if (total === lastUnreadTotal) return;
      lastUnreadTotal = total;
      post(frameToConsoleMessage('unread', { total }));
    },
  };
}

/** Builds the bridge from the real browser globals. */
export function createBrowserParentBridge(allowedOrigins: readonly string[]): ParentBridge {
  const embedded = window.parent !== window;
  return createParentBridge({
    parent: embedded ? window.parent : null,
    allowedOrigins,
    ancestorOrigin: window.location.ancestorOrigins?.[0],
    referrer: document.referrer,
  });
}
