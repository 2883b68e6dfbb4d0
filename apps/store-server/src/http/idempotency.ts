// Idempotent calls (docs/security.md "Idempotent calls"): a contract declared `idempotent: true` carries
// `idempotencyKey` in its biz, and a repeat of a key (same store, same path) answers the first answer
// without running the call again, also when the two requests arrive together or reach two instances.
import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { IDEMPOTENCY_KEY_FIELD } from '@merchant/api-contracts';
import type { IdempotencyClaim, IdempotencyKeyRepository } from '../db/idempotency-keys';
import { addSeconds, type Clock } from '../shared/clock';
import { STORE_CODES, StoreError, text } from '../shared/store-error';

/** How long a key answers its repeats: a day covers every retry of one form submit. */
export const IDEMPOTENCY_KEY_TTL_SECONDS = 24 * 60 * 60;
/** A first request still running after this is taken to have died, and a repeat runs the call instead. */
export const IDEMPOTENCY_RUNNING_LEASE_SECONDS = 60;
/** Expired keys are deleted on a write, at most this often per instance. */
const PRUNE_INTERVAL_MS = 60_000;
/** A repeat that finds the first request running looks again after this, doubling up to the maximum. */
const FIRST_LOOK_AGAIN_MS = 10;
const MAX_LOOK_AGAIN_MS = 200;

/** One request of an idempotent call: the caller's store, the call and its parsed biz (key included). */
export interface IdempotentRequest {
  storeId: number;
  path: string;
  biz: Record<string, unknown>;
}

/** The key already answered another biz: nothing ran, nothing changed. */
export const keyUsedForAnotherBiz = () =>
  new StoreError(
    STORE_CODES.alreadyExists,
    text('该幂等键已用于内容不同的另一次提交，请重新提交', 'this idempotency key was already used for a different request; submit again'),
  );

/** JSON with object keys sorted, so the same biz always has the same digest. */
function canonicalJson(value: unknown): string {
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return canonicalJson((value as { toJSON(): unknown }).toJSON());
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, field]) => field !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, field]) => `${JSON.stringify(name)}:${canonicalJson(field)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What a repeat must match: the parsed biz without its key. */
export function bizDigest(biz: Record<string, unknown>): string {
  const { [IDEMPOTENCY_KEY_FIELD]: _key, ...fields } = biz;
  return createHash('sha256').update(canonicalJson(fields)).digest('hex');
}

/** Runs each key's call once and answers its repeats (used by contractRoute for idempotent contracts). */
export class IdempotencyGuard {
  private lastPrune = 0;

  constructor(
    private readonly keys: IdempotencyKeyRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * `run` once per key: the first request takes the key and runs it; a repeat waits while it runs and then
   * answers its data; a repeat with another biz gets 10100009. A call that fails changed nothing, so its key
   * is freed and the next request with it runs the call.
   */
  async runOnce(request: IdempotentRequest, run: () => Promise<unknown>): Promise<unknown> {
    const claim: IdempotencyClaim = {
      storeId: request.storeId,
      path: request.path,
      key: String(request.biz[IDEMPOTENCY_KEY_FIELD]),
      bizDigest: bizDigest(request.biz),
      claimId: randomUUID(),
    };
    await this.pruneExpired();
    let lookAgainMs = FIRST_LOOK_AGAIN_MS;
    for (;;) {
      const now = this.clock.now();
      const times = { now, expiresAt: addSeconds(now, IDEMPOTENCY_KEY_TTL_SECONDS), staleBefore: addSeconds(now, -IDEMPOTENCY_RUNNING_LEASE_SECONDS) };
      if (await this.keys.claim(claim, times)) return this.runClaimed(claim, run);
      const first = await this.keys.find(claim.storeId, claim.path, claim.key);
      // Freed since the claim (the first request failed): claim it again.
      if (!first) continue;
      if (first.bizDigest !== claim.bizDigest) throw keyUsedForAnotherBiz();
      if (first.state === 'done') return JSON.parse(first.answer ?? 'null') as unknown;
      // Another request (maybe on another instance) is running the call: its row says when it is done.
      await delay(lookAgainMs);
      lookAgainMs = Math.min(lookAgainMs * 2, MAX_LOOK_AGAIN_MS);
    }
  }

  private async runClaimed(claim: IdempotencyClaim, run: () => Promise<unknown>): Promise<unknown> {
    let answer: unknown;
    try {
      answer = await run();
    } catch (error) {
      // If freeing fails too, the key frees itself when its lease runs out; the call's own error is what the caller needs.
      await this.keys.release(claim).catch(() => undefined);
      throw error;
    }
    await this.keys.complete(claim, JSON.stringify(answer ?? null));
    return answer;
  }

  private async pruneExpired(): Promise<void> {
    const now = this.clock.now();
    if (Math.abs(now.getTime() - this.lastPrune) < PRUNE_INTERVAL_MS) return;
    this.lastPrune = now.getTime();
    await this.keys.deleteExpired(now);
  }
}
