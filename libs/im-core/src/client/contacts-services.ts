import type { RequestName } from '../connection/im-connection';
import type { RequestBodyOf, ResponseBodyOf } from '../protocol/command-definition';
import type { CommandTable } from '../protocol/commands';
import { FriendsService } from '../services/friends/friends-service';
import { RelationsService } from '../services/relations/relations-service';
import type { ServiceEvents } from '../services/service-context';
import { SystemMessagesService } from '../services/system-messages/system-messages-service';
import { UsersService } from '../services/users/users-service';
import { TeamsService, type TeamsLogger } from '../services/teams/teams-service';
import { ImError, ImErrorName } from '../errors';
import type { ImMessage } from '../store/entities';
import type { SendTextInput } from '../validation/message-rules';
import type { Store } from '../store/store';

/** Users, friends, blocklist/mutelist, system messages and teams (the services ImClient also has). */
export interface ContactsServices {
  users: UsersService;
  friends: FriendsService;
  relations: RelationsService;
  systemMessages: SystemMessagesService;
  /** Teams over the shared store (docs/im-teams.md); team messages go out through `sendText`. */
  teams: TeamsService;
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
  /** How team messages are sent (a multi-tab follower: its client's `messages.sendText`); without it teams.sendText rejects. */
  sendText?: (input: SendTextInput) => Promise<ImMessage>;
  /** Where the teams service logs what it does not throw (816, failed refreshes); default console. */
  logger?: TeamsLogger;
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
  const sendText =
    options.sendText ?? (() => Promise.reject(new ImError(ImErrorName.Not_Support, 'these contacts services send no messages: pass sendText')));
  return {
    users: new UsersService(context),
    friends: new FriendsService(context, systemMessages),
    relations: new RelationsService(context),
    systemMessages,
    teams: new TeamsService(context, systemMessages, { sendText }, options.logger),
  };
}
