// A new tab of a signed-in console gets the session from an open tab (issue 35 §5), only a session-only one.
import { answerSessionAsks, askOpenTabsForSession, SESSION_HANDOFF_WAIT_MS, type HandoffChannel } from './sessionHandoff';
import type { StoredToken } from './tokenStorage';

/** Channels of one origin: a message posted on one reaches every other (as BroadcastChannel does, never the sender). */
function channelBus() {
  const members = new Set<{ listeners: Set<(event: { data: unknown }) => void> }>();
  const open = (): HandoffChannel => {
    const member = { listeners: new Set<(event: { data: unknown }) => void>() };
    members.add(member);
    return {
      postMessage: (data) => {
        for (const other of members) if (other !== member) for (const listener of [...other.listeners]) listener({ data: structuredClone(data) });
      },
      addEventListener: (_type, listener) => void member.listeners.add(listener),
      removeEventListener: (_type, listener) => void member.listeners.delete(listener),
    };
  };
  return { open };
}

describe('session hand-off to a new tab (issue 35 §5)', () => {
  afterEach(() => jest.useRealTimers());

  it('a tab signed in for this browser session answers a new tab, which starts signed in with the same token', async () => {
    const bus = channelBus();
    const openTab: StoredToken = { token: 'session-token-1', remember: false };
    answerSessionAsks(bus.open(), () => openTab);
    await expect(askOpenTabsForSession(bus.open(), { id: 'ask-1' })).resolves.toBe('session-token-1');
  });

  it('no tab answers for a remembered token (the new tab has it in local storage) or without a token; the ask ends after the wait', async () => {
    jest.useFakeTimers();
    const bus = channelBus();
    answerSessionAsks(bus.open(), () => ({ token: 'remembered', remember: true }));
    answerSessionAsks(bus.open(), () => null);
    const asked = askOpenTabsForSession(bus.open(), { id: 'ask-2' });
    jest.advanceTimersByTime(SESSION_HANDOFF_WAIT_MS);
    await expect(asked).resolves.toBeNull();
  });

  it("answers only the asking tab's id, ignores malformed messages, and a stopped tab answers no more", async () => {
    jest.useFakeTimers();
    const bus = channelBus();
    const stop = answerSessionAsks(bus.open(), () => ({ token: 'session-token-2', remember: false }));
    const stranger = bus.open();
    const asked = askOpenTabsForSession(bus.open(), { id: 'ask-3' });
    stranger.postMessage({ type: 'answer', id: 'someone-else', token: 'forged' });
    stranger.postMessage({ type: 'answer', id: 'ask-3', token: '' });
    stranger.postMessage('garbage');
    await expect(asked).resolves.toBe('session-token-2');

    stop();
    const after = askOpenTabsForSession(bus.open(), { id: 'ask-4' });
    jest.advanceTimersByTime(SESSION_HANDOFF_WAIT_MS);
    await expect(after).resolves.toBeNull();
  });
});
