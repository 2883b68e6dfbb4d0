// Subscribes to the online status of the merchant's recent customers (issue 32 §7) and answers each
// one's status: the p2p peers of the newest conversations, at most 100 (one subscription call, §5),
// subscribed again at every login (a subscription lasts PRESENCE_SUBSCRIBE_SECONDS).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ImEvent } from '@merchant/im-core';
import type { ChatSession } from '../chat/chat-client';
import { MAX_EVENT_ACCOUNTS, presenceOf, type Presence, type PresencePort } from './presence-port';

/** The customers whose status is asked: p2p peers of the newest conversations (the list is newest first). */
export function presenceAccounts(sessions: readonly ChatSession[]): string[] {
  return [...new Set(sessions.filter((session) => session.scene !== 'team').map((session) => session.peerAccount))].slice(0, MAX_EVENT_ACCOUNTS);
}

export function usePresence(port: PresencePort | undefined, sessions: readonly ChatSession[], connected: boolean, now: () => number = Date.now): (account: string) => Presence | undefined {
  const [events, setEvents] = useState<ReadonlyMap<string, ImEvent>>(new Map());
  const accounts = useMemo(() => presenceAccounts(sessions), [sessions]);
  const accountsKey = accounts.join('\n');
  /** Accounts subscribed since the last login. */
  const subscribed = useRef(new Set<string>());

  useEffect(() => {
    if (!port) return undefined;
    const offEvent = port.onEvent((event) =>
      setEvents((current) => {
        const known = current.get(event.account);
        // An older event arriving late (a sync after a live push) does not undo a newer one.
        if (known && known.time > event.time) return current;
        return new Map(current).set(event.account, event);
      }),
    );
    const offLogin = port.onLoggedIn(() => subscribed.current.clear());
    return () => {
      offEvent();
      offLogin();
    };
  }, [port]);

  useEffect(() => {
    if (!port || !connected) {
      subscribed.current.clear();
      return;
    }
    const fresh = accountsKey === '' ? [] : accountsKey.split('\n').filter((account) => !subscribed.current.has(account));
    if (fresh.length === 0) return;
    fresh.forEach((account) => subscribed.current.add(account));
    port.subscribe(fresh).catch(() => {
      // Asked again with the next change or login.
      fresh.forEach((account) => subscribed.current.delete(account));
    });
  }, [port, connected, accountsKey]);

  return useCallback(
    (account: string) => {
      const event = events.get(account);
      return event ? presenceOf(event, now()) : undefined;
    },
    [events, now],
  );
}
