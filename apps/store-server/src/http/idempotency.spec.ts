import { bizDigest } from './idempotency';

describe('bizDigest (what a repeat of an idempotency key must match)', () => {
  const key = '6f1c2a3e-8a4b-4c1d-9e2f-0123456789ab';

  it('is the same for the same biz whatever its field order and whatever its key', () => {
    const first = bizDigest({ skuId: 1, lines: [{ itemId: 2, quantity: 3 }], idempotencyKey: key });
    expect(bizDigest({ lines: [{ quantity: 3, itemId: 2 }], idempotencyKey: 'another', skuId: 1 })).toBe(first);
    expect(bizDigest({ skuId: 1, lines: [{ itemId: 2, quantity: 3 }], remark: undefined })).toBe(first);
  });

  it('differs when any value, the order of a list or a field differs', () => {
    const first = bizDigest({ skuId: 1, lines: [{ itemId: 2 }, { itemId: 3 }] });
    expect(bizDigest({ skuId: 2, lines: [{ itemId: 2 }, { itemId: 3 }] })).not.toBe(first);
    expect(bizDigest({ skuId: 1, lines: [{ itemId: 3 }, { itemId: 2 }] })).not.toBe(first);
    expect(bizDigest({ skuId: '1', lines: [{ itemId: 2 }, { itemId: 3 }] })).not.toBe(first);
    expect(bizDigest({ skuId: 1, lines: [{ itemId: 2 }, { itemId: 3 }], remark: '' })).not.toBe(first);
  });
});
