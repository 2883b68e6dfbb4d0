// console-spec §7 "/v1/store/im/getCccUserImToken".
import { z } from 'zod';
import { defineEndpoint, emptyBiz, noData } from '../endpoint';

/** console-spec §5: the IM info dialog needs both; the nickname is trimmed. Longest nickname customers see in the chat. */
export const IM_NICKNAME_MAX = 20;
export const IM_INFO_REQUIRED = 'please fill in IM info';

/** The store's chat identity (console-spec §2 IM info dialog): what customers see beside its messages. */
export const imInfoBiz = z.object({
  nickname: z.string({ error: IM_INFO_REQUIRED }).trim().min(1, IM_INFO_REQUIRED).max(IM_NICKNAME_MAX),
  avatarUrl: z.string({ error: IM_INFO_REQUIRED }).trim().min(1, IM_INFO_REQUIRED).max(1024),
});

export const imEndpoints = {
  /** The store's IM account (s_<storeId>, docs/decisions/0001) and a short-lived token for im-server. */
  getCccUserImToken: defineEndpoint({
    path: '/v1/store/im/getCccUserImToken',
    access: 'user',
    summary: 'The IM account and token of the store',
    biz: emptyBiz,
    data: z.strictObject({ uid: z.string().regex(/^s_\d+$/), imToken: z.string().min(1), appKey: z.string() }),
  }),
  /** Sets the signed-in user's nickname and avatar (getUserByToken answers them; the chat frame shows them). */
  updateImInfo: defineEndpoint({
    path: '/v1/store/im/updateImInfo',
    access: 'user',
    summary: "Set the store user's IM nickname and avatar",
    biz: imInfoBiz,
    data: noData,
  }),
} as const;
