// A support desk over a fake console (tests): the frame's desk bridge as built in the app, posting to a parent
// that records every message and answers the customer's orders with the list given.
import type { DeskOrder } from '@merchant/api-contracts';
import type { IncomingMessage } from '../parent-bridge/console-messages';
import { createDeskBridge } from '../support-desk/desk-bridge';

export const FAKE_CONSOLE_ORIGIN = 'http://localhost:4200';
const PARENT = { name: 'console window' };

export interface FakeDeskOptions {
  /** The orders the console answers with (empty by default). */
  orders?: DeskOrder[];
  /** The store the console's answer names (the frame's own, 1001, by default). */
  storeId?: number;
}

export function fakeDesk(options: FakeDeskOptions = {}) {
  const listeners = new Set<(event: IncomingMessage) => void>();
  const sent: Array<{ type: string; payload: Record<string, unknown> }> = [];
  const bridge = {
    targetOrigins: [FAKE_CONSOLE_ORIGIN],
    send(message: { type: string; payload: unknown }) {
      const payload = message.payload as Record<string, unknown>;
      sent.push({ type: message.type, payload });
      if (message.type !== 'buyerOrdersRequest') return;
      const answer = { requestId: payload.requestId, storeId: options.storeId ?? 1001, account: payload.account, list: options.orders ?? [] };
      setTimeout(() => listeners.forEach((listener) => listener({ origin: FAKE_CONSOLE_ORIGIN, source: PARENT, data: { source: 'merchant-console', type: 'buyerOrders', payload: answer } })));
    },
  };
  const target = {
    addEventListener: (_type: 'message', listener: (event: IncomingMessage) => void) => listeners.add(listener),
    removeEventListener: (_type: 'message', listener: (event: IncomingMessage) => void) => listeners.delete(listener),
  };
  const desk = { bridge: createDeskBridge({ target, allowedOrigins: [FAKE_CONSOLE_ORIGIN], expectedSender: PARENT, bridge, ownAccount: 's_1001' }) };
  return { desk, sent };
}
