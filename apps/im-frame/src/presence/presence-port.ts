// Customers' online status (issue 32 §7) through im-core's event service (im-client-spec §7 "event
// service (publish, subscribe, query)"; docs/im-extend.md "Events"): the frame subscribes to event
// type 1 of its recent customers and reads each one's current event as online or not.
import type { ImEvent } from '@merchant/im-core';

/** The event type of online status (NIM's reserved type 1; our choice to follow it, docs/im-frame.md). */
export const ONLINE_STATE_EVENT_TYPE = 1;
/** Values of an online-state event: 1 logged in; 2 logged out and 3 disconnected are offline. */
export const ONLINE_STATE_VALUE = { login: 1, logout: 2, disconnect: 3 } as const;
/** im-client-spec §5: a subscription names 1–100 accounts. */
export const MAX_EVENT_ACCOUNTS = 100;
/**
 * How long a subscription lasts (im-client-spec §5 allows 60–2592000 s). One day: the frame subscribes
 * again at every login, so a customer the merchant stopped talking to falls out by itself.
 */
export const PRESENCE_SUBSCRIBE_SECONDS = 24 * 60 * 60;

export type Presence = 'online' | 'offline';

/** One account's status as its current event says, or undefined when the event has expired. */
export function presenceOf(event: Pick<ImEvent, 'value' | 'time' | 'validTime'>, now: number): Presence | undefined {
  if (event.time + event.validTime * 1000 <= now) return undefined;
  return event.value === ONLINE_STATE_VALUE.login ? 'online' : 'offline';
}

export type Unsubscribe = () => void;

export interface PresencePort {
  /** Subscribes to the accounts' online status (at most 100 at a time are sent); their current events follow as `onEvent`. */
  subscribe(accounts: readonly string[]): Promise<void>;
  /** Each online-state event of a subscribed account (current ones after subscribing, then each change). */
  onEvent(listener: (event: ImEvent) => void): Unsubscribe;
  /** This client logged in (again): subscriptions are renewed then. */
  onLoggedIn(listener: () => void): Unsubscribe;
}

/** The raw command the port sends (the leader tab's socket in multi-tab). */
export type SubscribeRequest = (body: { type: number; accounts: string[]; subscribeTime: number; sync: boolean }) => Promise<unknown>;

export interface PresenceEventSource {
  on(event: 'event', listener: (event: ImEvent) => void): () => void;
  on(event: 'state', listener: (state: string) => void): () => void;
}

export class ImPresencePort implements PresencePort {
  constructor(
    private readonly source: PresenceEventSource,
    private readonly request: SubscribeRequest,
  ) {}

  async subscribe(accounts: readonly string[]): Promise<void> {
    const unique = [...new Set(accounts)];
    for (let start = 0; start < unique.length; start += MAX_EVENT_ACCOUNTS) {
      // sync: the server pushes the accounts' current events right after its answer.
      await this.request({ type: ONLINE_STATE_EVENT_TYPE, accounts: unique.slice(start, start + MAX_EVENT_ACCOUNTS), subscribeTime: PRESENCE_SUBSCRIBE_SECONDS, sync: true });
    }
  }

  onEvent(listener: (event: ImEvent) => void): Unsubscribe {
    return this.source.on('event', (event) => {
      if (event.type === ONLINE_STATE_EVENT_TYPE) listener(event);
    });
  }

  onLoggedIn(listener: () => void): Unsubscribe {
    return this.source.on('state', (state) => {
      if (state === 'loggedIn') listener();
    });
  }
}
