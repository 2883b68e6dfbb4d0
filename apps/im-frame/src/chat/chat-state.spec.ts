import { mergeMessages, mergeSessions, totalUnread, withSessionPreview, initialChatState } from './chat-state';
import { sampleMessage, sampleSession } from '../test/fake-chat-client';

describe('mergeSessions', () => {
  it('orders by update time, newest first, and replaces sessions by id', () => {
    const merged = mergeSessions(
      [sampleSession({ peerAccount: 'a', updateTime: 1 }), sampleSession({ peerAccount: 'b', updateTime: 2 })],
      [sampleSession({ peerAccount: 'a', updateTime: 3, unread: 4 })],
    );
    expect(merged.map((session) => [session.peerAccount, session.unread])).toEqual([
      ['a', 4],
      ['b', 0],
    ]);
  });

  it("keeps the peer's nick and avatar when an update does not carry them (the merchant's reply is last)", () => {
    const named = sampleSession({ peerAccount: 'c_demo1', peerNick: 'Alice Chen', peerAvatar: 'http://img/a.png', updateTime: 1 });
    const reply = sampleSession({ peerAccount: 'c_demo1', updateTime: 2 });
    expect(mergeSessions([named], [reply])[0]).toMatchObject({ peerNick: 'Alice Chen', peerAvatar: 'http://img/a.png', updateTime: 2 });
    const renamed = sampleSession({ peerAccount: 'c_demo1', peerNick: 'Alice C.', updateTime: 3 });
    expect(mergeSessions([named], [renamed])[0].peerNick).toBe('Alice C.');
  });
});

describe('mergeMessages', () => {
  it('deduplicates by idClient and sorts by time', () => {
    const merged = mergeMessages(
      [sampleMessage({ idClient: 'x', sessionId: 'p2p-a', time: 20 })],
      [sampleMessage({ idClient: 'y', sessionId: 'p2p-a', time: 10 }), sampleMessage({ idClient: 'x', sessionId: 'p2p-a', time: 20, text: 'edited' })],
    );
    expect(merged.map((message) => [message.idClient, message.text])).toEqual([
      ['y', 'hello'],
      ['x', 'edited'],
    ]);
  });

  it('does not let a stale "sending" copy undo a settled status', () => {
    const sent = sampleMessage({ idClient: 'x', sessionId: 'p2p-a', flow: 'out', status: 'success' });
    const merged = mergeMessages([sent], [{ ...sent, status: 'sending' }]);
    expect(merged[0].status).toBe('success');
  });
});

describe('withSessionPreview', () => {
  it('creates a session for a message from a new peer and puts it first', () => {
    const state = { ...initialChatState, sessions: [sampleSession({ peerAccount: 'old', updateTime: 5 })] };
    const next = withSessionPreview(state, sampleMessage({ idClient: 'm', sessionId: 'p2p-new', time: 9 }), 'new');
    expect(next.sessions.map((session) => session.peerAccount)).toEqual(['new', 'old']);
    expect(next.sessions[0].lastMessage?.idClient).toBe('m');
  });

  it('ignores a message older than the session preview', () => {
    const state = { ...initialChatState, sessions: [sampleSession({ peerAccount: 'a', updateTime: 50 })] };
    expect(withSessionPreview(state, sampleMessage({ idClient: 'm', sessionId: 'p2p-a', time: 10 }), 'a')).toBe(state);
  });
});

describe('totalUnread', () => {
  it('sums unread counts', () => {
    expect(totalUnread([sampleSession({ peerAccount: 'a', unread: 2 }), sampleSession({ peerAccount: 'b', unread: 120 })])).toBe(122);
  });
});
