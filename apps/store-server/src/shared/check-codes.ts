import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../db/schema';
import { addSeconds, type Clock } from './clock';
import { hashOpaqueToken } from './opaque-token';
import type { RateLimit, RateLimiter } from './rate-limiter';
import { STORE_CODES, StoreError, codeText, text } from './store-error';

/** Check-code rules (our design; the spec leaves them open, see docs/api.md). */
export const CHECK_CODE_DIGITS = 6;
export const CHECK_CODE_TTL_SECONDS = 5 * 60;
/** A wrong guess counts against the code; after this many the code is dead. */
export const CHECK_CODE_MAX_FAILED_ATTEMPTS = 5;
/** One code per target every 60 s, and at most 10 per target per hour. */
export const CHECK_CODE_SEND_LIMITS: readonly RateLimit[] = [
  { bucket: 'check-code-send', max: 1, windowSeconds: 60 },
  { bucket: 'check-code-send-hourly', max: 10, windowSeconds: 60 * 60 },
];

/**
 * Issue 34 §5: a store's sends together (every number it sends to: its own, new mobiles, staff), so one
 * signed-in store cannot pump codes to many numbers. Above the per-number hourly limit, so a store using one
 * number never meets it.
 */
export const CHECK_CODE_STORE_SEND_LIMIT: RateLimit = { bucket: 'check-code-send-store', max: 20, windowSeconds: 60 * 60 };
/** Sends that belong to no store yet (registration): per client address instead. */
export const CHECK_CODE_ADDRESS_SEND_LIMIT: RateLimit = { bucket: 'check-code-send-address', max: 20, windowSeconds: 60 * 60 };

/** Who a send is counted against besides its number: the store it is for, or (before there is one) the client address. */
export type CheckCodeSender = { storeId: number } | { clientAddress: string };

/** Limits key on the target as written to, lower-cased (a number, or an e-mail address should codes go by e-mail). */
const targetSubject = (target: string) => target.trim().toLowerCase();

function senderEntry(sender: CheckCodeSender): { limits: readonly RateLimit[]; subject: string } {
  return 'storeId' in sender
    ? { limits: [CHECK_CODE_STORE_SEND_LIMIT], subject: `store:${sender.storeId}` }
    : { limits: [CHECK_CODE_ADDRESS_SEND_LIMIT], subject: `address:${sender.clientAddress}` };
}

/**
 * Test hooks only (ENABLE_TEST_HOOKS): lets the target be sent a code at once, and forgets every store's and
 * address's count, so suites that send many codes do not wait out the hour.
 */
export async function openSendWindow(rateLimiter: RateLimiter, target: string): Promise<void> {
  for (const limit of CHECK_CODE_SEND_LIMITS) await rateLimiter.clear(limit, targetSubject(target));
  await rateLimiter.clearBucket(CHECK_CODE_STORE_SEND_LIMIT);
  await rateLimiter.clearBucket(CHECK_CODE_ADDRESS_SEND_LIMIT);
}

export type CheckCodePurpose =
  | 'register'
  | 'login'
  | 'update-mobile'
  | 'update-email'
  | 'reset-password'
  | 'init-pay-password'
  | 'set-pay-password'
  | 'check-pay-password'
  | 'update-bank-card';

export interface CheckCodeMessage {
  purpose: CheckCodePurpose;
  /** Mobile number the code goes to. */
  target: string;
  code: string;
}

/** Where codes go: an SMS gateway in production, the server log in development. */
export interface CheckCodeDelivery {
  deliver(message: CheckCodeMessage): Promise<void>;
}

export class LogCheckCodeDelivery implements CheckCodeDelivery {
  constructor(private readonly log: (message: string) => void) {}
  async deliver({ purpose, target, code }: CheckCodeMessage): Promise<void> {
    this.log(`check code for ${purpose} to ${target}: ${code}`);
  }
}

