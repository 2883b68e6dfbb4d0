// console-spec §7 "/v1/store/im/getCccUserImToken".
import { z } from 'zod';
import { PERMISSIONS } from '../permissions';
import { defineEndpoint, emptyBiz, noData } from '../endpoint';
import { rule } from '../rules';

/** Longest nickname customers see in the chat. */
export const IM_NICKNAME_MAX = 20;

/** console-spec §5: the IM info dialog needs both the avatar and the nickname (trimmed); either missing is one warning, 'please fill in IM info'. */
const filledIn = (value: string) => value !== '';

/** The query parameter naming the object in a signed media URL (`…/objects/get?key=…&expires=…&signature=…`). */
export const MEDIA_OBJECT_KEY_PARAM = 'key';

/**
 * The object key a signed media library URL reads, or null when the URL names none (an outside URL, or not
 * a URL at all). The key is what lasts; the URL's signature expires (docs/console-shell.md "IM info").
 */
export function objectKeyOfMediaUrl(url: string): string | null {
  try {
    return new URL(url).searchParams.get(MEDIA_OBJECT_KEY_PARAM) || null;
  } catch {
    return null;
  }
}

/**
 * console-spec §3 avatar object. store-server keeps only `objectKey` (a file of the store's own media library)
 * and answers a freshly signed URL on every read; the `objectUrl` a client sends is what it showed, never stored.
 */
export const avatarObject = z.strictObject(
  {
    objectKey: z.string().trim().max(512).refine(filledIn, rule('imInfoRequired')),
    objectUrl: z.string().max(2048),
  },
);
export type AvatarObject = z.output<typeof avatarObject>;

/** The store's chat identity (console-spec §2 IM info dialog): what customers see beside its messages. */
export const imInfoBiz = z.object({
  nickname: z.string().trim().max(IM_NICKNAME_MAX).refine(filledIn, rule('imInfoRequired')),
  avatar: avatarObject,
});

export const imEndpoints = {
  /** The store's IM account (s_<storeId>, docs/decisions/0001) and a short-lived token for im-server. */
  getCccUserImToken: defineEndpoint({
    path: '/v1/store/im/getCccUserImToken',
    access: 'user',
    permission: PERMISSIONS.imChat,
    summary: 'The IM account and token of the store',
    biz: emptyBiz,
    data: z.strictObject({ uid: z.string().regex(/^s_\d+$/), imToken: z.string().min(1), appKey: z.string() }),
  }),
  /** Sets the signed-in user's nickname and avatar (getUserByToken answers them; the chat frame shows them). */
  updateImInfo: defineEndpoint({
    path: '/v1/store/im/updateImInfo',
    access: 'user',
    permission: PERMISSIONS.imChat,
    summary: "Set the store user's IM nickname and avatar",
    biz: imInfoBiz,
    data: noData,
  }),
} as const;
