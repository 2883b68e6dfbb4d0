/** Conversation scenes on the wire (im-client-spec §3: p2p = 0, team = 1, superTeam = 5). */
export const Scene = { P2P: 0, TEAM: 1, SUPER_TEAM: 5 } as const;

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
}

/** Session id as seen by `viewer`: scene joined to the other party (im-client-spec §3 Session). */
export function p2pSessionId(target: string): string {
  return `p2p-${target}`;
}

export function sessionIdForViewer(message: Pick<StoredMessage, 'from' | 'to'>, viewer: string): string {
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
}

export function messageFromRow(row: MessageRow): StoredMessage {
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
] as const;
