// Tickets that open a store's event stream (decision 0006). An EventSource cannot carry the
// secure-transport envelope or an Authorization header, so the console asks for a ticket over the
// envelope and puts it in the stream's URL. A ticket is signed (any instance can check it), bound
// to one store and user, short-lived, and single-use: its nonce is consumed in the database through
// the rate limiter, so a second use is refused on every instance.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { EVENT_STREAM_TICKET_TTL_SECONDS } from '@merchant/api-contracts';
import type { Clock } from '../../shared/clock';
import type { RateLimiter, RateLimit } from '../../shared/rate-limiter';

export interface EventStreamTicketClaims {
  storeId: number;
  userId: number;
  /** Integer seconds. */
  expiresAt: number;
}

export type TicketRefusal = 'malformed' | 'badSignature' | 'expired' | 'used';
export type TicketCheck = { ok: true; claims: EventStreamTicketClaims } | { ok: false; reason: TicketRefusal };

/** A used nonce is remembered past the ticket's life, so it can never come back. */
const USED_TICKETS: RateLimit = { bucket: 'event-stream-ticket', max: 1, windowSeconds: EVENT_STREAM_TICKET_TTL_SECONDS * 4 };
const MAX_TICKET_LENGTH = 512;

interface TicketPayload {
  s: number;
  u: number;
  e: number;
  n: string;
}

const isPayload = (value: unknown): value is TicketPayload => {
  if (typeof value !== 'object' || value === null) return false;
  const { s, u, e, n } = value as Record<string, unknown>;
  return Number.isInteger(s) && Number.isInteger(u) && Number.isInteger(e) && typeof n === 'string' && n.length > 0;
};

export class EventStreamTickets {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly clock: Clock,
    private readonly usedTickets: Pick<RateLimiter, 'tryConsume'>,
  ) {
    // Its own key, derived from the server secret, so a ticket is never valid as anything else.
    this.key = createHmac('sha256', secret).update('store-event-stream-ticket/v1').digest();
  }

  private nowSeconds(): number {
    return Math.floor(this.clock.now().getTime() / 1000);
  }

  private sign(body: string): Buffer {
    return createHmac('sha256', this.key).update(body).digest();
  }

  issue(storeId: number, userId: number): { ticket: string; expiresAt: number } {
    const expiresAt = this.nowSeconds() + EVENT_STREAM_TICKET_TTL_SECONDS;
    const payload: TicketPayload = { s: storeId, u: userId, e: expiresAt, n: randomBytes(16).toString('base64url') };
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return { ticket: `${body}.${this.sign(body).toString('base64url')}`, expiresAt };
  }

  /** Checks a ticket and, when it is good, uses it up. */
  async redeem(ticket: unknown): Promise<TicketCheck> {
    if (typeof ticket !== 'string' || ticket.length > MAX_TICKET_LENGTH) return { ok: false, reason: 'malformed' };
    const [body, signature, extra] = ticket.split('.');
    if (!body || !signature || extra !== undefined) return { ok: false, reason: 'malformed' };
    const expected = this.sign(body);
    const presented = Buffer.from(signature, 'base64url');
    if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) return { ok: false, reason: 'badSignature' };
    let payload: unknown;
    try {
      payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return { ok: false, reason: 'malformed' };
    }
    if (!isPayload(payload)) return { ok: false, reason: 'malformed' };
    if (this.nowSeconds() > payload.e) return { ok: false, reason: 'expired' };
    const waitSeconds = await this.usedTickets.tryConsume([USED_TICKETS], `${payload.s}:${payload.n}`);
    if (waitSeconds > 0) return { ok: false, reason: 'used' };
    return { ok: true, claims: { storeId: payload.s, userId: payload.u, expiresAt: payload.e } };
  }
}
