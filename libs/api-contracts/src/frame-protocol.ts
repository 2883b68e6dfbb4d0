// The console ⇄ chat-frame messages (decision 0001 "Console ⇄ frame", docs/im-frame.md), both
// directions, declared once for apps/console and apps/im-frame. Every message is
// `{ source, type, payload }`. The receiver checks the event's origin (and sender window) itself,
// then `parse…` turns `event.data` into a typed message or null: a hostile page can post anything,
// so nothing here throws on bad input.
// zod/mini keeps the frame's bundle small: only the validators used here are bundled.
import * as z from 'zod/mini';
import { BUYER_ORDER_ITEMS_SHOWN, BUYER_ORDERS_LIMIT, QUICK_REPLY_LIMITS } from './support-desk';

/** `source` of every message the frame posts to the console. */
export const FRAME_MESSAGE_SOURCE = 'merchant-im-frame';
/** `source` of every message the console posts to the frame. */
export const CONSOLE_MESSAGE_SOURCE = 'merchant-console';

/**
 * An IM account as im-server accepts it: 1 to 64 letters, digits, `_ . @ -`. im-core declares the
 * same rule (`ACCOUNT_ID_PATTERN`, which this library may not import); the frame's spec checks the two
 * stay equal.
 */
export const IM_ACCOUNT_PATTERN = /^[A-Za-z0-9_.@-]{1,64}$/;
/** A token request id: the frame makes it, the console echoes it; longer is not one of ours. */
export const MAX_TOKEN_REQUEST_ID_LENGTH = 100;

const text = z.string();
const nonEmptyText = z.string().check(z.minLength(1));
const requestId = z.string().check(z.minLength(1), z.maxLength(MAX_TOKEN_REQUEST_ID_LENGTH));
const imAccount = z.string().check(z.regex(IM_ACCOUNT_PATTERN));
const positiveId = z.int().check(z.positive());

/** Support desk (issue 32): what the frame asks the console to do with the store's quick replies. */
const quickReplyText = z.string().check(z.minLength(1), z.maxLength(QUICK_REPLY_LIMITS.textMax));
const quickReplyAction = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('list') }),
  z.object({ kind: z.literal('add'), text: quickReplyText }),
  z.object({ kind: z.literal('edit'), replyId: positiveId, text: quickReplyText }),
  z.object({ kind: z.literal('move'), replyId: positiveId, toIndex: z.int().check(z.gte(0)) }),
  z.object({ kind: z.literal('delete'), replyId: positiveId }),
]);
export type QuickReplyAction = z.output<typeof quickReplyAction>;

/** Support desk: one of the customer's orders as the frame shows it (store-server's buyerOrders row). */
const wholeNumber = z.int().check(z.gte(0));
const deskOrder = z.object({
  orderId: positiveId,
  orderNo: text,
  status: z.int(),
  amountCents: wholeNumber,
  createTime: wholeNumber,
  itemCount: wholeNumber,
  items: z.array(z.object({ goodsId: positiveId, title: text, quantity: wholeNumber })).check(z.maxLength(BUYER_ORDER_ITEMS_SHOWN)),
});
export type DeskOrder = z.output<typeof deskOrder>;

/** Payload of each frame → console message type. */
const frameToConsolePayloads = {
  /** The frame listens (after every load of the frame). */
  ready: z.object({ account: text }),
  /** One incoming message (once per idClient); `time` in milliseconds. */
  newMessage: z.object({ sessionId: text, from: text, fromNick: text, text, time: z.number() }),
  /** The unread total changed. zod numbers are finite. */
  unread: z.object({ total: z.number().check(z.gte(0)) }),
  /** im-core's getToken needs a fresh IM token; answered by `token` or `tokenError` with this id. */
  tokenRequest: z.object({ requestId }),
  /** Support desk: list or change the store's quick replies; answered by `quickReplies` or `deskError`. */
  quickReplyRequest: z.object({ requestId, action: quickReplyAction }),
  /** Support desk: the customer's recent orders with the signed-in store; answered by `buyerOrders` or `deskError`. */
  buyerOrdersRequest: z.object({ requestId, account: imAccount }),
  /** Support desk: show this order's detail in the console (an order row or an order card was clicked). */
  openOrder: z.object({ orderId: positiveId }),
  /** Support desk: show this goods in the console (a goods card was clicked). */
  openGoods: z.object({ goodsId: positiveId }),
};

