import { randomBytes, randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../db/schema';
import { addSeconds, type Clock } from './clock';
import { STORE_CODES, StoreError, codeText } from './store-error';

export const CAPTCHA_TTL_SECONDS = 120;
export const CAPTCHA_LENGTH = 4;
/** Letters and digits without look-alikes (0/O, 1/l/I); the console accepts letters, digits, dot and slash (console-spec §2). */
const CAPTCHA_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';

export interface IssuedCaptcha {
  key: string;
  /** console-spec §3 "verify image: value": an SVG data URL. */
  value: string;
}

/** Draws the answer with per-letter rotation and noise lines; enough to stop naive scripts, no image library needed. */
export function renderCaptchaSvg(answer: string): string {
  const width = 120;
  const height = 40;
  const letters = [...answer]
    .map((ch, i) => {
      const x = 14 + i * 26 + randomInt(-3, 4);
      const y = 28 + randomInt(-4, 5);
      const rotate = randomInt(-25, 26);
      const hue = randomInt(0, 360);
      return `<text x="${x}" y="${y}" transform="rotate(${rotate} ${x} ${y})" fill="hsl(${hue},60%,35%)" font-size="24" font-family="monospace">${ch}</text>`;
    })
    .join('');
  const noise = Array.from({ length: 5 }, () => {
    const hue = randomInt(0, 360);
    return `<line x1="${randomInt(0, width)}" y1="${randomInt(0, height)}" x2="${randomInt(0, width)}" y2="${randomInt(0, height)}" stroke="hsl(${hue},50%,60%)" stroke-width="1.5"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="#f4f6f8"/>${noise}${letters}</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
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
