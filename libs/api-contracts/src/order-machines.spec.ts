import {
  APPROVE_AND_PAY_EVENTS,
  DISPUTE_MACHINE,
  ORDER_MACHINE,
  REFUND_KIND,
  REFUND_KINDS,
  REFUND_MACHINE,
  SHIPMENT_MACHINE,
  merchantRefundActions,
  nextRefundStatus,
  refundEventsFor,
  type RefundEvent,
} from './order-machines';
import { defineStateMachine, type Actor, type StateMachine } from './state-machine';

const ACTORS: Actor[] = ['merchant', 'buyer', 'platform', 'system'];

/**
 * Every (state, event, actor) of a machine is checked against the legal moves written out here by
 * hand, from docs/orders.md: the listed ones lead to their state, every other combination is refused.
 */
function checkEveryTransition(machine: StateMachine<number, string>, events: string[], legal: string[]) {
  const expected = new Map(legal.map((line) => {
    const [from, event, actor, to] = line.split(' ');
    return [`${from} ${event} ${actor}`, Number(to)];
  }));
  let checked = 0;
  for (const state of machine.states) {
    for (const event of events) {
      for (const actor of ACTORS) {
        const key = `${state} ${event} ${actor}`;
        expect([key, machine.next(state, event, actor)]).toEqual([key, expected.get(key)]);
        checked++;
      }
    }
  }
  // Each listed move names a real state, event and actor, so the loop above met all of them.
  for (const key of expected.keys()) expect(machine.states.map(String)).toContain(key.split(' ')[0]);
  return checked;
}

describe('order machine (shipping-order status 1–6)', () => {
  it('allows exactly the designed moves, for the designed actors', () => {
    const checked = checkEveryTransition(ORDER_MACHINE, ['ship', 'deliver', 'confirmReceipt', 'withdraw', 'refundInFull'], [
      '1 ship merchant 2',
      '2 deliver system 3',
      '2 confirmReceipt buyer 4',
      '2 confirmReceipt system 4',
      '3 confirmReceipt buyer 4',
      '3 confirmReceipt system 4',
      '1 withdraw buyer 5',
      '1 refundInFull system 6',
      '2 refundInFull system 6',
      '3 refundInFull system 6',
      '4 refundInFull system 6',
    ]);
    expect(checked).toBe(6 * 5 * 4);
  });

  it('starts at 1 (paid, to ship); withdrawn and refunded orders are final, a completed one can still be refunded', () => {
    expect(ORDER_MACHINE.initial).toBe(1);
    expect([5, 6].map((s) => ORDER_MACHINE.isTerminal(s))).toEqual([true, true]);
    expect(ORDER_MACHINE.isTerminal(4)).toBe(false);
    expect(ORDER_MACHINE.eventsFrom(1, 'merchant')).toEqual(['ship']);
    expect(ORDER_MACHINE.eventsFrom(4, 'merchant')).toEqual([]);
  });
});

describe('shipment machine', () => {
  it('allows exactly the designed moves', () => {
    checkEveryTransition(SHIPMENT_MACHINE, ['pickUp', 'deliver', 'returnToSender'], [
      '1 pickUp merchant 2',
      '1 pickUp system 2',
      '2 deliver system 3',
      '2 returnToSender system 4',
    ]);
    expect([3, 4].map((s) => SHIPMENT_MACHINE.isTerminal(s))).toEqual([true, true]);
  });
});

describe('refund machine (refund-order status)', () => {
  it('allows exactly the designed moves', () => {
    checkEveryTransition(REFUND_MACHINE, ['approveRefundOnly', 'approveReturn', 'receiveReturn', 'reject', 'withdraw', 'pay'], [
      '0 approveRefundOnly merchant 7',
      '0 approveReturn merchant 1',
      '1 receiveReturn merchant 4',
      '0 reject merchant 9',
      '1 reject merchant 9',
      '0 withdraw buyer 3',
      '1 withdraw buyer 3',
      '4 pay merchant 2',
      '4 pay system 2',
      '7 pay merchant 2',
      '7 pay system 2',
    ]);
  });

  it('has no state 5: "refund succeeded" is the payment record\'s mapping, not a refund order state', () => {
    expect(REFUND_MACHINE.isState(5)).toBe(false);
    expect(REFUND_MACHINE.next(5, 'pay')).toBeUndefined();
    expect([2, 3, 9].map((s) => REFUND_MACHINE.isTerminal(s))).toEqual([true, true, true]);
  });

  it('offers the merchant the review actions in table order', () => {
    expect(REFUND_MACHINE.eventsFrom(0, 'merchant')).toEqual(['approveRefundOnly', 'approveReturn', 'reject']);
    expect(REFUND_MACHINE.eventsFrom(0)).toEqual(['approveRefundOnly', 'approveReturn', 'reject', 'withdraw']);
  });
});

