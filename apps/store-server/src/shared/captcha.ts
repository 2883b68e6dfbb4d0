import { randomBytes, randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../db/schema';
import { CAPTCHA_ALPHABET, renderCaptchaSvg } from './captcha-image';
import { addSeconds, type Clock } from './clock';
import { STORE_CODES, StoreError, codeText } from './store-error';

export const CAPTCHA_TTL_SECONDS = 120;
export const CAPTCHA_LENGTH = 4;

export interface IssuedCaptcha {
  key: string;
  /** console-spec §3 "verify image: value": an SVG data URL. */
  value: string;
}

export class CaptchaService {
  constructor(
    private readonly db: Kysely<StoreDatabase>,
    private readonly clock: Clock,
  ) {}

  async issue(): Promise<IssuedCaptcha> {
    const answer = Array.from({ length: CAPTCHA_LENGTH }, () => CAPTCHA_ALPHABET[randomInt(0, CAPTCHA_ALPHABET.length)]).join('');
    const key = randomBytes(16).toString('base64url');
    await this.db
      .insertInto('store_captcha')
      .values({ captcha_key: key, answer, expires_at: addSeconds(this.clock.now(), CAPTCHA_TTL_SECONDS) })
      .execute();
    return { key, value: renderCaptchaSvg(answer) };
  }

  /**
   * Checks an answer (case-insensitive). One attempt per image: a wrong answer deletes it,
   * so the client fetches a new one (console-spec §8, "captcha failure ... fetches a new image").
   */
  async check(key: string, answer: string): Promise<void> {
    const now = this.clock.now();
    const row = await this.db.deleteFrom('store_captcha').where('captcha_key', '=', key).returning(['answer', 'expires_at']).executeTakeFirst();
    if (!row || row.expires_at <= now || row.answer.toLowerCase() !== answer.trim().toLowerCase()) {
      throw new StoreError(STORE_CODES.wrongCaptcha, codeText(STORE_CODES.wrongCaptcha));
    }
    // Keep a verified marker so a following call (e.g. login) can require a solved captcha once.
    await this.db
      .insertInto('store_captcha')
      .values({ captcha_key: key, answer: row.answer, expires_at: addSeconds(now, CAPTCHA_TTL_SECONDS), verified_at: now })
      .execute();
  }

  /** Spends a captcha solved by check(); false when there is none. */
  async consumeVerified(key: string): Promise<boolean> {
    const row = await this.db
      .deleteFrom('store_captcha')
      .where('captcha_key', '=', key)
      .where('verified_at', 'is not', null)
      .where('expires_at', '>', this.clock.now())
      .returning('captcha_key')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** For the test hook only: reads an unsolved answer. */
  async peekAnswer(key: string): Promise<string | null> {
    const row = await this.db.selectFrom('store_captcha').select('answer').where('captcha_key', '=', key).executeTakeFirst();
    return row?.answer ?? null;
  }
}
