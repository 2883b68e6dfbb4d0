import type { Generated } from 'kysely';

/** Tables of migration 017 (kept beside their only user; docs/im-chatroom.md). Times are epoch ms. */
export type ChatroomTables = {
  im_chatroom: {
    id: string; name: string; announcement: string; broadcast_url: string; custom: string; queuelevel: number; creator: string;
    mute: boolean; allow_anonymous: boolean; closed: boolean; create_time: number; update_time: number;
  };
  im_chatroom_member: {
    chatroom_id: string; account: string; type: string; level: number; nick: string; avatar: string; custom: string; enter_time: number;
    blacked: boolean; gaged: boolean; temp_mute_until: number; coord_x: number | null; coord_y: number | null; coord_z: number | null;
    coord_distance: number | null; update_time: number;
  };
  im_chatroom_tag: { chatroom_id: string; account: string; tag: string };
  im_chatroom_msg: { id: Generated<number>; chatroom_id: string; from_account: string; id_client: string; type: number; time: number; record: string };
  im_chatroom_queue: { chatroom_id: string; key: string; value: string; owner: string; transient: boolean; seq: Generated<number> };
};

export type ChatroomRow = ChatroomTables['im_chatroom'];
export type ChatroomMemberRow = ChatroomTables['im_chatroom_member'];
