// The frame's view of im-core's contacts services (issue 10 §8): system messages with friend
// requests to accept or reject, and the blocklist/mutelist of a customer. Screens use this
// interface only; tests use FakeContactsPort.
import { ImError, type ContactsServices, type ImRelationState, type ImSysMsg } from '@merchant/im-core';

export type Unsubscribe = () => void;

/** A friend as the friends list shows it: the friend row with the profile's name and avatar. */
export interface FriendEntry {
  account: string;
  alias?: string;
  nick?: string;
  avatar?: string;
}

/** Name shown for a friend: the merchant's alias, else the profile nick, else the account. */
export const friendDisplayName = (friend: FriendEntry): string => friend.alias || friend.nick || friend.account;

/**
 * A friend request the merchant sends (im-core friends service, §3 System message): `apply` asks the
 * customer, who accepts or declines (applyFriend); `add` befriends at once (addFriend, the spec's
 * request type that needs no approval). The note (ps) is at most im-core's FRIEND_PS_MAX_LENGTH (§5).
 */
export interface FriendRequest {
  account: string;
  kind: 'apply' | 'add';
  ps?: string;
}

/**
 * Refusals of a friend request im-server answers (docs/protocol.md "friendRequest"), each with its own
 * text (i18n `friendRequest.error.<code>`): unknown account 404, a malformed request 414, too many
 * requests 416, already friends 417, the customer blocked the merchant 7101. im-core defines no
 * friend-limit code; any other code gets the generic text with the server's message.
 */
export const FRIEND_REQUEST_ERROR_CODES = [404, 414, 416, 417, 7101] as const;

/** The code of a refusal: im-core's ImError code, or a `code` the error carries. */
export function errorCode(error: unknown): number | undefined {
  if (error instanceof ImError) return error.code;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : undefined;
}

/** The i18n key for a refused friend request: its code when known, else the generic text. */
export function friendRequestErrorKey(error: unknown): string {
  const code = errorCode(error);
  return code !== undefined && (FRIEND_REQUEST_ERROR_CODES as readonly number[]).includes(code) ? `friendRequest.error.${code}` : 'friendRequest.error.generic';
}

/** Profiles are asked at most this many at a time (§5 user lookup limit). */
const USER_LOOKUP_CHUNK = 150;

export interface ContactsPort {
  /** Newest first, from the local store (kept current by sync and pushes). */
  listSystemMessages(limit?: number): Promise<ImSysMsg[]>;
  /** Unread system messages, all types together (the header badge). */
  unreadSystemMessages(): Promise<number>;
  markSystemMessagesRead(idServers: readonly string[]): Promise<void>;
  /** Accept (passFriendApply) or reject (rejectFriendApply) a friend application. */
  answerFriendApplication(sysMsg: ImSysMsg, accept: boolean): Promise<void>;
  getRelation(account: string): Promise<ImRelationState>;
  setInBlacklist(account: string, on: boolean): Promise<ImRelationState>;
  setInMutelist(account: string, on: boolean): Promise<ImRelationState>;
  /** The accounts on the mutelist (their conversations show as muted; issue 32 §9). */
  listMuted?(): Promise<string[]>;
  /** Valid friends (im-core friends service), with names from the user table; oldest first. */
  listFriends(): Promise<FriendEntry[]>;
  /** Ends the friendship on both sides (deleteFriend). */
  deleteFriend(account: string): Promise<void>;
  /**
   * Sends a friend request (applyFriend) or adds at once (addFriend); rejects with the server's
   * refusal (see FRIEND_REQUEST_ERROR_CODES). Absent in ports that cannot send them.
   */
  sendFriendRequest?(request: FriendRequest): Promise<void>;
  /** Something the screens show changed: system messages, relations or friends (this tab, another tab, a push, a sync). */
  onChange(listener: () => void): Unsubscribe;
}

/** Client events that mean "read again" (ImClient or MultiTabImClient `on`). */
// `teams`: a team became mine (an application approved) while its screens wait for it (teams/team-applications.ts).
export const CONTACTS_CHANGE_EVENTS = ['sysMsg', 'updateSysMsg', 'sysMsgUnread', 'relations', 'friends', 'teams', 'syncDone'] as const;
type ChangeEvent = (typeof CONTACTS_CHANGE_EVENTS)[number];

export interface ContactsEventSource {
  on(event: ChangeEvent, listener: () => void): () => void;
}

/** The ContactsPort over im-core's services; `source` is the client whose pushes and syncs change the store. */
export class ImContactsPort implements ContactsPort {
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly services: ContactsServices,
    source?: ContactsEventSource,
  ) {
    for (const event of CONTACTS_CHANGE_EVENTS) source?.on(event, () => this.changed());
  }

  /** Called for the services' own events too (createContactsServices onEvent). */
  changed(): void {
    for (const listener of [...this.listeners]) listener();
  }

  listSystemMessages(limit = 100): Promise<ImSysMsg[]> {
    return this.services.systemMessages.list({ limit });
  }

  async unreadSystemMessages(): Promise<number> {
    return Object.values(await this.services.systemMessages.unreadByType()).reduce((sum, n) => sum + n, 0);
  }

  markSystemMessagesRead(idServers: readonly string[]): Promise<void> {
    return this.services.systemMessages.markRead(idServers);
  }

  answerFriendApplication(sysMsg: ImSysMsg, accept: boolean): Promise<void> {
    const input = { account: sysMsg.from, idServer: sysMsg.idServer };
    return accept ? this.services.friends.passFriendApply(input) : this.services.friends.rejectFriendApply(input);
  }

  getRelation(account: string): Promise<ImRelationState> {
    return this.services.relations.get(account);
  }

  setInBlacklist(account: string, on: boolean): Promise<ImRelationState> {
    return this.services.relations.markInBlacklist({ account, isAdd: on });
  }

  setInMutelist(account: string, on: boolean): Promise<ImRelationState> {
    return this.services.relations.markInMutelist({ account, isAdd: on });
  }

  async listMuted(): Promise<string[]> {
    return (await this.services.relations.getMutelist()).map((relation) => relation.account);
  }

  async listFriends(): Promise<FriendEntry[]> {
    const friends = await this.services.friends.list();
    const profiles = new Map<string, { nick?: string; avatar?: string }>();
    for (let start = 0; start < friends.length; start += USER_LOOKUP_CHUNK) {
      const accounts = friends.slice(start, start + USER_LOOKUP_CHUNK).map((f) => f.account);
      // Unknown profiles are asked from im-server; offline the list still shows accounts.
      const users = await this.services.users.getUsers(accounts).catch(() => []);
      for (const user of users) profiles.set(user.account, { nick: user.nick, avatar: user.avatar });
    }
    return friends.map((friend) => ({ account: friend.account, alias: friend.alias, ...profiles.get(friend.account) }));
  }

  deleteFriend(account: string): Promise<void> {
    return this.services.friends.deleteFriend({ account });
  }

  async sendFriendRequest(request: FriendRequest): Promise<void> {
    const input = { account: request.account, ...(request.ps ? { ps: request.ps } : {}) };
    if (request.kind === 'add') await this.services.friends.addFriend(input);
    else await this.services.friends.applyFriend(input);
  }

  onChange(listener: () => void): Unsubscribe {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