describe('refund kinds (issue 35 §9): each kind allows only its own path through the refund machine', () => {
  const EVENTS: RefundEvent[] = ['approveRefundOnly', 'approveReturn', 'receiveReturn', 'reject', 'withdraw', 'pay'];
  /** Every (kind, status, event, actor) against the legal moves written out here by hand. */
  const legalMoves = (kind: number) => {
    const moves: string[] = [];
    for (const status of REFUND_MACHINE.states) {
      for (const event of EVENTS) {
        for (const actor of ACTORS) {
          const to = nextRefundStatus(kind, status, event, actor);
          if (to !== undefined) moves.push(`${status} ${event} ${actor} ${to}`);
        }
      }
    }
    return moves;
  };

  it('a refund-only request is approved as a refund and paid; it is never approved as a return or received back', () => {
    expect(legalMoves(REFUND_KIND.refundOnly)).toEqual([
      '0 approveRefundOnly merchant 7',
      '0 reject merchant 9',
      '0 withdraw buyer 3',
      '7 pay merchant 2',
      '7 pay system 2',
    ]);
    expect(nextRefundStatus(REFUND_KIND.refundOnly, 0, 'approveReturn', 'merchant')).toBeUndefined();
    expect(refundEventsFor(REFUND_KIND.refundOnly, 0, 'merchant')).toEqual(['approveRefundOnly', 'reject']);
  });

  it('a return-and-refund request goes through the return; it is never approved as a refund without its goods', () => {
    expect(legalMoves(REFUND_KIND.returnAndRefund)).toEqual([
      '0 approveReturn merchant 1',
      '0 reject merchant 9',
      '0 withdraw buyer 3',
      '1 receiveReturn merchant 4',
      '1 reject merchant 9',
      '1 withdraw buyer 3',
      '4 pay merchant 2',
      '4 pay system 2',
    ]);
    expect(nextRefundStatus(REFUND_KIND.returnAndRefund, 0, 'approveRefundOnly', 'merchant')).toBeUndefined();
    expect(refundEventsFor(REFUND_KIND.returnAndRefund, 0, 'merchant')).toEqual(['approveReturn', 'reject']);
  });

  it('an unknown kind allows nothing', () => {
    expect(EVENTS.flatMap((event) => REFUND_MACHINE.states.map((s) => nextRefundStatus(3, s, event)))).toEqual(EVENTS.flatMap(() => REFUND_MACHINE.states.map(() => undefined)));
    expect(refundEventsFor(0, 0)).toEqual([]);
  });

  it('between them the kinds use every event of the machine, and each kind\'s moves are the machine\'s', () => {
    const used = new Set(REFUND_KINDS.flatMap((kind) => REFUND_MACHINE.states.flatMap((s) => refundEventsFor(kind, s))));
    expect([...used].sort()).toEqual([...new Set(REFUND_MACHINE.transitions.map((t) => t.event))].sort());
    for (const kind of REFUND_KINDS) {
      for (const line of legalMoves(kind)) {
        const [from, event, actor, to] = line.split(' ');
        expect([line, REFUND_MACHINE.next(Number(from), event as RefundEvent, actor as (typeof ACTORS)[number])]).toEqual([line, Number(to)]);
      }
    }
  });

  it('offers the merchant one "approve and pay" step and reject on a refund-only request, never "approve return"', () => {
    expect(merchantRefundActions(REFUND_KIND.refundOnly, 0)).toEqual(['approveAndPay', 'reject']);
    // An approved refund-only request (approved before this step existed) is paid on its own.
    expect(merchantRefundActions(REFUND_KIND.refundOnly, 7)).toEqual(['pay']);
    expect(merchantRefundActions(REFUND_KIND.returnAndRefund, 0)).toEqual(['approveReturn', 'reject']);
    expect(merchantRefundActions(REFUND_KIND.returnAndRefund, 1)).toEqual(['receiveReturn', 'reject']);
    expect(merchantRefundActions(REFUND_KIND.returnAndRefund, 4)).toEqual(['pay']);
    for (const kind of REFUND_KINDS) for (const status of [2, 3, 9]) expect(merchantRefundActions(kind, status)).toEqual([]);
  });

  it('approveAndPay is the refund-only path from pending review to refunded, step by step', () => {
    let status: number | undefined = 0;
    for (const event of APPROVE_AND_PAY_EVENTS) status = nextRefundStatus(REFUND_KIND.refundOnly, status!, event, 'merchant');
    expect(status).toBe(2);
    expect(nextRefundStatus(REFUND_KIND.returnAndRefund, 0, APPROVE_AND_PAY_EVENTS[0], 'merchant')).toBeUndefined();
  });
});

describe('dispute machine (1–3)', () => {
  it('allows exactly the designed moves', () => {
    checkEveryTransition(DISPUTE_MACHINE, ['end', 'revoke'], ['1 end platform 2', '1 revoke buyer 3', '1 revoke merchant 3']);
  });
});

describe('defineStateMachine', () => {
  it('refuses a table naming an unknown state', () => {
    expect(() =>
      defineStateMachine({ name: 'bad', states: [1, 2], initial: 1, transitions: [{ event: 'go', from: [1], to: 3 as 2, actors: ['system'] }] }),
    ).toThrow('bad: transition go names unknown state 3');
  });

  it('refuses a table leaving a state unreachable', () => {
    expect(() =>
      defineStateMachine({ name: 'gap', states: [1, 2, 3], initial: 1, transitions: [{ event: 'go', from: [1], to: 2, actors: ['system'] }] }),
    ).toThrow('gap: states 3 cannot be reached');
  });

  it('answers undefined for a state outside the machine and for any actor when none is given', () => {
    expect(ORDER_MACHINE.next(99, 'ship')).toBeUndefined();
    expect(ORDER_MACHINE.next(1, 'ship')).toBe(2);
    expect(ORDER_MACHINE.isState(3)).toBe(true);
    expect(ORDER_MACHINE.isState('3')).toBe(false);
  });
});
