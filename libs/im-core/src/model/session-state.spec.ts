import fc from 'fast-check';
import { sampleMessage, sampleSession } from '../store/store-conformance';
import type { ImMessage } from '../store/entities';
import {
  applyAck,
  applyMessage,
  applyMessageDeletion,
  countsAsUnread,
  deleteSessionLogically,
  emptySession,
  markRead,
  recomputeUnread,
  totalUnread,
} from './session-state';

const incoming = (idClient: string, time: number, extra: Partial<ImMessage> = {}) => sampleMessage({ idClient, time, ...extra });
const outgoing = (idClient: string, time: number) => sampleMessage({ idClient, time, flow: 'out', from: 's_1001', to: 'c_demo1' });

describe('§4 session unread', () => {
  it('counts incoming, readable messages newer than ack; notifications only when the app accepts them', () => {
    expect(countsAsUnread(incoming('a', 10), 5)).toBe(true);
    expect(countsAsUnread(incoming('a', 5), 5)).toBe(false);
    expect(countsAsUnread(outgoing('a', 10), 5)).toBe(false);
    expect(countsAsUnread(incoming('a', 10, { isUnreadable: true }), 5)).toBe(false);
    const notification = incoming('n', 10, { type: 'notification' });
    expect(countsAsUnread(notification, 5)).toBe(false);
    expect(countsAsUnread(notification, 5, { countNotification: () => true })).toBe(true);
  });

  it('a new message updates lastMsg, updateTime and unread, and brings back a deleted session', () => {
    const deleted = deleteSessionLogically(sampleSession({ id: 'p2p-c_demo1', ack: 5 }));
    expect(deleted.isDeleted).toBe(true);
    const after = applyMessage(deleted, incoming('a', 10));
    expect(after).toMatchObject({ isDeleted: false, unread: 1, updateTime: 10 });
    expect(after.lastMsg?.idClient).toBe('a');
    const older = applyMessage(after, incoming('old', 7));
    expect(older.lastMsg?.idClient).toBe('a');
    expect(older.unread).toBe(2);
    expect(applyMessage(older, outgoing('mine', 20))).toMatchObject({ unread: 2, updateTime: 20 });
  });

  it('does not count the same last message twice when it is applied again', () => {
    const once = applyMessage(undefined, incoming('a', 10));
    expect(applyMessage(once, incoming('a', 10)).unread).toBe(1);
    expect(once.id).toBe('p2p-c_demo1');
  });

  it('recomputed unread equals the count of messages the rule accepts (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ time: fc.integer({ min: 0, max: 100 }), flow: fc.constantFrom('in', 'out'), isUnreadable: fc.boolean() }), { maxLength: 30 }),
        fc.integer({ min: 0, max: 100 }),
        (rows, ack) => {
          const messages = rows.map((r, i) => incoming(`m${i}`, r.time, { flow: r.flow as 'in' | 'out', isUnreadable: r.isUnreadable }));
          const expected = rows.filter((r) => r.flow === 'in' && !r.isUnreadable && r.time > ack).length;
          expect(recomputeUnread(sampleSession({ id: 'p2p-c_demo1', ack, unread: 99 }), messages).unread).toBe(expected);
        },
      ),
    );
  });

  it('mark read moves ack to the newest message and clears unread; an older ack changes nothing', () => {
    const session = applyMessage(applyMessage(undefined, incoming('a', 10)), incoming('b', 12));
    const read = markRead(session);
    expect(read).toMatchObject({ ack: 12, unread: 0 });
    expect(applyAck(read, 3, [])).toBe(read);
    const acked = applyAck(session, 10, [incoming('b', 12)]);
    expect(acked).toMatchObject({ ack: 10, unread: 1 });
  });
});

describe('§4 message deletion', () => {
  const session = [incoming('a', 10), incoming('b', 20), incoming('c', 30)].reduce(
    (s, m) => applyMessage(s, m),
    sampleSession({ id: 'p2p-c_demo1', ack: 15 }),
  );

  it('decrements unread for an unread incoming message and replaces lastMsg when it was last', () => {
    expect(session.unread).toBe(2);
    const after = applyMessageDeletion(session, incoming('c', 30), incoming('b', 20));
    expect(after.unread).toBe(1);
    expect(after.lastMsg?.idClient).toBe('b');
  });

  it('keeps unread and lastMsg when a read, older message is deleted', () => {
    const after = applyMessageDeletion(session, incoming('a', 10), incoming('c', 30));
    expect(after.unread).toBe(2);
    expect(after.lastMsg?.idClient).toBe('c');
  });

  it('empties lastMsg when the only message goes', () => {
    const single = applyMessage(undefined, incoming('only', 5));
    expect(applyMessageDeletion(single, incoming('only', 5), undefined)).toMatchObject({ lastMsg: null, unread: 0 });
  });
});

describe('session helpers', () => {
  it('derives scene and target from the id, and totals unread without deleted sessions', () => {
    expect(emptySession('team-42')).toMatchObject({ scene: 'team', to: '42', unread: 0, isDeleted: false });
    expect(() => emptySession('nonsense')).toThrow(TypeError);
    expect(totalUnread([sampleSession({ id: 'p2p-a', unread: 2 }), sampleSession({ id: 'p2p-b', unread: 5, isDeleted: true })])).toBe(2);
  });
});
