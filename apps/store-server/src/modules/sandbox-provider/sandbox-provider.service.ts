import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Clock } from '../../shared/clock';
import type { SandboxProviderRepository, SandboxTransfer, SandboxTransferKind } from './sandbox-provider.repository';
import { SANDBOX_REFUSALS, signedHeaders, type SandboxRefusalCode } from './sandbox-signature';

/** Test outcomes (documented in index.ts and docs/ledger.md): a payout to a card number ending in 4 fails... */
export const SANDBOX_FAILING_CARD_LAST_DIGIT = '4';
/** ...and a payment whose amount ends in 4 cents past a multiple of 1 yuan (e.g. 100.04) is declined. */
export const SANDBOX_FAILING_PAYMENT_CENTS = 4;
/** After this many refused deliveries of one callback the provider gives up (the transfer stays queryable). */
export const SANDBOX_MAX_CALLBACK_ATTEMPTS = 12;
/** How long one callback attempt may take, and how long a claimed attempt is kept from another instance. */
const CALLBACK_TIMEOUT_MS = 5000;
const CALLBACK_LEASE_MS = 15000;
const BATCH = 50;

const reference = z.string().trim().min(1).max(64);
const amountCents = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const callbackUrl = z.string().url().max(500).refine((url) => /^https?:\/\//.test(url), 'http(s) only');
export const sandboxPaymentSchema = z.object({ reference, amountCents, callbackUrl }).strict();
export const sandboxPayoutSchema = z
  .object({ reference, amountCents, callbackUrl, cardNo: z.string().regex(/^\d{8,30}$/, 'card number: 8 to 30 digits') })
  .strict();
export type SandboxPaymentRequest = z.infer<typeof sandboxPaymentSchema>;
export type SandboxPayoutRequest = z.infer<typeof sandboxPayoutSchema>;

/** The body of every callback; `eventId` is the same on every delivery of one outcome. */
export interface SandboxCallbackEvent {
  eventId: string;
  transferId: string;
  kind: SandboxTransferKind;
  reference: string;
  amountCents: number;
  status: 'succeeded' | 'failed';
  failureReason: string | null;
  completedAt: number;
}

export type SandboxCreateResult = { ok: true; created: boolean; transfer: SandboxTransfer } | { ok: false; code: SandboxRefusalCode; message: string };

/** The outcome the sandbox chooses for a transfer: the rules tests use to get a failure. */
export function sandboxOutcomeOf(transfer: Pick<SandboxTransfer, 'kind' | 'amountCents' | 'cardNo'>): { status: 'succeeded' | 'failed'; failureReason: string | null } {
  if (transfer.kind === 'payout' && transfer.cardNo?.endsWith(SANDBOX_FAILING_CARD_LAST_DIGIT)) {
    return { status: 'failed', failureReason: 'card rejected by the receiving bank' };
  }
  if (transfer.kind === 'payment' && transfer.amountCents % 100 === SANDBOX_FAILING_PAYMENT_CENTS) {
    return { status: 'failed', failureReason: 'payment declined by the payer' };
  }
  return { status: 'succeeded', failureReason: null };
}

export function callbackEventOf(transfer: SandboxTransfer): SandboxCallbackEvent {
  if (transfer.status === 'pending' || transfer.completedAt === null) throw new Error(`transfer ${transfer.transferId} is still pending`);
  return {
    eventId: `${transfer.transferId}.${transfer.status}`,
    transferId: transfer.transferId,
    kind: transfer.kind,
    reference: transfer.reference,
    amountCents: transfer.amountCents,
    status: transfer.status,
    failureReason: transfer.failureReason,
    completedAt: transfer.completedAt,
  };
}

/** Exponential back-off between callback attempts: 1 s, 2 s, 4 s … capped at 1 min. */
export const callbackRetryDelayMs = (attempts: number): number => Math.min(60_000, 1000 * 2 ** Math.max(0, attempts - 1));

export interface SandboxProviderOptions {
  secret: string;
  /** How long a transfer stays pending before it settles. */
  delayMs: number;
  /** How often the provider looks for due transfers and callbacks (also after a restart). */
  pollMs?: number;
}

/**
 * The provider side: accepts payments and payouts, settles each after `delayMs` by the outcome rules, and
 * POSTs a signed callback to its callback URL until one answers 2xx. Every step is a row change, so a
 * restart resumes where the last process stopped.
 */
export class SandboxProvider {
  private timer: NodeJS.Timeout | null = null;
  private readonly wakeUps = new Set<NodeJS.Timeout>();
  private running: Promise<void> | null = null;
  private rerun = false;
  private stopped = true;

  constructor(
    private readonly repository: SandboxProviderRepository,
    private readonly clock: Clock,
    private readonly options: SandboxProviderOptions,
  ) {}

  async create(kind: SandboxTransferKind, request: SandboxPaymentRequest | SandboxPayoutRequest): Promise<SandboxCreateResult> {
    const now = this.clock.now().getTime();
    const cardNo = 'cardNo' in request ? request.cardNo : null;
    const { transfer, created } = await this.repository.insertOrFind({
      transferId: `sbx_${kind === 'payment' ? 'pay' : 'out'}_${randomUUID().replace(/-/g, '')}`,
      kind,
      reference: request.reference,
      amountCents: request.amountCents,
      cardNo,
      callbackUrl: request.callbackUrl,
      createdAt: now,
      dueAt: now + this.options.delayMs,
    });
    if (!created && (transfer.amountCents !== request.amountCents || transfer.cardNo !== cardNo || transfer.callbackUrl !== request.callbackUrl)) {
      return { ok: false, code: SANDBOX_REFUSALS.referenceReused, message: `reference ${request.reference} was used for a different ${kind}` };
    }
    if (created) this.wakeAfter(this.options.delayMs);
    return { ok: true, created, transfer };
  }

  find(transferId: string): Promise<SandboxTransfer | null> {
    return this.repository.find(transferId);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.timer = setInterval(() => void this.runDue(), this.options.pollMs ?? 500);
    this.timer.unref();
    void this.runDue();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const wakeUp of this.wakeUps) clearTimeout(wakeUp);
    this.wakeUps.clear();
    await this.running;
  }

  /** Settles what is due and sends what callbacks are due; one pass at a time, another queued behind it. */
  runDue(): Promise<void> {
    if (this.running) {
      this.rerun = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.rerun = false;
          await this.settleDue();
          await this.deliverDue();
        } while (this.rerun && !this.stopped);
      } catch {
        // A database hiccup: the next poll tries again; every step is idempotent.
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  private wakeAfter(ms: number): void {
    if (this.stopped) return;
    const wakeUp = setTimeout(() => {
      this.wakeUps.delete(wakeUp);
      void this.runDue();
    }, ms);
    wakeUp.unref();
    this.wakeUps.add(wakeUp);
  }

  private async settleDue(): Promise<void> {
    const now = this.clock.now().getTime();
    for (const transferId of await this.repository.dueIds(now, BATCH)) {
      const transfer = await this.repository.find(transferId);
      if (transfer) await this.repository.settle(transferId, sandboxOutcomeOf(transfer), now);
    }
  }

  private async deliverDue(): Promise<void> {
    const claimed = await this.repository.claimCallbacks(this.clock.now().getTime(), CALLBACK_LEASE_MS, BATCH);
    await Promise.all(claimed.map((transfer) => this.deliver(transfer)));
  }

  private async deliver(transfer: SandboxTransfer): Promise<void> {
    const body = JSON.stringify(callbackEventOf(transfer));
    let delivered = false;
    try {
      const response = await fetch(transfer.callbackUrl, {
        method: 'POST',
        headers: signedHeaders(this.options.secret, this.clock.now().getTime(), body),
        body,
        signal: AbortSignal.timeout(CALLBACK_TIMEOUT_MS),
      });
      delivered = response.ok;
      await response.body?.cancel();
    } catch {
      delivered = false;
    }
    const now = this.clock.now().getTime();
    if (delivered) {
      await this.repository.markDelivered(transfer.transferId, now);
    } else if (transfer.callbackAttempts < SANDBOX_MAX_CALLBACK_ATTEMPTS) {
      const delay = callbackRetryDelayMs(transfer.callbackAttempts);
      await this.repository.retryCallbackAt(transfer.transferId, now + delay);
      this.wakeAfter(delay);
    } else {
      await this.repository.retryCallbackAt(transfer.transferId, null);
    }
  }
}
