import type { CommandName, CommandTable, ProtocolRecord, RequestBodyOf, ResponseBodyOf } from '../protocol';
import type { MessageService } from '../domain/msg/message-service';
import type { SessionService } from '../domain/session/session-service';
import type { SyncService } from '../domain/sync/sync-service';
import type { UserService } from '../domain/user/user-service';
import type { FriendService } from '../domain/friend/friend-service';
import type { RelationService } from '../domain/relation/relation-service';
import type { SysMsgService } from '../domain/system-msg/sys-msg-service';
import type { HistoryService } from '../domain/history/history-service';
import type { RecallService } from '../domain/history/recall-service';
import type { SessionSyncService } from '../domain/history/session-sync';
import type { BroadcastService } from '../domain/broadcast/broadcast-service';
import type { TeamService } from '../domain/team/team-service';
import type { TeamMessageService } from '../domain/team/team-msg-service';
import type { SuperTeamService } from '../domain/super-team/super-team-service';
import type { PortRecord, RoutedEvent, Router } from '../routing/router';
import type { UploadService } from '../upload/upload-service';
import type { DocumentService } from '../upload/documents/document-service';
import type { SignalService } from '../domain/signal/signal-service';
import type { MsgExtendService } from '../domain/extend/msg-extend-service';
import type { EventService } from '../domain/extend/event-service';
import type { ChatroomService } from '../domain/chatroom/chatroom-service';
import type { ChatroomQueue } from '../domain/chatroom/chatroom-queue';
import type { AntispamService } from '../domain/antispam/antispam-service';
import type { SdkLogService } from '../upload/sdk-logs/sdk-log-service';
import type { PushService } from '../domain/push/push-service';

export interface ImServices {
  users: UserService;
  messages: MessageService;
  sessions: SessionService;
  sync: SyncService;
  friends: FriendService;
  relations: RelationService;
  sysMsgs: SysMsgService;
  /** Delete for self, clear history, search (domain/history). */
  history: HistoryService;
  /** Recall by the sender within the window (deleteMsg, domain/history/recall-service). */
  recall: RecallService;
  /** Receipts and stick-top with the owner's sync number. */
  sessionSync: SessionSyncService;
  broadcasts: BroadcastService;
  /** Normal and advanced teams and their messages (domain/team). */
  teams: TeamService;
  teamMessages: TeamMessageService;
  /** Super teams: members, joins and the team message stream (domain/super-team, docs/im-super-teams.md). */
  superTeams: SuperTeamService;
  /** Upload tokens for the object store (upload/, issue 13). */
  uploads: UploadService;
  /** Documents registered for conversion (upload/documents). */
  documents: DocumentService;
  /** Call signalling channels and invitations (domain/signal, docs/im-signalling.md). */
  signalling: SignalService;
  /** Quick comments, collects, pins (domain/extend). */
  msgExtend: MsgExtendService;
  /** Publish, subscribe and query events (domain/extend). */
  events: EventService;
  /** Chat rooms and their queues (domain/chatroom, docs/im-chatroom.md). */
  chatrooms: ChatroomService;
  chatroomQueue: ChatroomQueue;
  /** getNosCdnHost's answer: the CDN in front of /nos, if configured (server.ts; docs/im-background.md "CDN host"). */
  cdnHost?: () => { cdnDomain: string; objectNamePrefix: string; expire: number };
  /** getGrayscaleConfig's settings (config.grayscaleConfig; docs/im-upload.md "Grayscale configuration"). */
  grayscaleConfig?: () => Readonly<Record<string, string | number | boolean>>;
  /** The anti-spam lexicon (getClientAntispam) and the server's filter (domain/antispam, docs/im-background.md). */
  antispam?: AntispamService;
  /** Push tokens, background state, the multi-port setting and the offline-push outbox (domain/push). */
  push: PushService;
  /** Debug logs accounts uploaded (uploadSdkLogUrl; upload/sdk-logs, docs/im-background.md). */
  sdkLogs?: SdkLogService;
}