/** Keeps the last codes per target for the test hook (ENABLE_TEST_HOOKS only), then delivers. */
export class RecordingCheckCodeDelivery implements CheckCodeDelivery {
  private readonly sent = new Map<string, Array<CheckCodeMessage & { sentAt: number }>>();
  constructor(private readonly inner: CheckCodeDelivery) {}

  async deliver(message: CheckCodeMessage): Promise<void> {
    const list = this.sent.get(message.target) ?? [];
    list.unshift({ ...message, sentAt: Math.floor(Date.now() / 1000) });
    this.sent.set(message.target, list.slice(0, 20));
    await this.inner.deliver(message);
  }

  codesFor(target: string): Array<CheckCodeMessage & { sentAt: number }> {
    return [...(this.sent.get(target) ?? [])];
  }
}

const codeHash = (purpose: string, target: string, code: string) => hashOpaqueToken(`${purpose}\n${target}\n${code}`);

export class CheckCodeService {
  constructor(
    private readonly db: Kysely<StoreDatabase>,
    private readonly clock: Clock,
    private readonly rateLimiter: RateLimiter,
    private readonly delivery: CheckCodeDelivery,
  ) {}

  /**
   * Issues a code to the target, refusing (10104002, nothing sent or counted) when the target asked too recently
   * or its sender (store, or client address before sign-up) sent too many.
   */
  async send(purpose: CheckCodePurpose, target: string, sender: CheckCodeSender): Promise<{ expiresInSeconds: number }> {
    const wait = await this.rateLimiter.tryConsumeEach([{ limits: CHECK_CODE_SEND_LIMITS, subject: targetSubject(target) }, senderEntry(sender)]);
    if (wait > 0) {
      throw new StoreError(STORE_CODES.checkCodeTooFrequent, text(`验证码发送过于频繁，请 ${wait} 秒后再试`, `check codes are sent too often, please retry in ${wait} seconds`), {
        retryAfterSeconds: wait,
      });
    }
    const code = String(randomInt(0, 10 ** CHECK_CODE_DIGITS)).padStart(CHECK_CODE_DIGITS, '0');
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
      // A new code replaces any older one for the same purpose and target.
      await trx
        .updateTable('store_check_code')
        .set({ consumed_at: now })
        .where('purpose', '=', purpose)
        .where('target', '=', target)
        .where('consumed_at', 'is', null)
        .execute();
      await trx
        .insertInto('store_check_code')
        .values({ purpose, target, code_hash: codeHash(purpose, target, code), expires_at: addSeconds(now, CHECK_CODE_TTL_SECONDS) })
        .execute();
    });
    await this.delivery.deliver({ purpose, target, code });
    return { expiresInSeconds: CHECK_CODE_TTL_SECONDS };
  }

  /** Consumes the code when it matches; otherwise counts the failure and throws. */
  async verify(purpose: CheckCodePurpose, target: string, code: string): Promise<void> {
    const now = this.clock.now();
    const row = await this.db
      .selectFrom('store_check_code')
      .select(['id', 'code_hash', 'expires_at', 'failed_attempts'])
      .where('purpose', '=', purpose)
      .where('target', '=', target)
      .where('consumed_at', 'is', null)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    const wrong = () => new StoreError(STORE_CODES.wrongCheckCode, codeText(STORE_CODES.wrongCheckCode));
    if (!row || row.expires_at <= now || row.failed_attempts >= CHECK_CODE_MAX_FAILED_ATTEMPTS) throw wrong();
    if (row.code_hash !== codeHash(purpose, target, code)) {
      await this.db
        .updateTable('store_check_code')
        .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
        .where('id', '=', row.id)
        .execute();
      throw wrong();
    }
    const consumed = await this.db
      .updateTable('store_check_code')
      .set({ consumed_at: now })
      .where('id', '=', row.id)
      .where('consumed_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!consumed) throw wrong(); // used by a concurrent request
  }
}
