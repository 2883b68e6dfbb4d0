import type { RequestName } from '../connection/im-connection';
import type { RequestBodyOf, ResponseBodyOf } from '../protocol/command-definition';
import type { CommandTable } from '../protocol/commands';
import { FriendsService } from '../services/friends-service';
import { RelationsService } from '../services/relations-service';
import type { ServiceEvents } from '../services/service-context';
import { SystemMessagesService } from '../services/system-messages-service';
import { UsersService } from '../services/users-service';
import type { Store } from '../store/store';

/** Users, friends, blocklist/mutelist and system messages (the services ImClient also has). */
export interface ContactsServices {
  users: UsersService;
  friends: FriendsService;
  relations: RelationsService;
  systemMessages: SystemMessagesService;
}

export interface ContactsServicesOptions {
  account: string;
  /** The client's store (the same IndexedDB every tab shares). */
  store: Store;
  /** Any way to the server: the connection, or the multi-tab client's `request` through the leader tab. */
  request<N extends RequestName>(name: N, body: RequestBodyOf<CommandTable[N]>): Promise<ResponseBodyOf<CommandTable[N]>>;
  /** The services' events (sysMsg, updateSysMsg, sysMsgUnread, friends, relations, myInfo, users). */
  onEvent?<E extends keyof ServiceEvents>(event: E, payload: ServiceEvents[E]): void;
  now?: () => number;
}

/**
 * The contacts services over a store and a requester, for apps whose client does not carry them
 * itself (a multi-tab follower: its calls go through the leader's socket, its data is the shared
 * store). The leader's client keeps the store current from pushes and sync.
 */
export function createContactsServices(options: ContactsServicesOptions): ContactsServices {
  const context = {
    account: options.account,
    connection: { request: options.request },
    store: () => options.store,
    now: options.now ?? Date.now,
    createIdClient: () => {
      throw new Error('the contacts services send no messages');
    },
    emit: <E extends keyof ServiceEvents>(event: E, payload: ServiceEvents[E]) => options.onEvent?.(event, payload),
  };
  const systemMessages = new SystemMessagesService(context);
  return {
    users: new UsersService(context),
    friends: new FriendsService(context, systemMessages),
    relations: new RelationsService(context),
    systemMessages,
  };
}
