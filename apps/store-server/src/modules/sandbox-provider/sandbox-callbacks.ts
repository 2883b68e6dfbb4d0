import type { Transaction } from 'kysely';
import { z } from 'zod';
import type { StoreDatabase } from '../../db/schema';
import type { Clock } from '../../shared/clock';
import type { SandboxProviderRepository, SandboxTransferKind } from './sandbox-provider.repository';
import type { SandboxCallbackEvent } from './sandbox-provider.service';
import { SANDBOX_REFUSALS, verifySandboxSignature, type SandboxRefusalCode } from './sandbox-signature';

/** What a module does with an outcome, inside the transaction that records the event (ledger: post or void). */
export type SandboxOutcomeHandler = (event: SandboxCallbackEvent, trx: Transaction<StoreDatabase>) => Promise<void>;

const callbackEventSchema = z
  .object({
    eventId: z.string().min(1).max(100),
    transferId: z.string().min(1).max(100),
    kind: z.enum(['payment', 'payout']),
    reference: z.string().min(1).max(64),
    amountCents: z.number().int().positive(),
    status: z.enum(['succeeded', 'failed']),
    failureReason: z.string().nullable(),
    completedAt: z.number().int().nonnegative(),
  })
  .strict();

export type SandboxCallbackAnswer =
  | { httpStatus: 200; body: { received: true; duplicate: boolean; eventId: string } }
  | { httpStatus: 400 | 401; body: { code: SandboxRefusalCode; msg: string } };

const REFUSAL_TEXT: Record<SandboxRefusalCode, string> = {
  SANDBOX_SIGNATURE_MISSING: 'the callback carries no signature',
  SANDBOX_SIGNATURE_INVALID: 'the callback signature does not match its body',
  SANDBOX_TIMESTAMP_OUTSIDE_WINDOW: 'the callback was signed too long ago (a replay) or in the future',
  SANDBOX_BODY_INVALID: 'the callback body is not a sandbox event',
  SANDBOX_REFERENCE_REUSED: 'the reference was used for another transfer',
  SANDBOX_TRANSFER_NOT_FOUND: 'no such transfer',
};

export const refusal = (httpStatus: 400 | 401, code: SandboxRefusalCode): Extract<SandboxCallbackAnswer, { httpStatus: 400 | 401 }> => ({
  httpStatus,
  body: { code, msg: REFUSAL_TEXT[code] },
});

/**
 * store-server's side of the callbacks: checks the signature and its time window before reading anything,
 * records the event id, and runs the handler of its kind in the same transaction. A repeat of an event
 * finds its receipt and changes nothing; a handler that throws rolls the receipt back, so the provider's
 * next delivery runs it again.
 */
export class SandboxCallbackReceiver {
  private readonly handlers = new Map<SandboxTransferKind, SandboxOutcomeHandler>();

  constructor(
    private readonly repository: SandboxProviderRepository,
    private readonly clock: Clock,
    private readonly secret: string,
  ) {}

  /** Registers what a payment's (top-up) or a payout's (withdrawal) outcome does; one handler per kind. */
  on(kind: SandboxTransferKind, handler: SandboxOutcomeHandler): void {
    if (this.handlers.has(kind)) throw new Error(`a sandbox ${kind} handler is registered already`);
    this.handlers.set(kind, handler);
  }

  async receive(headers: Record<string, string | string[] | undefined>, rawBody: string): Promise<SandboxCallbackAnswer> {
    const now = this.clock.now().getTime();
    const refused = verifySandboxSignature(this.secret, headers, rawBody, now);
    if (refused) return refusal(401, refused);
    let parsed: z.infer<typeof callbackEventSchema>;
    try {
      const result = callbackEventSchema.safeParse(JSON.parse(rawBody));
      if (!result.success) return refusal(400, SANDBOX_REFUSALS.bodyInvalid);
      parsed = result.data;
    } catch {
      return refusal(400, SANDBOX_REFUSALS.bodyInvalid);
    }
    const event: SandboxCallbackEvent = parsed;
    const firstTime = await this.repository.transaction(async (trx) => {
      const recorded = await this.repository.recordReceipt(trx, { ...event, receivedAt: now });
      if (recorded) await this.handlers.get(event.kind)?.(event, trx);
      return recorded;
    });
    return { httpStatus: 200, body: { received: true, duplicate: !firstTime, eventId: event.eventId } };
  }
}
