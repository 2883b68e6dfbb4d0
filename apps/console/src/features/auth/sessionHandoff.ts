// A new tab of a signed-in console (a detail opened with ctrl-click or "open in new tab", issue 35 §5).
// §9 keeps the token in session storage unless "remember me" was ticked, so closing every tab still ends
// the session; but a new tab starts with an empty session storage and would show the sign-in page. Before
// it starts, a tab without a token asks the console's open tabs of this origin over a BroadcastChannel;
// a tab signed in for this browser session answers with its token, which the new tab keeps in its own
// session storage. A remembered token is in local storage already, so no tab answers for it. When the
// last tab closes, every copy is gone: the §9 rule holds.
import type { StoredToken } from './tokenStorage';

export const SESSION_CHANNEL_NAME = 'console.session';
/** How long a new tab waits for an open tab's answer (an open tab answers within milliseconds). */
export const SESSION_HANDOFF_WAIT_MS = 400;

type HandoffMessage = { type: 'ask'; id: string } | { type: 'answer'; id: string; token: string };

/** What is used of a BroadcastChannel. */
export interface HandoffChannel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  removeEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

function readHandoff(data: unknown): HandoffMessage | null {
  if (!data || typeof data !== 'object') return null;
  const { type, id, token } = data as Record<string, unknown>;
  if (typeof id !== 'string' || id === '') return null;
  if (type === 'ask') return { type, id };
  if (type === 'answer' && typeof token === 'string' && token !== '') return { type, id, token };
  return null;
}

/** An open tab answers new tabs' asks with its token while it holds one for this browser session only. Returns the stop. */
export function answerSessionAsks(channel: HandoffChannel, readToken: () => StoredToken | null): () => void {
  const onMessage = (event: { data: unknown }) => {
    const message = readHandoff(event.data);
    if (message?.type !== 'ask') return;
    const stored = readToken();
    if (stored && !stored.remember) channel.postMessage({ type: 'answer', id: message.id, token: stored.token } satisfies HandoffMessage);
  };
  channel.addEventListener('message', onMessage);
  return () => channel.removeEventListener('message', onMessage);
}

/**
 * A new tab without a token asks the open tabs for theirs: the first answer, or null when none came within
 * `waitMs` (no other tab is signed in).
 */
export function askOpenTabsForSession(channel: HandoffChannel, options: { waitMs?: number; id: string; setTimer?: typeof setTimeout; clearTimer?: typeof clearTimeout }): Promise<string | null> {
  const { waitMs = SESSION_HANDOFF_WAIT_MS, id, setTimer = setTimeout, clearTimer = clearTimeout } = options;
  return new Promise((resolve) => {
    const finish = (token: string | null) => {
      clearTimer(timer);
      channel.removeEventListener('message', onMessage);
      resolve(token);
    };
    const onMessage = (event: { data: unknown }) => {
      const message = readHandoff(event.data);
      if (message?.type === 'answer' && message.id === id) finish(message.token);
    };
    channel.addEventListener('message', onMessage);
    const timer = setTimer(() => finish(null), waitMs);
    channel.postMessage({ type: 'ask', id } satisfies HandoffMessage);
  });
}
