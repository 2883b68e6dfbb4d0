import type { Generated } from 'kysely';

/** Tables of the `im` schema. Times are epoch milliseconds (bigint columns, read back as numbers). */
export interface ImDatabase {
  im_user: UserTable;
  im_message: MessageTable;
  im_session: SessionTable;
  im_timetag: TimetagTable;
  im_account_seq: AccountSeqTable;
  im_friend: FriendTable;
  im_relation: RelationTable;
  im_sys_msg: SysMsgTable;
  im_msg_deleted_self: MsgDeletedSelfTable;
  im_msg_recall: MsgRecallTable;
  im_history_clear: HistoryClearTable;
  im_broadcast_msg: BroadcastMsgTable;
  im_team: TeamTable;
  im_team_member: TeamMemberTable;
  im_team_inbox: TeamInboxTable;
  im_team_fanout: TeamFanoutTable;
  im_upload: UploadTable;
  im_nos_access_token: NosAccessTokenTable;
  im_quick_comment: QuickCommentTable;
  im_collect: CollectTable;
  im_msg_pin: MsgPinTable;
  im_event: EventTable;
  im_event_sub: EventSubTable;
  im_document: DocumentTable;
  im_antispam_word: AntispamWordTable;
  im_antispam_version: AntispamVersionTable;
  im_sdk_log: SdkLogTable;
  im_push_device: PushDeviceTable;
  im_push_config: PushConfigTable;
  im_push_outbox: PushOutboxTable;
}

/** A device's push token and background state (migration 029; domain/push). */
export interface PushDeviceTable {
  accid: string;
  device_id: string;
  client_type: number;
  /** '' = no token registered (the device only said it went to the background). */
  token_name: Generated<string>;
  token: Generated<string>;
  pushkit: Generated<boolean>;
  /** The connection that last said it is in the background; null = foreground. */
  background_connection_id: string | null;
  badge: Generated<number>;
  update_time: number;
}

/** The account's multi-port push setting (migration 029). */
export interface PushConfigTable {
  accid: string;
  push_when_pc_online: boolean;
  update_time: number;
}

/** One offline notification for a vendor relay to send (migration 029; docs/protocol.md "Push settings"). */
export interface PushOutboxTable {
  id: Generated<number>;
  accid: string;
  device_id: string;
  token_name: string;
  token: string;
  pushkit: boolean;
  title: string;
  body: string;
  payload: Generated<string>;
  msg_type: number;
  badge: number;
  msg_id_server: number;
  created_at: number;
  sent_at: number | null;
}

/** `accid`'s latest event of `type` (migration 014); an expired row is left until the next publish overwrites it. */
export interface EventTable {
  accid: string;
  type: number;
  id_server: Generated<number>;
  value: number;
  id_client: Generated<string>;
  custom: Generated<string>;
  time: number;
  expires_at: number;
}

/** `subscriber` hears `target`'s events of `type` until expires_at (migration 014). */
export interface EventSubTable {
  subscriber: string;
  type: number;
  target: string;
  created_at: number;
  expires_at: number;
}

/** `accid`'s quick comment `body` on message `id_server` (migration 014). */
export interface QuickCommentTable {
  id_server: number;
  accid: string;
  body: number;
  custom: Generated<string>;
  time: number;
}

/** One of `accid`'s private collects (migration 014). */
export interface CollectTable {
  id: Generated<number>;
  accid: string;
  type: number;
  data: string;
  custom: Generated<string>;
  unique_id: Generated<string>;
  created_at: number;
  updated_at: number;
}

/** A message pinned in a conversation (the p2p pair key or team#<id>; migration 014). */
export interface MsgPinTable {
  conversation: string;
  id_server: number;
  pin_from: string;
  pin_custom: Generated<string>;
  created_at: number;
  updated_at: number;
}

