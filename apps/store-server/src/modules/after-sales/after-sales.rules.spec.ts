import { complaintEventsFor, payOutcome, recordNo, refundableCents, refundRequestRefusal } from './after-sales.rules';

describe('after-sales rules', () => {
  const order = (status: number, amountCents: number, refundedCents = 0) => ({ status, amountCents, refundedCents });

  it('leaves the amount paid minus what refunds returned, never below zero', () => {
    expect(refundableCents(order(4, 10_000, 2_500))).toBe(7_500);
    expect(refundableCents(order(6, 10_000, 10_000))).toBe(0);
    expect(refundableCents(order(6, 10_000, 12_000))).toBe(0);
  });

  it('refuses refund requests on closed orders, returns before shipping and amounts beyond what is left', () => {
    expect(refundRequestRefusal(order(5, 10_000), { kind: 1, amountCents: 100 })).toBe('orderClosed');
    expect(refundRequestRefusal(order(6, 10_000, 10_000), { kind: 1, amountCents: 100 })).toBe('orderClosed');
    expect(refundRequestRefusal(order(1, 10_000), { kind: 2, amountCents: 100 })).toBe('nothingToReturn');
    expect(refundRequestRefusal(order(1, 10_000), { kind: 1, amountCents: 10_000 })).toBeNull();
    expect(refundRequestRefusal(order(4, 10_000, 9_000), { kind: 2, amountCents: 1_001 })).toBe('amountTooLarge');
    expect(refundRequestRefusal(order(4, 10_000, 9_000), { kind: 2, amountCents: 1_000 })).toBeNull();
    expect(refundRequestRefusal(order(3, 10_000, 10_000), { kind: 1, amountCents: 1 })).toBe('nothingLeft');
  });

  it('pays within what is left; the payment that reaches the amount paid fires refundInFull', () => {
    expect(payOutcome(order(4, 10_000, 3_000), 2_000)).toEqual({ refundedCents: 5_000, inFull: false, orderStatus: 4 });
    expect(payOutcome(order(2, 10_000, 3_000), 7_000)).toEqual({ refundedCents: 10_000, inFull: true, orderStatus: 6 });
    expect(payOutcome(order(1, 10_000), 10_000)).toEqual({ refundedCents: 10_000, inFull: true, orderStatus: 6 });
    expect(payOutcome(order(4, 10_000, 3_000), 7_001)).toBeNull();
    expect(payOutcome(order(4, 10_000), 0)).toBeNull();
    // A withdrawn order's payment already went back in full.
    expect(payOutcome(order(5, 10_000), 1_000)).toBeNull();
  });

  it('offers revoke only to the party that filed the complaint, and end only to the platform', () => {
    expect(complaintEventsFor(1, 'buyer', 'merchant')).toEqual([]);
    expect(complaintEventsFor(1, 'buyer', 'buyer')).toEqual(['revoke']);
    expect(complaintEventsFor(1, 'merchant', 'merchant')).toEqual(['revoke']);
    expect(complaintEventsFor(1, 'buyer', 'platform')).toEqual(['end']);
    expect(complaintEventsFor(2, 'buyer', 'buyer')).toEqual([]);
    expect(complaintEventsFor(3, 'buyer', 'platform')).toEqual([]);
  });

  it('numbers records by prefix, UTC creation day and id', () => {
    expect(recordNo('R', 700001, Date.UTC(2026, 10, 23, 23, 59) / 1000)).toBe('R20261123700001');
    expect(recordNo('C', 800012, Date.UTC(2026, 0, 2) / 1000)).toBe('C20260102800012');
  });
});
