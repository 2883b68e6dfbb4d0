import type { ContactsPort } from '../contacts/contacts-port';
import type { TeamsPort } from '../teams/teams-port';
import type { CallsPort } from '../calls/calls-port';
import type { DevicesPort } from '../devices/devices-port';
import type { PresencePort } from '../presence/presence-port';
import type { BroadcastsPort } from '../presence/broadcasts-port';
import type { DraftStorage } from '../sessions/draft-book';

// The frame's own view of the IM client: exactly what the screens need, nothing more. The
// adapter in im-client-adapter.ts maps @merchant/im-core onto it; tests use in-memory fakes.

export type MessageFlow = 'in' | 'out';
export type MessageStatus = 'sending' | 'success' | 'fail';

export interface ChatMessage {
  idClient: string;
  idServer?: string;
  sessionId: string;
  from: string;
  to: string;
  fromNick?: string;
  /** Team messages: the sender's avatar (user table), shown beside the bubble. */
  fromAvatar?: string;
  /** im-client-spec §3 message type; the frame composes 'text' only and labels the others. */
  type: string;
  /** The text of a text message (or a tip); empty for other types. */
  text: string;
  /** Image, file, audio and video messages: the uploaded file (im-client-spec §3 "File message"). */
  file?: ChatFile;
  /**
   * Custom messages: the attach JSON string as sent (shown as an inert card, never as HTML); team notifications: the
   * change; call records (g2): the call's outcome (im-core parseCallRecord).
   */
  attach?: string;
  /** Milliseconds since the epoch (converted at the adapter edge). */
  time: number;
  flow: MessageFlow;
  status: MessageStatus;
  /** The message this one answers (im-core's replyMsg* fields, issue 12 "threads and replies"). */
  replyTo?: ChatMessageRef;
  /** The root of the thread this reply belongs to (im-core's threadMsg* fields); absent on a message that answers nothing. */
  thread?: ChatMessageRef;
  /** A team message whose sender named me in forcePushAccounts: it notifies even in a team I muted. */
  forcePush?: boolean;
  /**
   * The anti-spam verdict (im-core's yidunAntiSpamRes, docs/im-background.md): 'rejected' = refused before
   * sending (a forbidden word), 'filtered' = words were replaced with **, 'review' = kept for the server's review.
   */
  antispam?: 'rejected' | 'filtered' | 'review';
  /** The server refused the send with this code (im-core's sendError; 403 is what its anti-spam filter answers). */
  refusedCode?: number;
  /** Its sender recalled it (im-core ImMessage.recalled): shown as "X recalled a message", its content gone. */
  recalled?: { by: string; time: number };
  /** A team message sent asking for read receipts (im-core needMsgReceipt): read and unread counts apply (issue 32 §5). */
  needReceipt?: boolean;
}

/** Where "send diagnostic log" stands (im-core LocalLog.upload's progress). */
export interface DiagnosticLogProgress {
  stage: 'collecting' | 'uploading' | 'retrying' | 'done' | 'failed';
  attempt: number;
  retryInMs?: number;
}

/** The frame's local debug log, sent to support on request (docs/im-background.md "Local debug log"). */
export interface DiagnosticLogPort {
  /** Uploads the last 72 hours of the log; resolves once the server keeps it, rejects when every attempt failed. */
  send(onProgress?: (progress: DiagnosticLogProgress) => void): Promise<void>;
}

/** Names another message of the same conversation, as a reply or thread field does. */
export interface ChatMessageRef {
  from: string;
  to?: string;
  time?: number;
  idServer?: string;
  idClient?: string;
}

export interface ChatFile {
  url: string;
  name?: string;
  ext: string;
  size: number;
  w?: number;
  h?: number;
  /** Audio and video: length in milliseconds (im-client-spec §5). */
  dur?: number;
}

/**
 * An upload the frame started and did not finish, remembered across reloads (issue 13 "Resume after
 * reload"): enough to name it and to recognise the same file when the merchant picks it again.
 */
export interface RememberedUpload {
  sessionId: string;
  name: string;
  size: number;
  lastModified: number;
  type: string;
  /** 0–100, how much the server had when last heard. */
  percentage: number;
}

/** Where the frame keeps its unfinished uploads (the chat store's key-value table). */
export interface UploadMemory {
  load(): Promise<RememberedUpload[]>;
  save(uploads: readonly RememberedUpload[]): Promise<void>;
}