/** A normal (type 0) or advanced (1) team (migration 007); enum codes as in TeamRecord. */
export interface TeamTable {
  team_id: Generated<number>;
  type: number;
  name: string;
  avatar: Generated<string>;
  intro: Generated<string>;
  announcement: Generated<string>;
  custom: Generated<string>;
  server_custom: Generated<string>;
  /** Member limit. */
  level: number;
  owner: string;
  valid: Generated<boolean>;
  member_num: Generated<number>;
  /** The team's member sequence head (memberUpdateTime): the number of the member list's latest change. */
  member_seq: Generated<number>;
  /** 0 none, 1 normal members, 3 everyone. */
  mute_type: Generated<number>;
  join_mode: number;
  be_invite_mode: number;
  invite_mode: number;
  update_team_mode: number;
  update_custom_mode: number;
  created_at: number;
  updated_at: number;
}

/** One account in one team; left, removed and dismissed rows stay with valid = false so sync carries them. */
export interface TeamMemberTable {
  team_id: number;
  accid: string;
  /** 0 normal, 1 owner, 2 manager. */
  type: number;
  nick_in_team: Generated<string>;
  /** Bit 0: muteTeam (the member's do-not-disturb for this team). */
  bits: Generated<number>;
  mute: Generated<boolean>;
  mute_noti_type: Generated<number>;
  custom: Generated<string>;
  invitor: Generated<string>;
  join_time: number;
  updated_at: number;
  valid: boolean;
  /** The team's member sequence number of this row's latest change. */
  member_seq: number;
  /** The member account's sync number of the latest change of the team or of this row. */
  acc_seq: number;
}

/** A team message in one member's sync stream, numbered by that member's sequence. */
export interface TeamInboxTable {
  accid: string;
  seq: number;
  id_server: number;
}

/** A team message whose members' inbox/session/sequence rows are still to be written (migration 019). */
export interface TeamFanoutTable {
  id: Generated<number>;
  team_id: number;
  id_server: number;
  recipients: string[];
  counts_unread: boolean;
}

/** A message `accid` deleted for itself (migration 006); `seq` is accid's sync number of the deletion. */
export interface MsgDeletedSelfTable {
  accid: string;
  id_server: number;
  deleted_at: number;
  custom: Generated<string>;
  seq: number;
}

/** A message its sender recalled, one row per account of the conversation (migration 026); `seq` is accid's sync number of the recall. */
export interface MsgRecallTable {
  accid: string;
  id_server: number;
  ope_account: string;
  recalled_at: number;
  ps: Generated<string>;
  attach: Generated<string>;
  seq: number;
}

/** `accid`'s history of `session_id` cleared up to clear_time (clearServerHistoryMsgs). */
export interface HistoryClearTable {
  accid: string;
  session_id: string;
  clear_time: number;
  ext: Generated<string>;
  seq: number;
}

/** Server-originated broadcast message; `id` is the global broadcastMsgs timetag. */
export interface BroadcastMsgTable {
  id: Generated<number>;
  sender: Generated<string>;
  body: string;
  time: number;
}

/** One friend of an owner; deleted friends stay with valid = false so sync can carry the deletion. */
export interface FriendTable {
  accid: string;
  friend: string;
  alias: string;
  custom: string;
  valid: boolean;
  created_at: number;
  updated_at: number;
  /** The owner's sync sequence number of this row's latest change. */
  seq: number;
}

/** Blocklist (is_blacked) and mutelist (is_muted) membership of `target` for owner `accid`. */
export interface RelationTable {
  accid: string;
  target: string;
  is_blacked: boolean;
  is_muted: boolean;
  created_at: number;
  updated_at: number;
  seq: number;
}

/** System messages kept for their receiver (im-client-spec §3 System message). */
export interface SysMsgTable {
  id_server: Generated<number>;
  receiver: string;
  sender: string;
  category: string;
  type: string;
  ps: Generated<string>;
  attach: Generated<string>;
  content: Generated<string>;
  time: number;
  read: Generated<boolean>;
  /** init, passed, rejected or error (§4). */
  state: Generated<string>;
  error_code: number | null;
  error_message: string | null;
  /** The receiver's sync sequence number of this row's latest change. */
  seq: number;
}

/** Each account's sync sequence head (docs/im-sync.md): the number of its latest change. */
export interface AccountSeqTable {
  accid: string;
  seq: number;
}

