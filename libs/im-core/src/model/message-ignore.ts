import type { ImMessage, ImSession } from '../store/entities';

// im-client-spec §5 Messages: "A message is ignored if the app's ignore callback says so, or if it
// is a notification the notification-ignore callback rejects." (NIM's shouldIgnoreMsg and
// shouldIgnoreNotification.) An ignored message is dropped where messages from the server enter
// the store (message-ingest.ts: live pushes, sync, history pages): it is not stored, raises no
// `msg`, and does not touch its session (no lastMsg, updateTime, unread or revival; a session
// known only through ignored messages is not created). In a sync, the server's view of a session
// whose last message is ignored is taken without that lastMsg (its updateTime, set by the server,
// is kept). The client's own sends are not asked: the app chose to send them.

/** Returns true to ignore the message. */
export type MessageIgnoreCallback = (message: ImMessage) => boolean;

export interface IgnoreRules {
  /** The app's ignore callback: asked for every message from the server. */
  shouldIgnoreMsg?: MessageIgnoreCallback;
  /** The notification-ignore callback: asked for notification messages only. */
  shouldIgnoreNotification?: MessageIgnoreCallback;
}

/**
 * Whether the app's callbacks ignore this message. A callback that throws does not lose the
 * message: it is kept (a bug in the app must not drop messages or stop a sync).
 */
export function isIgnoredMessage(message: ImMessage, rules: IgnoreRules): boolean {
  const ask = (callback: MessageIgnoreCallback | undefined): boolean => {
    if (!callback) return false;
    try {
      return callback(message) === true;
    } catch {
      return false;
    }
  };
  if (ask(rules.shouldIgnoreMsg)) return true;
  return message.type === 'notification' && ask(rules.shouldIgnoreNotification);
}

export interface IgnoreOutcome {
  /** The messages to take in, in their order. */
  kept: readonly ImMessage[];
  /** True when at least one message was ignored. */
  ignoredAny: boolean;
  /** The server's view of the session with an ignored lastMsg left out. */
  serverSession?: ImSession;
}

/** Takes the ignored messages out of `incoming`, and an ignored lastMsg out of the server's session. */
export function dropIgnoredMessages(incoming: readonly ImMessage[], serverSession: ImSession | undefined, rules: IgnoreRules): IgnoreOutcome {
  if (!rules.shouldIgnoreMsg && !rules.shouldIgnoreNotification) return { kept: incoming, ignoredAny: false, serverSession };
  const kept = incoming.filter((message) => !isIgnoredMessage(message, rules));
  const lastIgnored = serverSession?.lastMsg ? isIgnoredMessage(serverSession.lastMsg, rules) : false;
  return {
    kept,
    ignoredAny: kept.length < incoming.length,
    serverSession: serverSession && lastIgnored ? { ...serverSession, lastMsg: null } : serverSession,
  };
}
