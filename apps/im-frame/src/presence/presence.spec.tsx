// Online status and broadcasts (issue 32 §7).
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryStore, type ImBroadcastMsg, type ImEvent } from '@merchant/im-core';
import { ImPresencePort, ONLINE_STATE_EVENT_TYPE, presenceOf, type PresenceEventSource } from './presence-port';
import { StoreBroadcastsPort, type BroadcastSource } from './broadcasts-port';
import { BroadcastBanner } from './broadcast-banner';
import { SessionsPane } from '../sessions/sessions-pane';
import { renderWithChat, renderWithI18n } from '../test/render-frame';
import { FakeChatClient, sampleSession } from '../test/fake-chat-client';

/** The client's events as ImClient (or the multi-tab leader) raises them. */
class EventSource implements PresenceEventSource, BroadcastSource {
  private readonly listeners = new Map<string, Set<(value: never) => void>>();
  on(event: string, listener: (value: never) => void): () => void {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener);
    this.listeners.set(event, set);
    return () => set.delete(listener);
  }
  fire(event: 'event' | 'state' | 'broadcastMsgs', value: unknown): void {
    for (const listener of this.listeners.get(event) ?? []) (listener as (value: unknown) => void)(value);
  }
}

const NOW = Date.now();
const online = (account: string, value: number, time = NOW, type = ONLINE_STATE_EVENT_TYPE): ImEvent => ({ account, type, value, idClient: '', idServer: `e-${account}-${time}`, time, validTime: 3600 });

describe('ImPresencePort', () => {
  it('subscribes at most 100 accounts a call to event type 1 with the current events pushed, and passes only type 1 on', async () => {
    const source = new EventSource();
    const requests: { accounts: string[]; type: number; sync: boolean; subscribeTime: number }[] = [];
    const port = new ImPresencePort(source, async (body) => void requests.push(body));
    await port.subscribe([...Array.from({ length: 150 }, (_, i) => `c_${i}`), 'c_0']);
    expect(requests.map((r) => r.accounts.length)).toEqual([100, 50]);
    expect(requests[0]).toMatchObject({ type: 1, sync: true, subscribeTime: 86400 });
    const heard: string[] = [];
    port.onEvent((event) => heard.push(`${event.account}:${event.value}`));
    source.fire('event', online('c_1', 1));
    source.fire('event', online('c_2', 1, NOW, 7));
    expect(heard).toEqual(['c_1:1']);
  });

  it('reads value 1 as online, 2 and 3 as offline, and an expired event as unknown', () => {
    expect(presenceOf(online('a', 1), NOW)).toBe('online');
    expect(presenceOf(online('a', 2), NOW)).toBe('offline');
    expect(presenceOf(online('a', 3), NOW)).toBe('offline');
    expect(presenceOf(online('a', 1, NOW - 3600_000), NOW)).toBeUndefined();
  });
});

class PresenceClient extends FakeChatClient {
  readonly source = new EventSource();
  readonly subscribed: string[][] = [];
  readonly presence = new ImPresencePort(this.source, async (body) => void this.subscribed.push(body.accounts));
}

