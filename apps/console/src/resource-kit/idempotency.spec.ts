// Idempotency keys (the pay dialog's, the form kit's): a UUID the contracts accept, from randomUUID or, outside
// secure contexts, from getRandomValues.
import { refundPayBiz } from '@merchant/api-contracts';
import { newIdempotencyKey } from './idempotency';

describe('newIdempotencyKey', () => {
  it('is a UUID the pay contract accepts, different each time', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(refundPayBiz.safeParse({ refundId: 1, idempotencyKey: key }).success).toBe(true);
  });

  it('builds a v4 UUID from getRandomValues where randomUUID is missing (plain http)', () => {
    const randomUUID = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const key = newIdempotencyKey();
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(refundPayBiz.safeParse({ refundId: 1, idempotencyKey: key }).success).toBe(true);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: randomUUID, configurable: true });
    }
  });
});