export interface ChatSession {
  /** `p2p-<account>` (contract 0001) or `team-<teamId>`. */
  id: string;
  /** The customer's account; for a team session the team id. */
  peerAccount: string;
  /** The customer's nick; for a team session the team's name. */
  peerNick?: string;
  peerAvatar?: string;
  /** Absent for a p2p conversation. */
  scene?: 'team';
  lastMessage?: ChatMessage;
  unread: number;
  /** Milliseconds since the epoch. */
  updateTime: number;
  /** Stuck to the top of the list (im-core's stick-top sessions). */
  isTop?: boolean;
  /** The merchant's note on a stuck session (im-core topCustom, synced to the other devices); absent when empty. */
  topCustom?: string;
  /** p2p: the peer read my messages up to this time (im-core msgReceiptTime, §5); absent before any receipt. */
  receiptTime?: number;
}

/** im-client-spec §4 "Connection", reduced to what a merchant needs to see. */
export type ConnectionState =
  | { phase: 'idle' }
  | { phase: 'connecting' }
  | { phase: 'connected' }
  | { phase: 'reconnecting' }
  | { phase: 'disconnected' }
  | { phase: 'kicked'; reason: string }
  /** The first connect failed. */
  | { phase: 'failed'; reason: string }
  /** Reconnecting ran out of attempts (im-core allAttemptsFailed); only connect() again helps. */
  | { phase: 'reconnectFailed' };

/** One page of a session's server history. */
export interface HistoryPage {
  /** Oldest first. */
  messages: ChatMessage[];
  /** The server filled the page: older messages may exist. */
  hasMore: boolean;
}

/** A customer the merchant can start a conversation with. */
export interface CustomerSummary {
  account: string;
  nick?: string;
  avatar?: string;
  /** Milliseconds since the epoch of the last message exchanged; absent when never. */
  lastActive?: number;
}

/** What the profile card shows (im-client-spec §3 User); absent fields are not shown. */
export interface CustomerProfile extends CustomerSummary {
  sign?: string;
  gender?: 'unknown' | 'male' | 'female';
  email?: string;
  tel?: string;
  birth?: string;
}

export interface ChatClientEvents {
  /** A message arrived, was sent, or changed status. */
  message: ChatMessage;
  /** Sessions changed; carries the changed sessions only. */
  sessions: ChatSession[];
  state: ConnectionState;
  /** A sync with the server finished; the local store now holds what was missed. */
  synced: void;
  /** Sessions deleted (here, on another device, or by a sync): they leave the list. */
  sessionsRemoved: string[];
}

export type ChatClientEventName = keyof ChatClientEvents;

export interface SendFileOptions {
  /** 0–100 in 0.01 steps, as the upload goes (im-client-spec §4). */
  onProgress?(percentage: number): void;
  signal?: AbortSignal;
}
export type Unsubscribe = () => void;

