import type { ImMessage, ImUser } from '../store/entities';
import { SYNC_NOTIFY_ORDER, type SyncNotification } from './sync-notification';
import { combinePageNotifications } from './sync-notifications';

// The notifications of a sync committed page by page, told once after the last page
// (docs/im-sync.md): one per kind, in §4 order, as if the pages had been one batch.

const message = (idClient: string) => ({ idClient }) as ImMessage;
const user = (account: string, nick: string) => ({ account, nick }) as ImUser;

describe('combinePageNotifications', () => {
  it('joins the messages of every page in page order, each once', () => {
    const pages: SyncNotification[][] = Array.from({ length: 20 }, (_, p) => [
      { kind: 'offlineMsgs', messages: Array.from({ length: 50 }, (_, i) => message(`m${p * 50 + i}`)) },
    ]);
    const [combined] = combinePageNotifications(pages);
    expect(combined.kind).toBe('offlineMsgs');
    expect(combined.kind === 'offlineMsgs' && combined.messages.map((m) => m.idClient)).toEqual(Array.from({ length: 1000 }, (_, i) => `m${i}`));
  });

  it('keeps the latest row of a key, at the position of its latest page, across many pages', () => {
    const pages: SyncNotification[][] = [
      [{ kind: 'users', users: [user('a', 'A1'), user('b', 'B1')] }],
      [{ kind: 'users', users: [user('c', 'C1')] }],
      [{ kind: 'users', users: [user('a', 'A2')] }],
      [{ kind: 'users', users: [user('b', 'B3'), user('d', 'D3')] }],
    ];
    const [combined] = combinePageNotifications(pages);
    expect(combined.kind === 'users' && combined.users.map((u) => [u.account, u.nick])).toEqual([
      ['c', 'C1'],
      ['a', 'A2'],
      ['b', 'B3'],
      ['d', 'D3'],
    ]);
  });

  it('joins id lists without repeats, in the order first seen', () => {
    const pages: SyncNotification[][] = [
      [{ kind: 'msgsDeletedSelf', idClients: ['x', 'y'] }],
      [{ kind: 'msgsDeletedSelf', idClients: ['y', 'z'] }],
      [{ kind: 'msgsDeletedSelf', idClients: ['w', 'x'] }],
    ];
    expect(combinePageNotifications(pages)).toEqual([{ kind: 'msgsDeletedSelf', idClients: ['x', 'y', 'z', 'w'] }]);
  });

  it('ends a block-list change as the latest page says, in both directions', () => {
    const relation = (account: string) => ({ account, createTime: 1, updateTime: 1 });
    const pages: SyncNotification[][] = [
      [{ kind: 'blacklist', relations: [relation('spam'), relation('troll')], removed: ['old'] }],
      [{ kind: 'blacklist', relations: [relation('old')], removed: ['spam'] }],
      [{ kind: 'blacklist', relations: [], removed: ['troll'] }],
    ];
    expect(combinePageNotifications(pages)).toEqual([{ kind: 'blacklist', relations: [relation('old')], removed: ['spam', 'troll'] }]);
  });

  it('takes the latest page for a state, and tells the kinds in §4 order whatever the pages did', () => {
    const pages: SyncNotification[][] = [
      [
        { kind: 'offlineMsgs', messages: [message('o1')] },
        { kind: 'donnop', donnop: 'first' },
        { kind: 'blacklist', relations: [], removed: ['a'] },
      ],
      [
        { kind: 'donnop', donnop: 'second' },
        { kind: 'sessionsWithMoreRoaming', sessionIds: ['p2p-a'] },
        { kind: 'offlineMsgs', messages: [message('o2')] },
      ],
    ];
    const combined = combinePageNotifications(pages);
    expect(combined.map((n) => n.kind)).toEqual(SYNC_NOTIFY_ORDER.filter((k) => ['offlineMsgs', 'donnop', 'blacklist', 'sessionsWithMoreRoaming'].includes(k)));
    expect(combined.find((n) => n.kind === 'donnop')).toEqual({ kind: 'donnop', donnop: 'second' });
    const offline = combined.find((n) => n.kind === 'offlineMsgs');
    expect(offline?.kind === 'offlineMsgs' && offline.messages.map((m) => m.idClient)).toEqual(['o1', 'o2']);
  });
});
