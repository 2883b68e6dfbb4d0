// The frame's support desk asks the console (issue 32, docs/im-frame.md "Support desk"): the frame is
// cross-origin and has no store-server session, so each request goes over the bridge with a fresh id and
// waits for the console's answer to that id (as tokenRequest → token). Answers from elsewhere, for other
// ids or malformed are dropped by the channel (console-messages.ts) or here.
import { frameToConsoleMessage, type DeskOrder, type FrameToConsoleMessage, type QuickReplyAction } from '@merchant/api-contracts';
import { onConsoleMessage, type ConsoleChannelOptions } from '../parent-bridge/console-messages';

/** The console's request timeout (console-spec §9, 10 s) plus room for a session rebuild, as for tokens. */
export const DESK_REQUEST_TIMEOUT_MS = 15_000;

export interface QuickReplyItem {
  replyId: number;
  text: string;
}

/** `otherStore`: the console answered for a store other than the frame's (it signed in as another store). */
export type DeskFailure = 'notEmbedded' | 'timeout' | 'refused' | 'otherStore';

export class DeskRequestError extends Error {
  constructor(
    readonly failure: DeskFailure,
    /** store-server's message when it refused (already in the console's language). */
    readonly reason = '',
  ) {
    super(reason ? `support desk request failed (${failure}): ${reason}` : `support desk request failed (${failure})`);
    this.name = 'DeskRequestError';
  }
}

export interface DeskBridgeOptions extends ConsoleChannelOptions {
  /** Posts to the console (ParentBridge.send); `targetOrigins` empty when the frame is not embedded. */
  bridge: { readonly targetOrigins: readonly string[]; send(message: FrameToConsoleMessage): void };
  /** The frame's own IM account (s_<storeId>): answers naming another store are refused. */
  ownAccount?: string;
  timeoutMs?: number;
  createRequestId?: () => string;
}

export interface DeskBridge {
  /** Lists or changes the store's quick replies; resolves with the list as store-server has it now. */
  quickReplies(action: QuickReplyAction): Promise<QuickReplyItem[]>;
  /** The customer's newest orders with the signed-in store. */
  buyerOrders(account: string): Promise<DeskOrder[]>;
  /** Asks the console to show an order's detail, or a goods (nothing is answered). */
  openOrder(orderId: number): void;
  openGoods(goodsId: number): void;
  dispose(): void;
}

let requestCounter = 0;
const defaultRequestId = () => `desk-${Date.now().toString(36)}-${(requestCounter += 1)}`;

export function createDeskBridge(options: DeskBridgeOptions): DeskBridge {
  type Waiter = { resolve: (value: unknown) => void; reject: (error: DeskRequestError) => void; timer: ReturnType<typeof setTimeout> };
  const pending = new Map<string, Waiter>();
  const settle = (requestId: string, outcome: { value: unknown } | { error: DeskRequestError }) => {
    const waiter = pending.get(requestId);
    if (!waiter) return; // Not ours, or already settled.
    pending.delete(requestId);
    clearTimeout(waiter.timer);
    if ('value' in outcome) waiter.resolve(outcome.value);
    else waiter.reject(outcome.error);
  };
  const stops = [
    onConsoleMessage(options, 'quickReplies', ({ payload }) => settle(payload.requestId, { value: payload.list })),
    onConsoleMessage(options, 'buyerOrders', ({ payload }) => {
      const ownStore = /^s_(\d+)$/.exec(options.ownAccount ?? '')?.[1];
      if (ownStore !== undefined && Number(ownStore) !== payload.storeId) settle(payload.requestId, { error: new DeskRequestError('otherStore', String(payload.storeId)) });
      else settle(payload.requestId, { value: payload.list });
    }),
    onConsoleMessage(options, 'deskError', ({ payload }) => settle(payload.requestId, { error: new DeskRequestError('refused', payload.reason) })),
  ];
  const ask = <T>(post: (requestId: string) => FrameToConsoleMessage): Promise<T> => {
    if (options.bridge.targetOrigins.length === 0) return Promise.reject(new DeskRequestError('notEmbedded'));
    const requestId = (options.createRequestId ?? defaultRequestId)();
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => settle(requestId, { error: new DeskRequestError('timeout') }), options.timeoutMs ?? DESK_REQUEST_TIMEOUT_MS);
      pending.set(requestId, { resolve: resolve as (value: unknown) => void, reject, timer });
      options.bridge.send(post(requestId));
    });
  };
  return {
    quickReplies: (action) => ask<QuickReplyItem[]>((requestId) => frameToConsoleMessage('quickReplyRequest', { requestId, action })),
    buyerOrders: (account) => ask<DeskOrder[]>((requestId) => frameToConsoleMessage('buyerOrdersRequest', { requestId, account })),
    openOrder: (orderId) => options.bridge.send(frameToConsoleMessage('openOrder', { orderId })),
    openGoods: (goodsId) => options.bridge.send(frameToConsoleMessage('openGoods', { goodsId })),
    dispose: () => {
      for (const stop of stops) stop();
      for (const requestId of [...pending.keys()]) settle(requestId, { error: new DeskRequestError('timeout') });
    },
  };
}