/** Payload of each console → frame message type. */
const consoleToFramePayloads = {
  /** Whether the console shows the frame (it hides it with display:none off /message). */
  visibility: z.object({ visible: z.boolean() }),
  /** The console's language changed: the frame switches in place, without a reload. */
  language: z.object({ lang: nonEmptyText }),
  /** Answer to `tokenRequest`: a token just fetched from store-server for `account`. */
  token: z.object({ requestId, account: nonEmptyText, token: nonEmptyText }),
  /** Answer to `tokenRequest` when store-server refused or failed the token call. */
  tokenError: z.object({ requestId, reason: text }),
  /** "Chat with buyer": open (or start) the conversation with this IM account. */
  openConversation: z.object({ account: imAccount }),
  /** Answer to `quickReplyRequest`: the store's quick replies as they are now, in order. */
  quickReplies: z.object({
    requestId,
    list: z.array(z.object({ replyId: positiveId, text: quickReplyText })).check(z.maxLength(QUICK_REPLY_LIMITS.perStore)),
  }),
  /** A support-desk request the console could not answer: store-server refused it (its message) or failed. */
  deskError: z.object({ requestId, reason: text }),
  /** Answer to `buyerOrdersRequest`: the signed-in store (its id) and the customer's newest orders with it. */
  buyerOrders: z.object({ requestId, storeId: positiveId, account: imAccount, list: z.array(deskOrder).check(z.maxLength(BUYER_ORDERS_LIMIT)) }),
};

type PayloadSchemas = Record<string, z.ZodMiniType>;
type MessagesOf<Source extends string, Schemas extends PayloadSchemas> = {
  [Type in keyof Schemas & string]: { source: Source; type: Type; payload: z.output<Schemas[Type]> };
}[keyof Schemas & string];

export type FrameToConsoleMessage = MessagesOf<typeof FRAME_MESSAGE_SOURCE, typeof frameToConsolePayloads>;
export type ConsoleToFrameMessage = MessagesOf<typeof CONSOLE_MESSAGE_SOURCE, typeof consoleToFramePayloads>;
export type FrameToConsoleType = FrameToConsoleMessage['type'];
export type ConsoleToFrameType = ConsoleToFrameMessage['type'];
export type FrameToConsoleMessageOf<Type extends FrameToConsoleType> = Extract<FrameToConsoleMessage, { type: Type }>;
export type ConsoleToFrameMessageOf<Type extends ConsoleToFrameType> = Extract<ConsoleToFrameMessage, { type: Type }>;
export type NewMessagePayload = FrameToConsoleMessageOf<'newMessage'>['payload'];

/** Every message type of each direction, e.g. for tests that must cover them all. */
export const FRAME_TO_CONSOLE_TYPES = Object.keys(frameToConsolePayloads) as FrameToConsoleType[];
export const CONSOLE_TO_FRAME_TYPES = Object.keys(consoleToFramePayloads) as ConsoleToFrameType[];

/** A frame → console message, e.g. `frameToConsoleMessage('unread', { total: 3 })`. */
export function frameToConsoleMessage<Type extends FrameToConsoleType>(
  type: Type,
  payload: FrameToConsoleMessageOf<Type>['payload'],
): FrameToConsoleMessageOf<Type> {
  return { source: FRAME_MESSAGE_SOURCE, type, payload } as FrameToConsoleMessageOf<Type>;
}

/** A console → frame message, e.g. `consoleToFrameMessage('visibility', { visible: true })`. */
export function consoleToFrameMessage<Type extends ConsoleToFrameType>(
  type: Type,
  payload: ConsoleToFrameMessageOf<Type>['payload'],
): ConsoleToFrameMessageOf<Type> {
  return { source: CONSOLE_MESSAGE_SOURCE, type, payload } as ConsoleToFrameMessageOf<Type>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * `data` as a message of `source`, or null. The payload comes back with only its declared fields.
 * The type is looked up as an own key, so `constructor` or `__proto__` is just an unknown type.
 */
function parseMessage(data: unknown, source: string, payloads: PayloadSchemas): { source: string; type: string; payload: unknown } | null {
  if (!isRecord(data) || data.source !== source || typeof data.type !== 'string' || !Object.hasOwn(payloads, data.type)) return null;
  const parsed = payloads[data.type].safeParse(data.payload);
  return parsed.success ? { source, type: data.type, payload: parsed.data } : null;
}

/** What the frame posted (`event.data`), typed, or null when it is not a well-formed frame message. */
export function parseFrameToConsoleMessage(data: unknown): FrameToConsoleMessage | null {
  return parseMessage(data, FRAME_MESSAGE_SOURCE, frameToConsolePayloads) as FrameToConsoleMessage | null;
}

/** What the console posted (`event.data`), typed, or null when it is not a well-formed console message. */
export function parseConsoleToFrameMessage(data: unknown): ConsoleToFrameMessage | null {
  return parseMessage(data, CONSOLE_MESSAGE_SOURCE, consoleToFramePayloads) as ConsoleToFrameMessage | null;
}
