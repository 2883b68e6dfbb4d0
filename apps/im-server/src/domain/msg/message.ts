import { FILE_MESSAGE_TYPES, MessageTypeCode } from '../../protocol';

/** Conversation scenes on the wire (im-client-spec §3: p2p = 0, team = 1, superTeam = 5). */
export const Scene = { P2P: 0, TEAM: 1, SUPER_TEAM: 5 } as const;

/** The file fields of an image, audio, video or file message (im-client-spec §3 "File message"). */
export interface StoredFile {
  url: string;
  ext: string;
  size: number;
  name?: string;
  md5?: string;
  w?: number;
  h?: number;
  dur?: number;
}

/**
 * Message type codes whose content is a file (image, audio, video, file). Their file is stored as JSON in the attach column; a tip (10) is stored in the text
 * column. No column of its own is needed (docs/protocol.md "Message types").
 */
export const FILE_TYPE_CODES: ReadonlySet<number> = new Set([...FILE_MESSAGE_TYPES].map((type) => MessageTypeCode[type]));
export const TIP_TYPE_CODE = MessageTypeCode.tip;

/** A message as the server stores and hands it out; times are epoch milliseconds. */
export interface StoredMessage {
  idServer: string;
  idClient: string;
  scene: number;
  from: string;
  to: string;
  type: number;
  subType: number;
  text: string;
  attach: string;
  custom: string;
  fromNick: string;
  fromClientType: number;
  fromDeviceId: string;
  time: number;
  /** Tip messages: the tip (stored in the text column; text is then ''). */
  tip?: string;
  /** File messages: the file (stored as JSON in the attach column; attach is then ''). */
  file?: StoredFile;
  /** Threads and replies (domain/extend/threads.ts): the message this one answers, and its thread's root. */
  reply?: MessageLink;
  thread?: MessageLink;
  /** §3 yidunAntiSpamRes: set when the server's anti-spam filter marked the message (domain/antispam). */
  yidunAntiSpamRes?: string;
}

/** Who sent a message where and when: how a reply names the message it answers (replyMsg* / threadMsg* on the wire). */
export interface MessageLink {
  from: string;
  to: string;
  time: number;
  idServer: string;
  idClient: string;
}

/** What the msg_refs column keeps (migration 018). */
export interface MessageRefs {
  reply: MessageLink;
  thread: MessageLink;
}

function parseMessageRefs(json: string | null | undefined): Partial<MessageRefs> {
  if (!json) return {};
  try {
    const parsed = JSON.parse(json) as MessageRefs;
    return parsed && typeof parsed === 'object' ? { reply: parsed.reply, thread: parsed.thread } : {};
  } catch {
    return {};
  }
}

function parseStoredFile(attach: string): StoredFile | undefined {
  try {
    const parsed = JSON.parse(attach) as StoredFile;
    return typeof parsed === 'object' && parsed !== null && typeof parsed.url === 'string' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Session id as seen by `viewer`: scene joined to the other party (im-client-spec §3 Session). */
export function p2pSessionId(target: string): string {
  return `p2p-${target}`;
}

export function sessionIdForViewer(message: Pick<StoredMessage, 'from' | 'to'> & { scene?: number }, viewer: string): string {
  // A team message's session is its team's for every member (im-server teams, domain/team).
  if (message.scene === Scene.TEAM) return `team-${message.to}`;
  return p2pSessionId(message.from === viewer ? message.to : message.from);
}

/** Both parties sorted and joined: one key for the whole p2p history, whoever asks. */
export function conversationKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

export interface MessageRow {
  id_server: number;
  id_client: string;
  sender: string;
  receiver: string;
  scene: number;
  msg_type: number;
  sub_type: number;
  text: string;
  attach: string;
  custom: string;
  from_nick: string;
  from_client_type: number;
  from_device_id: string;
  time: number;
  /** Migration 018; absent from selects that do not ask for it. */
  msg_refs?: string | null;
  /** Migration 024 (anti-spam); absent from selects that do not ask for it. */
  yidun_anti_spam_res?: string | null;
}

export function messageFromRow(row: MessageRow): StoredMessage {
  const refs = parseMessageRefs(row.msg_refs);
  const base = { ...plainMessageFromRow(row), ...(refs.reply ? { reply: refs.reply } : {}), ...(refs.thread ? { thread: refs.thread } : {}) };
  if (base.type === TIP_TYPE_CODE) return { ...base, text: '', tip: row.text };
  if (FILE_TYPE_CODES.has(base.type)) {
    const file = parseStoredFile(row.attach);
    return file ? { ...base, attach: '', file } : base;
  }
  return base;
}

function plainMessageFromRow(row: MessageRow): StoredMessage {
  return {
    idServer: String(row.id_server),
    idClient: row.id_client,
    scene: row.scene,
    from: row.sender,
    to: row.receiver,
    type: row.msg_type,
    subType: row.sub_type,
    text: row.text,
    attach: row.attach,
    custom: row.custom,
    fromNick: row.from_nick,
    fromClientType: row.from_client_type,
    fromDeviceId: row.from_device_id,
    time: Number(row.time),
    ...(row.yidun_anti_spam_res ? { yidunAntiSpamRes: row.yidun_anti_spam_res } : {}),
  };
}

export const MESSAGE_COLUMNS = [
  'id_server',
  'id_client',
  'sender',
  'receiver',
  'scene',
  'msg_type',
  'sub_type',
  'text',
  'attach',
  'custom',
  'from_nick',
  'from_client_type',
  'from_device_id',
  'time',
  'msg_refs',
  'yidun_anti_spam_res',
] as const;

/** The stored message's columns that come from the sender's port and the checked message (both write paths). */
export function messageColumns(port: SendingPort, valid: ValidSendInput) {
  return {
    id_client: valid.idClient,
    sender: port.account,
    receiver: valid.to,
    scene: valid.scene,
    conversation: conversationKey(port.account, valid.to),
    msg_type: valid.type,
    sub_type: valid.subType,
    text: valid.text,
    attach: valid.attach,
    custom: valid.custom,
    from_nick: port.nick,
    from_client_type: port.clientType,
    from_device_id: port.deviceId,
    yidun_anti_spam_res: valid.yidunAntiSpamRes ?? null,
  };
}

/** Who is sending: the logged-in port the message came from. */
export interface SendingPort {
  account: string;
  nick: string;
  clientType: number;
  deviceId: string;
}

export interface SendResult {
  message: StoredMessage;
  /** True when this idClient was already stored for the sender: nothing was written again. */
  duplicate: boolean;
}

/** The checked message as it is stored: file messages keep their file as attach JSON, tips in text. */
export interface ValidSendInput extends Pick<StoredMessage, 'idClient' | 'scene' | 'to' | 'type' | 'subType' | 'text' | 'attach' | 'custom'> {
  /** A reply's thread columns (domain/extend/threads.ts); absent for a message that answers nothing. */
  thread?: ThreadColumns;
  /** The server anti-spam verdict (domain/antispam), when the filter marked the text. */
  yidunAntiSpamRes?: string;
}

/** What a reply writes into its im_message row. */
export interface ThreadColumns {
  thread_id_server: number | null;
  msg_refs: string | null;
}

/** The columns of a message that answers nothing. */
export const NO_THREAD: ThreadColumns = { thread_id_server: null, msg_refs: null };

export interface HistoryQuery {
  peer?: string;
  beginTime?: number;
  endTime?: number;
  lastMsgId?: string;
  limit?: number;
  /** false (default): newest first, as im-client-spec §5 "descending". */
  reverse?: boolean;
}