export interface ChatClient {
  /** System messages and the blocklist/mutelist (contacts/contacts-port.ts); absent in clients without them. */
  readonly contacts?: ContactsPort;
  /** Team info and actions (issue 12); absent in clients without them. */
  readonly teams?: TeamsPort;
  /** Call invitations, answered and placed (issue 12, issue 32 §3, signalling only); absent in clients without them. */
  readonly calls?: CallsPort;
  /** The local debug log and its upload for support; absent in clients without it. */
  readonly diagnostics?: DiagnosticLogPort;
  /** Unfinished uploads across reloads; absent in clients without a store. */
  readonly uploadMemory?: UploadMemory;
  /** Drafts per conversation across reloads (sessions/draft-book.ts); absent in clients without a store. */
  readonly draftStorage?: DraftStorage;
  /** The account's other logged-in devices, and signing one out (devices/); absent in clients without them. */
  readonly devices?: DevicesPort;
  /** Customers' online status (event service, presence/); absent in clients without it. */
  readonly presence?: PresencePort;
  /** Broadcast messages not dismissed yet (presence/broadcasts-port.ts); absent in clients without them. */
  readonly broadcasts?: BroadcastsPort;
  /** Sessions from the local store; works before `connect()`. */
  listLocalSessions(): Promise<ChatSession[]>;
  /** The newest messages of a session from the local store, oldest first; works before `connect()`. */
  listLocalMessages(sessionId: string, limit: number): Promise<ChatMessage[]>;
  /**
   * A page of the session's server history (im-core messages.fetchHistory), merged into the local
   * store; `endTime` = the time of the oldest message shown pages towards older ones. Waits for the
   * first sync when called before it.
   */
  fetchHistory(sessionId: string, page: { limit: number; endTime?: number }): Promise<HistoryPage>;
  /** Connects, and after a failed connection or reconnection, tries again. */
  connect(): Promise<void>;
  disconnect(): Promise<void>;
  /** Resolves with the message in its final state; a failed send resolves with status 'fail'. */
  sendText(sessionId: string, text: string): Promise<ChatMessage>;
  /**
   * Uploads a file to the object store and sends it as an image, audio, video or file message
   * (issue 13). Rejects when the file is refused or the upload fails (nothing is sent then); once
   * uploaded it settles like sendText.
   */
  sendFile(sessionId: string, file: File, options?: SendFileOptions): Promise<ChatMessage>;
  /**
   * Sends a custom message whose attach is `attach` (a support desk card, api-contracts' deskCardAttach);
   * resolves like sendText. Absent in clients that cannot send custom messages.
   */
  sendCustom?(sessionId: string, attach: string): Promise<ChatMessage>;
  /** Resends a failed outgoing message under the same idClient. */
  resend(message: ChatMessage): Promise<ChatMessage>;
  /**
   * Forwards a message's content to another session as a new outgoing message (a new idClient,
   * im-client-spec §4); resolves like sendText, a failed send with status 'fail'.
   */
  forward(message: ChatMessage, toSessionId: string): Promise<ChatMessage>;
  /**
   * Recalls one of my sent messages (im-core messages.recall, issue 31); resolves with the recalled
   * placeholder, rejects with the server's refusal (code 508 past the recall window). Absent in
   * clients without recall.
   */
  recall?(message: ChatMessage): Promise<ChatMessage>;
  /**
   * Sends `text` as a reply to `replied` (a message the server stored: it has an idServer), in its
   * session (im-core msgExtend.replyText); resolves like sendText, a failed send with status 'fail'.
   * Absent in clients without replies (a client without msgExtend).
   */
  replyText?(replied: ChatMessage, text: string): Promise<ChatMessage>;
  /**
   * A message of the session from the local store, by its idClient, else by its idServer and time;
   * undefined when the store does not have it. Absent in clients without a store.
   */
  findMessage?(sessionId: string, ref: ChatMessageRef): Promise<ChatMessage | undefined>;
  markRead(sessionId: string): Promise<void>;
  /**
   * Sticks the session to the top of the list, or takes it off (im-core sessions.stickTop /
   * unstickTop): persisted on im-server and pushed to the merchant's other devices. Rejects when
   * the session is not known to the client or the server refused; the change then comes as a
   * `sessions` event.
   */
  setSessionTop(sessionId: string, top: boolean): Promise<void>;
  /**
   * Changes the note of a stuck session (im-core sessions.updateStickTop, topCustom): persisted on im-server and
   * synced to the other devices. Rejects when the server refused (e.g. the session is not on top). Absent in
   * clients without it.
   */
  setSessionTopNote?(sessionId: string, note: string): Promise<void>;
  /**
   * Deletes the session on im-server (im-core sessions.deleteSessions), so the other devices drop it too; the
   * history stays and a new message brings it back. Then raises `sessionsRemoved`. Absent in clients without it.
   */
  deleteSession?(sessionId: string): Promise<void>;
  /**
   * Recent customers (docs/im-frame.md): the peers of the merchant's conversations that im-server
   * synced into the local store, including conversations removed from the list, newest first.
   */
  listRecentCustomers(limit: number): Promise<CustomerSummary[]>;
  /** The customer with this account (local user table, else im-server's getUsers); undefined when unknown. */
  findCustomer(account: string): Promise<CustomerSummary | undefined>;
  /** The customer's profile, fresh from im-server when reachable, else from the local user table. */
  getCustomerProfile(account: string): Promise<CustomerProfile | undefined>;
  on<E extends ChatClientEventName>(event: E, listener: (value: ChatClientEvents[E]) => void): Unsubscribe;
}

export const P2P_SESSION_PREFIX = 'p2p-';

export const sessionIdForAccount = (account: string): string => `${P2P_SESSION_PREFIX}${account}`;

export const accountOfSessionId = (sessionId: string): string =>
  sessionId.startsWith(P2P_SESSION_PREFIX) ? sessionId.slice(P2P_SESSION_PREFIX.length) : sessionId;

export const TEAM_SESSION_PREFIX = 'team-';

export const isTeamSessionId = (sessionId: string): boolean => sessionId.startsWith(TEAM_SESSION_PREFIX);

/** Where a session's messages go: the customer's account or the team id. */
export function sendTargetOf(sessionId: string): { scene: 'p2p' | 'team'; to: string } {
  return isTeamSessionId(sessionId) ? { scene: 'team', to: sessionId.slice(TEAM_SESSION_PREFIX.length) } : { scene: 'p2p', to: accountOfSessionId(sessionId) };
}
