// Idempotency keys (ARCHITECTURE.md: every money mutation carries one): a key names one intended change,
// so store-server answers a repeated call with the first result instead of changing twice.
import type { ResourceFormContract } from './types';

/**
 * A v4 UUID. crypto.randomUUID exists only in secure contexts (https, localhost); a console served over
 * plain http elsewhere builds the same format from getRandomValues, which every context has.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Whether store-server dedupes the contract's calls by `idempotencyKey` (`idempotent: true`, api-contracts endpoint.ts). */
export function isIdempotentContract(contract: ResourceFormContract | undefined): boolean {
  return contract?.idempotent === true;
}
