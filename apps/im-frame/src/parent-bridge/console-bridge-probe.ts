// The frame's side of the console bridge on a bare page, for the cross-origin protocol test in real
// Chromium (e2e/tests/frame-protocol.spec.ts bundles this file; the frame's build never imports
// it). It is wired as main.tsx wires the frame (allow-listed console origin, window.parent as the
// only sender) with the real parent bridge, visibility, language, token and openConversation
// handlers and the support desk's bridge, but without a chat client or an IM server.
import type { ConsoleToFrameMessage, NewMessagePayload, QuickReplyAction } from '@merchant/api-contracts';
import { createDeskBridge, DeskRequestError } from '../support-desk/desk-bridge';
import { createFrameI18n } from '../i18n/frame-i18n';
import { createBrowserParentBridge } from './parent-bridge';
import { readConsoleMessage, type IncomingMessage } from './console-messages';
import { createConsoleVisibility } from './console-visibility';
import { followConsoleLanguage } from './console-language';
import { followConsoleConversationRequests } from './console-open-conversation';
import { createTokenBridge, TokenRequestError } from './token-bridge';

/** One postMessage event that reached the frame page, and what the frame made of it. */
export interface ReceivedFromConsole {
  origin: string;
  data: unknown;
  /** null: refused (origin not allowed, another sender than the parent, or malformed). */
  message: ConsoleToFrameMessage | null;
}

export type TokenOutcome = { token: string } | { failure: string };
/** How a support-desk request settled: the console's answer, or why it failed. */
export type DeskOutcome = { value: unknown } | { failure: string; reason: string };

export interface FrameBridgeProbe {
  readonly account: string;
  /** Where the frame's posts go: the embedding origin when it is allowed, else nothing. */
  readonly targetOrigins: readonly string[];
  readonly received: ReceivedFromConsole[];
  /** Accounts the frame was asked to open a conversation with. */
  readonly openedConversations: string[];
  ready(): void;
  newMessage(payload: NewMessagePayload): void;
  unread(total: number): void;
  /** im-core's getToken: asks the console (tokenRequest) and settles with its answer. */
  fetchToken(): Promise<TokenOutcome>;
  /** The support desk (support-desk/desk-bridge.ts): quickReplyRequest / buyerOrdersRequest, settled by the answer. */
  quickReplies(action: QuickReplyAction): Promise<DeskOutcome>;
  buyerOrders(account: string): Promise<DeskOutcome>;
  openOrder(orderId: number): void;
  openGoods(goodsId: number): void;
  isVisible(): boolean;
  language(): string;
  /** Posts anything to the console at its origin, to see the console refuse what is malformed. */
  sendRaw(data: unknown): void;
}

export function startFrameBridgeProbe(consoleOrigin: string, account: string): FrameBridgeProbe {
  const allowedOrigins = [consoleOrigin];
  const channel = { target: window, allowedOrigins, expectedSender: window.parent };
  const received: ReceivedFromConsole[] = [];
  window.addEventListener('message', (event: IncomingMessage) => {
    received.push({ origin: event.origin, data: event.data, message: readConsoleMessage(event, allowedOrigins, window.parent) });
  });
  const bridge = createBrowserParentBridge(allowedOrigins);
  const visibility = createConsoleVisibility({ ...channel, initiallyVisible: false });
  const i18n = createFrameI18n('zh-CN');
  followConsoleLanguage(channel, i18n);
  let requestCount = 0;
  // Predictable request ids, so the test can name the value the console must parse.
  const tokens = createTokenBridge({ ...channel, bridge, account, createRequestId: () => `probe-${(requestCount += 1)}` });
  let deskRequestCount = 0;
  const desk = createDeskBridge({ ...channel, bridge, ownAccount: account, createRequestId: () => `desk-${(deskRequestCount += 1)}` });
  const settled = (request: Promise<unknown>): Promise<DeskOutcome> =>
    request.then(
      (value): DeskOutcome => ({ value }),
      (error: unknown): DeskOutcome =>
        error instanceof DeskRequestError ? { failure: error.failure, reason: error.reason } : { failure: String(error), reason: '' },
    );
  const openedConversations: string[] = [];
  followConsoleConversationRequests(channel).attach({
    findCustomer: () => Promise.resolve(undefined),
    startChat: (customer) => {
      openedConversations.push(customer.account);
      return Promise.resolve();
    },
  });
  return {
    account,
    targetOrigins: bridge.targetOrigins,
    received,
    openedConversations,
    ready: () => bridge.ready(account),
    newMessage: (payload) => bridge.newMessage(payload),
    unread: (total) => bridge.unread(total),
    fetchToken: () =>
      tokens.fetchToken().then(
        (token): TokenOutcome => ({ token }),
        (error: unknown): TokenOutcome => ({ failure: error instanceof TokenRequestError ? error.failure : String(error) }),
      ),
    quickReplies: (action) => settled(desk.quickReplies(action)),
    buyerOrders: (buyer) => settled(desk.buyerOrders(buyer)),
    openOrder: (orderId) => desk.openOrder(orderId),
    openGoods: (goodsId) => desk.openGoods(goodsId),
    isVisible: () => visibility.isVisible(),
    language: () => i18n.language,
    sendRaw: (data) => window.parent.postMessage(data, consoleOrigin),
  };
}

const query = new URLSearchParams(window.location.search);
const consoleOrigin = query.get('console');
const account = query.get('account');
if (consoleOrigin && account) Object.assign(window, { frameBridgeProbe: startFrameBridgeProbe(consoleOrigin, account) });
