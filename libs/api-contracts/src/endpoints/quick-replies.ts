// Issue 32 "a merchant's support desk": quick replies (docs/im-frame.md "Support desk", decision 0018).
// A store keeps one ordered list of canned answers; everyone of the store with the chat's code (im:chat)
// shares it. The chat frame lists and changes it through the console (it has no store-server session):
// frame → console `quickReplyRequest`, console → frame `quickReplies` (frame-protocol.ts). Every write
// answers the whole list as it is now, in order, so the frame never merges.
import { z } from 'zod';
import { emptyBiz, endpointsUnder } from '../endpoint';
import { PERMISSIONS } from '../permissions';
import { STORE_CODES } from '../store-codes';
import { QUICK_REPLY_LIMITS } from '../support-desk';

export const QUICK_REPLIES_BASE = '/v1/store/im/quickReply';

const id = () => z.number().int().positive();
/** The reply as it is stored: trimmed, 1 to 500 characters. */
export const quickReplyText = z.string().trim().min(1).max(QUICK_REPLY_LIMITS.textMax);

export const quickReply = z.strictObject({
  replyId: z.number().int().positive(),
  text: z.string(),
  updateTime: z.number().int(),
});
export type QuickReply = z.output<typeof quickReply>;

/** The store's replies in their order (first shown first). */
export const quickReplyList = z.strictObject({ list: z.array(quickReply).max(QUICK_REPLY_LIMITS.perStore) });
export type QuickReplyList = z.output<typeof quickReplyList>;

const call = endpointsUnder(QUICK_REPLIES_BASE);
const errors = [STORE_CODES.notFound, STORE_CODES.notAllowedInCurrentState] as const;

export const quickReplyEndpoints = {
  quickReplyList: call('list', {
    access: 'user',
    permission: PERMISSIONS.imChat,
    summary: "The store's quick replies in their order",
    biz: emptyBiz,
    data: quickReplyList,
  }),
  addQuickReply: call('add', {
    access: 'user',
    permission: PERMISSIONS.imChat,
    summary: 'Add a quick reply at the end (at most 200 per store); answers the whole list',
    biz: z.object({ text: quickReplyText }),
    data: quickReplyList,
    errors,
  }),
  editQuickReply: call('edit', {
    access: 'user',
    permission: PERMISSIONS.imChat,
    summary: "Change a quick reply's text; answers the whole list",
    biz: z.object({ replyId: id(), text: quickReplyText }),
    data: quickReplyList,
    errors,
  }),
  moveQuickReply: call('move', {
    access: 'user',
    permission: PERMISSIONS.imChat,
    summary: 'Move a quick reply to a place in the list (0 = first; past the end = last); answers the whole list',
    biz: z.object({ replyId: id(), toIndex: z.number().int().min(0) }),
    data: quickReplyList,
    errors,
  }),
  deleteQuickReply: call('delete', {
    access: 'user',
    permission: PERMISSIONS.imChat,
    summary: 'Delete a quick reply; answers the whole list',
    biz: z.object({ replyId: id() }),
    data: quickReplyList,
    errors,
  }),
};
