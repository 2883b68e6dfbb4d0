// The frame's view of im-core's contacts services (issue 10 §8): system messages with friend
// requests to accept or reject, and the blocklist/mutelist of a customer. Screens use this
// interface only; tests use FakeContactsPort.
import type { ContactsServices, ImRelationState, ImSysMsg } from '@merchant/im-core';

export type Unsubscribe = () => void;

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
  /** Something the screens show changed: system messages, relations or friends (this tab, another tab, a push, a sync). */
  onChange(listener: () => void): Unsubscribe;
}

/** Client events that mean "read again" (ImClient or MultiTabImClient `on`). */
export const CONTACTS_CHANGE_EVENTS = ['sysMsg', 'updateSysMsg', 'sysMsgUnread', 'relations', 'friends', 'syncDone'] as const;
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

  onChange(listener: () => void): Unsubscribe {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
