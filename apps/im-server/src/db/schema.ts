import type { Generated } from 'kysely';

/** Tables of the `im` schema. Times are epoch milliseconds (bigint columns, read back as numbers). */
export interface ImDatabase {
  im_user: UserTable;
  im_message: MessageTable;
  im_session: SessionTable;
  im_timetag: TimetagTable;
}

export interface UserTable {
  accid: string;
  nick: string;
  avatar: string;
  created_at: number;
  updated_at: number;
}

export interface MessageTable {
  id_server: Generated<number>;
  /** Client-chosen id; unique per sender so a resent message is stored once. */
  id_client: string;
  sender: string;
  receiver: string;
  scene: number;
  /** Both parties of a p2p chat, sorted and joined, so history is one index range. */
  conversation: string;
  msg_type: number;
  sub_type: Generated<number>;
  text: string;
  attach: string;
  custom: string;
  from_nick: string;
  from_client_type: number;
  from_device_id: string;
  time: number;
}

export interface SessionTable {
  accid: string;
  /** "p2p-<target>" as in im-client-spec §3 (scene joined to target). */
  session_id: string;
  scene: number;
  target: string;
  /** Time of the newest message the owner has read. */
  ack_time: Generated<number>;
  unread: Generated<number>;
  last_msg_id: number | null;
  update_time: number;
  is_deleted: Generated<boolean>;
}

export interface TimetagTable {
  accid: string;
  kind: string;
  value: number;
}