export interface UserTable {
  accid: string;
  nick: string;
  avatar: string;
  created_at: number;
  updated_at: number;
  sign: Generated<string>;
  /** 0 unknown, 1 male, 2 female (§3). */
  gender: Generated<number>;
  email: Generated<string>;
  birth: Generated<string>;
  tel: Generated<string>;
  custom: Generated<string>;
  /** Do-not-disturb settings, a JSON string the client owns (updateDonnop). */
  donnop: Generated<string>;
  /** The user changed nick/avatar with updateMyInfo: token claims at login no longer overwrite them. */
  profile_edited: Generated<boolean>;
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
  /** The sender's and the receiver's sync sequence numbers of this message (one number when they are the same account). */
  sender_seq: number;
  receiver_seq: number;
  /** Threads and replies (migration 018): the thread root's idServer, and the replied message and root as JSON (MessageRefs). */
  thread_id_server: number | null;
  msg_refs: string | null;
  /** §3 yidunAntiSpamRes: the server anti-spam verdict as JSON on a message it marked, else null (migration 024). */
  yidun_anti_spam_res: string | null;
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
  /** p2p: time up to which the peer has read the owner's messages (receipt, §5). */
  msg_receipt_time: Generated<number>;
  /** Stick-top: when it was put on top (0 = not on top), last change, the app's custom text. */
  top_time: Generated<number>;
  top_update_time: Generated<number>;
  top_custom: Generated<string>;
  /** The owner's sync numbers of the latest receipt and stick-top changes (migration 006). */
  receipt_seq: Generated<number>;
  top_seq: Generated<number>;
  /** Up to when the owner sent read receipts to the peer (§3 msgReceiptSendTime). */
  msg_receipt_send_time: Generated<number>;
  /** The owner's sync sequence number of the session's latest change. */
  seq: Generated<number>;
  /** The app's extension text (updateServerSession; migration 028). */
  ext: Generated<string>;
}

export interface TimetagTable {
  accid: string;
  kind: string;
  /** The owner's sync sequence number of the kind's latest change (not a time). */
  value: number;
}

/** One object uploaded to the object store (migration 009, docs/im-upload.md "Server"). */
export interface UploadTable {
  /** bucket/objectName */
  object_key: string;
  account: string;
  size: number;
  received: Generated<number>;
  /** Named by every chunk after the first, and by a resume's offset query. */
  context: string;
  complete: Generated<boolean>;
  /** Sniffed once complete; '' while uploading. */
  content_type: Generated<string>;
  /** Epoch ms the finished object stops being served; null = without limit. */
  expires_at: number | null;
  /** Hex md5 of the finished object, for quick transfer (migration 011); null while uploading. */
  md5: string | null;
  /** Served only with an access token (migration 012). */
  private: Generated<boolean>;
  created_at: number;
  updated_at: number;
}

/** An access token to a private object (migration 012), kept as its SHA-256. */
export interface NosAccessTokenTable {
  token_hash: string;
  object_key: string;
  /** Who asked for it: the object's owner. */
  account: string;
  expires_at: number;
  created_at: number;
}

/** A document registered for conversion (migration 015; docs/im-upload.md "Documents"). */
export interface DocumentTable {
  doc_id: string;
  account: string;
  /** The uploaded file's bucket/objectName. */
  object_key: string;
  name: string;
  ext: string;
  /** §9: ppt 1, pptx 2, pdf 3, doc 6, docx 7. */
  doc_type: number;
  /** §9: 11 png, 10 jpg. */
  transcode_type: number;
  size: number;
  md5: Generated<string>;
  state: 'converting' | 'done' | 'failed';
  page_count: Generated<number>;
  /** JSON array of the page images' object keys, in page order. */
  pages: Generated<string>;
  /** Why the conversion failed; '' otherwise. */
  reason: Generated<string>;
  created_at: number;
  updated_at: number;
}

/** A lexicon word of one app key and its action: 1 replace, 2 reject, 3 leave to the server (migration 024). */
export interface AntispamWordTable {
  app_key: string;
  word: string;
  action: number;
  created_at: number;
}

/** How many times an app key's lexicon changed (migration 024). */
export interface AntispamVersionTable {
  app_key: string;
  version: number;
}

/** A debug log an account uploaded (uploadSdkLogUrl, migration 024): its object, kept until expires_at. */
export interface SdkLogTable {
  id: Generated<number>;
  app_key: string;
  account: string;
  object_key: string;
  size: number;
  created_at: number;
  expires_at: number;
}
