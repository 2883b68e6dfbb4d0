/**
 * Sandbox payment provider (docs/ledger.md "Sandbox payment provider"). It lives inside store-server but is
 * reached over real HTTP, like an outside provider, and keeps its state in PostgreSQL (migration 0040), so a
 * restart loses no pending transfer.
 *
 * Interface (plain JSON; every request and callback is signed):
 * - Signature: headers `x-sandbox-timestamp` (epoch seconds) and `x-sandbox-signature` = `v1=` + hex
 *   HMAC-SHA256(secret, `<timestamp>.<raw body>`) with SANDBOX_PROVIDER_SECRET. Refused with HTTP 401 and
 *   `SANDBOX_SIGNATURE_MISSING`, `SANDBOX_SIGNATURE_INVALID` or, more than 300 s away from now (a replay),
 *   `SANDBOX_TIMESTAMP_OUTSIDE_WINDOW`.
 * - POST /sandbox-provider/v1/payments {reference, amountCents, callbackUrl}: money in (a deposit top-up).
 * - POST /sandbox-provider/v1/payouts {reference, amountCents, callbackUrl, cardNo}: money out (a withdrawal).
 *   Both answer 201 and the transfer `{transferId, kind, reference, amountCents, cardNo, status: 'pending', ...}`;
 *   the same reference again answers 200 and the first transfer, or 409 `SANDBOX_REFERENCE_REUSED` when the
 *   amount, card or callback URL differ; bad fields 400 `SANDBOX_BODY_INVALID` with `fields`.
 * - GET /sandbox-provider/v1/transfers/:transferId (signed, empty body): the transfer now.
 * - After SANDBOX_PROVIDER_DELAY_MS (default 1000) the transfer settles, and the provider POSTs the signed event
 *   `{eventId, transferId, kind, reference, amountCents, status: 'succeeded'|'failed', failureReason, completedAt}`
 *   to callbackUrl, retrying (1 s, 2 s, 4 s … 1 min, 12 attempts) until it answers 2xx.
 * - Test outcomes: a payout to a card number ending in 4 fails; a payment whose cents end in 04 (e.g. 100.04)
 *   is declined; everything else succeeds.
 * - store-server's receiver, POST /provider-callbacks/sandbox, checks the signature and window first, records
 *   the event id, and runs the handler registered with `callbacks.on(kind, handler)` in the same transaction.
 *   A repeated event answers 200 `{received: true, duplicate: true}` and changes nothing.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { StoreRoute } from '../../http/route';
import type { Clock } from '../../shared/clock';
import { SandboxCallbackReceiver } from './sandbox-callbacks';
import { SandboxProviderClient } from './sandbox-provider.client';
import { SandboxProviderRepository } from './sandbox-provider.repository';
import { sandboxProviderRoutes } from './sandbox-provider.routes';
import { SandboxProvider } from './sandbox-provider.service';

export { SandboxProviderClient, SandboxProviderError, type SandboxTransferView } from './sandbox-provider.client';
export type { SandboxCallbackReceiver, SandboxOutcomeHandler } from './sandbox-callbacks';
export type { SandboxCallbackEvent } from './sandbox-provider.service';
export { SANDBOX_FAILING_CARD_LAST_DIGIT, SANDBOX_FAILING_PAYMENT_CENTS } from './sandbox-provider.service';
export { SANDBOX_CALLBACK_PATH, SANDBOX_PAYMENTS_PATH, SANDBOX_PAYOUTS_PATH, SANDBOX_PROVIDER_PATH, SANDBOX_TRANSFERS_PATH } from './sandbox-provider.routes';
export { SANDBOX_REFUSALS, SANDBOX_SIGNATURE_HEADER, SANDBOX_TIMESTAMP_HEADER, signedHeaders } from './sandbox-signature';

/** The address the server listens on, for calls to itself (0.0.0.0 and :: are reached on loopback). */
function listeningUrl(app: FastifyInstance | null): string {
  const address = app?.server.address();
  if (!address || typeof address === 'string') throw new Error('store-server is not listening yet: the sandbox provider has no address');
  const host = address.address === '0.0.0.0' || address.address === '::' ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

export interface SandboxProviderModule {
  routes: StoreRoute[];
  /** What other modules call the provider with. */
  client: SandboxProviderClient;
  /** Where other modules register what an outcome does. */
  callbacks: SandboxCallbackReceiver;
}

export function sandboxProviderModule(deps: { db: Kysely<StoreDatabase>; clock: Clock; secret: string; delayMs: number; baseUrl?: string }): SandboxProviderModule {
  const repository = new SandboxProviderRepository(deps.db);
  const provider = new SandboxProvider(repository, deps.clock, { secret: deps.secret, delayMs: deps.delayMs });
  const callbacks = new SandboxCallbackReceiver(repository, deps.clock, deps.secret);
  let app: FastifyInstance | null = null;
  const client = new SandboxProviderClient(() => deps.baseUrl ?? listeningUrl(app), deps.secret, deps.clock);
  const routes = sandboxProviderRoutes({ provider, receiver: callbacks, clock: deps.clock, secret: deps.secret, onApp: (registered) => (app = registered) });
  return { routes, client, callbacks };
}