// Types shared by the connection, the logins and the handlers. This file imports no module of
// gateway/, so none of them forms an import cycle through it.

/** The member behind a chat-room connection (docs/im-chatroom.md "Connections"). */
export interface ChatroomLink {
  chatroomId: string;
  account: string;
  nick: string;
}

/** What a command handler may use: the caller's port, the domain, and delivery to accounts. */
export interface CommandContext {
  readonly port: PortRecord;
  readonly nick: string;
  /** Set on a chat-room connection: its room and member (docs/im-chatroom.md). */
  readonly chatroom?: ChatroomLink;
  readonly services: ImServices;
  /** Every logged-in port of the caller's account (or of `account`), on every node. */
  listPorts(account?: string): Promise<PortRecord[]>;
  /** Delivers to every port of `account` on every node. */
  publish(account: string, event: RoutedEvent): Promise<void>;
  /** Delivers the same event to every port of each account, on every node (Router.publishToMany). */
  publishToMany(accounts: readonly string[], event: RoutedEvent): Promise<void>;
  /** Sends a push to this connection only. */
  pushToSelf<N extends CommandName>(name: N, body: ResponseBodyOf<CommandTable[N]>): void;
  /** Runs after the response has been sent (sync data pushes, closing after logout...). */
  afterResponse(task: () => Promise<void> | void): void;
  /**
   * The idClients of messages sent on this connection (the latest ones, bounded). A duplicate send whose
   * first copy came over another connection is routed again (issue 34 §1: that node may have died
   * before routing it); one repeated on the same connection was routed by it and is not.
   */
  readonly sentHere: { has(idClient: string): boolean; add(idClient: string): void };
  /** Closes this connection after its response (logout). */
  closeAfterResponse(reason: string): void;
  /**
   * Answers with `code` and `errMsg` beside the handler's body although the change committed: a
   * partial success such as 813, where some accounts were added and the rest are listed as aborted;
   * or a no-error code such as 406 (not modified). A thrown ImServerError, by contrast, rolls the
   * change back.
   */
  answerPartly(code: number, errMsg: string): void;
}

export type CommandHandler<N extends CommandName> = (
  ctx: CommandContext,
  body: RequestBodyOf<CommandTable[N]>,
) => Promise<ResponseBodyOf<CommandTable[N]>>;

export type CommandHandlers = { [N in CommandName]?: CommandHandler<N> };

/** The routing a login uses: registering the new port, reading and telling the account's others. */
export type LoginRouter = Pick<Router, 'nodeId' | 'addPort' | 'removePort' | 'listPorts' | 'publish'>;

/**
 * What a login may use. A login never touches the connection: it reads what it needs here and
 * returns a LoginOutcome, which the connection applies.
 */
export interface LoginContext {
  readonly appKey: string;
  readonly tokenSecret: string;
  readonly services: ImServices;
  readonly router: LoginRouter;
  now(): number;
  /** A fresh id for the port this login registers. */
  newConnectionId(): string;
  /** True once the link went away; a login checks it around registering the port. */
  isClosed(): boolean;
}

/** How a login ended; the connection applies it (state, port, response, closing). */
export type LoginOutcome =
  /** Answered with `code` and `message`; the link closes shortly after. */
  | { readonly kind: 'refused'; readonly code: number; readonly message: string }
  /** The link closed while logging in: nothing is answered and no port stays registered. */
  | { readonly kind: 'abandoned' }
  | {
      readonly kind: 'loggedIn';
      readonly port: PortRecord;
      readonly nick: string;
      /** Set for a chat-room login. */
      readonly chatroom?: ChatroomLink;
      /** The response body, built once the connection is logged in (it reads the live state). */
      answer(): Promise<ProtocolRecord>;
      /** Runs after the response is sent: tells the account's other ports, or the room. */
      announce(): Promise<void>;
    };

export type LoginFunction = (ctx: LoginContext, body: ProtocolRecord) => Promise<LoginOutcome>;
