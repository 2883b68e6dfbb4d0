// The console's side of the chat frame's support desk (issue 32, docs/im-frame.md "Support desk"). The frame is
// cross-origin and has no store-server session, so it asks the console over the bridge; the console calls
// store-server with its own session and answers with the request's id. Calls are silent: the frame shows a
// refusal itself, beside what the merchant did.
import {
  consoleToFrameMessage,
  type ConsoleToFrameMessage,
  type QuickReplyAction,
  type QuickReplyList,
  type quickReplyEndpoints,
  type supportDeskEndpoints,
  type BuyerOrder,
} from '@merchant/api-contracts';
import { consoleApi, contractPath } from '../../app/api';
import type { AppDispatch } from '../../app/store';
import { ORDER_PATHS, orderAddress } from '../orders/paths';

interface DeskCall {
  path: string;
  biz: unknown;
}

export const supportDeskApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    // One mutation for every desk call: each answer goes to one frame request, nothing is cached.
    supportDeskCall: build.mutation<unknown, DeskCall>({ query: ({ path, biz }) => ({ path, biz, options: { silent: true } }) }),
  }),
});

type Q = typeof quickReplyEndpoints;
// Paths checked against the contracts without loading them (and zod) into the shell, which hosts the frame.
const QUICK_REPLY_PATHS = {
  list: contractPath<Q['quickReplyList']>('/v1/store/im/quickReply/list'),
  add: contractPath<Q['addQuickReply']>('/v1/store/im/quickReply/add'),
  edit: contractPath<Q['editQuickReply']>('/v1/store/im/quickReply/edit'),
  move: contractPath<Q['moveQuickReply']>('/v1/store/im/quickReply/move'),
  delete: contractPath<Q['deleteQuickReply']>('/v1/store/im/quickReply/delete'),
};

/** The store-server call a quick-reply action is (contracts: endpoints/quick-replies.ts). */
export function quickReplyCall(action: QuickReplyAction): DeskCall {
  switch (action.kind) {
    case 'list':
      return { path: QUICK_REPLY_PATHS.list, biz: {} };
    case 'add':
      return { path: QUICK_REPLY_PATHS.add, biz: { text: action.text } };
    case 'edit':
      return { path: QUICK_REPLY_PATHS.edit, biz: { replyId: action.replyId, text: action.text } };
    case 'move':
      return { path: QUICK_REPLY_PATHS.move, biz: { replyId: action.replyId, toIndex: action.toIndex } };
    case 'delete':
      return { path: QUICK_REPLY_PATHS.delete, biz: { replyId: action.replyId } };
  }
}

/** What store-server said when it refused, else a generic reason (the frame shows its own text for it). */
export function deskErrorReason(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const { msg, message, code } = error as { msg?: unknown; message?: unknown; code?: unknown };
    if (typeof msg === 'string' && msg) return msg;
    if (typeof message === 'string' && message) return message;
    if (typeof code === 'string') return code;
  }
  return 'request failed';
}

/** Answers one `quickReplyRequest`: `quickReplies` with the list as store-server has it now, or `deskError`. */
export async function answerQuickReplyRequest(dispatch: AppDispatch, requestId: string, action: QuickReplyAction): Promise<ConsoleToFrameMessage> {
  try {
    const answer = (await dispatch(supportDeskApi.endpoints.supportDeskCall.initiate(quickReplyCall(action))).unwrap()) as QuickReplyList;
    return consoleToFrameMessage('quickReplies', { requestId, list: answer.list.map(({ replyId, text }) => ({ replyId, text })) });
  } catch (error) {
    return consoleToFrameMessage('deskError', { requestId, reason: deskErrorReason(error) });
  }
}

const BUYER_ORDERS_PATH = contractPath<(typeof supportDeskEndpoints)['buyerOrders']>('/v1/store/im/desk/buyerOrders');

/**
 * Answers one `buyerOrdersRequest`: the customer's newest orders with the signed-in store (store-server scopes them
 * by the session), with that store's id, so the frame can tell an answer for another store apart; or `deskError`.
 */
export async function answerBuyerOrdersRequest(dispatch: AppDispatch, requestId: string, account: string): Promise<ConsoleToFrameMessage> {
  try {
    const answer = (await dispatch(supportDeskApi.endpoints.supportDeskCall.initiate({ path: BUYER_ORDERS_PATH, biz: { buyerAccid: account } })).unwrap()) as {
      storeId: number;
      list: BuyerOrder[];
    };
    const list = answer.list.map(({ orderId, orderNo, status, amountCents, createTime, itemCount, items }) => ({ orderId, orderNo, status, amountCents, createTime, itemCount, items }));
    return consoleToFrameMessage('buyerOrders', { requestId, storeId: answer.storeId, account, list });
  } catch (error) {
    return consoleToFrameMessage('deskError', { requestId, reason: deskErrorReason(error) });
  }
}

/** Where the console shows what the frame asked to open: the order detail, or the goods as a buyer sees it. */
export const orderDetailAddress = (orderId: number): string => orderAddress(ORDER_PATHS.details, orderId);
export const goodsPreviewAddress = (goodsId: number): string => `/goods/goodsPreview?id=${encodeURIComponent(String(goodsId))}`;
