// console-spec §7 "/v1/store/im/getCccUserImToken".
import { z } from 'zod';
import { defineEndpoint, emptyBiz } from '../endpoint';

export const imEndpoints = {
  /** The store's IM account (s_<storeId>, docs/decisions/0001) and a short-lived token for im-server. */
  getCccUserImToken: defineEndpoint({
    path: '/v1/store/im/getCccUserImToken',
    access: 'user',
    summary: 'The IM account and token of the store',
    biz: emptyBiz,
    data: z.strictObject({ uid: z.string().regex(/^s_\d+$/), imToken: z.string().min(1), appKey: z.string() }),
  }),
} as const;
