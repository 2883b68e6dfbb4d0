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

  /** Issues a code to the target, refusing when the target asked too recently. */
  async send(purpose: CheckCodePurpose, target: string): Promise<{ expiresInSeconds: number }> {
    const wait = await this.rateLimiter.tryConsume(CHECK_CODE_SEND_LIMITS, target);
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