describe('online dots on the conversation list', () => {
  it('subscribes to the recent customers once connected (not to teams), and shows each one as online or offline in words and as a dot', async () => {
    const client = new PresenceClient();
    client.sessions.set('p2p-c_alice', sampleSession({ peerAccount: 'c_alice', peerNick: 'Alice', updateTime: 3 }));
    client.sessions.set('p2p-c_bob', sampleSession({ peerAccount: 'c_bob', peerNick: 'Bob', updateTime: 2 }));
    client.sessions.set('team-t1', { ...sampleSession({ peerAccount: 't1', peerNick: 'Team', updateTime: 1 }), id: 'team-t1', scene: 'team' });
    const { controller } = renderWithChat(<SessionsPane onOpen={() => undefined} />, { client });
    await act(() => controller.start());
    await waitFor(() => expect(client.subscribed).toEqual([['c_alice', 'c_bob']]));

    act(() => client.source.fire('event', online('c_alice', 1)));
    act(() => client.source.fire('event', online('c_bob', 2)));
    const alice = screen.getByTestId('session-item-c_alice');
    expect(within(alice).getByTestId('session-presence')).toHaveAttribute('data-presence', 'online');
    expect(alice).toHaveAccessibleName(/^Alice\s*, online/);
    expect(within(screen.getByTestId('session-item-c_bob')).getByTestId('session-presence')).toHaveAttribute('data-presence', 'offline');
    expect(within(screen.getByTestId('session-item-t1')).queryByTestId('session-presence')).not.toBeInTheDocument();

    // An older event arriving late does not undo a newer one; a new login subscribes again.
    act(() => client.source.fire('event', online('c_alice', 2, NOW - 1000)));
    expect(within(alice).getByTestId('session-presence')).toHaveAttribute('data-presence', 'online');
    act(() => client.source.fire('state', 'loggedIn'));
    act(() => client.emit('state', { phase: 'reconnecting' }));
    act(() => client.emit('state', { phase: 'connected' }));
    await waitFor(() => expect(client.subscribed).toEqual([['c_alice', 'c_bob'], ['c_alice', 'c_bob']]));
  });
});

describe('BroadcastBanner', () => {
  it('shows announcements one at a time as plain text, kept across a reload until dismissed', async () => {
    const user = userEvent.setup({ delay: null });
    const store = new MemoryStore();
    const source = new EventSource();
    const port = new StoreBroadcastsPort(store, source);
    const broadcasts: ImBroadcastMsg[] = [
      { broadcastId: 'b2', time: NOW - 1000, body: 'Maintenance tonight <img src=x onerror=alert(1)>' },
      { broadcastId: 'b1', time: NOW - 2000, body: 'New fee rules from Monday' },
    ];
    source.fire('broadcastMsgs', broadcasts);
    await port.settled();
    const view = renderWithI18n(<BroadcastBanner broadcasts={port} now={NOW} />);
    const banner = await screen.findByTestId('broadcast-banner');
    expect(banner).toHaveAccessibleName('Announcement (1 of 2)');
    expect(within(banner).getByTestId('broadcast-text')).toHaveTextContent('New fee rules from Monday');
    await user.click(within(banner).getByRole('button', { name: 'Dismiss announcement' }));
    await waitFor(() => expect(screen.getByTestId('broadcast-text')).toHaveTextContent('Maintenance tonight <img src=x onerror=alert(1)>'));
    expect(screen.getByTestId('broadcast-banner').querySelector('img')).toBeNull();
    view.unmount();

    // A reload: a new port on the same store still has the one not dismissed.
    const reloaded = new StoreBroadcastsPort(store, new EventSource());
    renderWithI18n(<BroadcastBanner broadcasts={reloaded} now={NOW} />, 'zh-CN');
    const again = await screen.findByTestId('broadcast-banner');
    expect(again).toHaveAccessibleName('平台公告');
    await user.click(within(again).getByRole('button', { name: '关闭公告' }));
    await waitFor(() => expect(screen.queryByTestId('broadcast-banner')).not.toBeInTheDocument());
    expect(await reloaded.list()).toEqual([]);
  });

  it('keeps a repeated broadcast once and skips empty ones', async () => {
    const source = new EventSource();
    const port = new StoreBroadcastsPort(new MemoryStore(), source);
    source.fire('broadcastMsgs', [{ broadcastId: 'b1', time: 1, body: 'hello' }]);
    source.fire('broadcastMsgs', [{ broadcastId: 'b1', time: 1, body: 'hello' }, { broadcastId: 'b2', time: 2, body: '  ' }]);
    await port.settled();
    expect((await port.list()).map((b) => b.id)).toEqual(['b1']);
  });
});
