// The signed-in shell on the real manifest: tags bar, menu, sidebar, badge, language, log out.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import i18next from 'i18next';
import { renderSignedIn, waitForPath, FRAME_ORIGIN } from '../../test/renderConsole';
import { DEMO_OWNER, DEMO_USER } from '../../test/fakeStoreServer';
import { ACCESS_TOKEN_KEY } from '../features/auth/tokenStorage';
import { LANGUAGE_STORAGE_KEY } from '../app/i18n';
import { SIDEBAR_OPENED_KEY } from './sidebarStorage';
import { badgeText } from './MessageCentreButton';

function postFromFrame(data: unknown, origin = FRAME_ORIGIN) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin }));
  });
}

describe('tags bar', () => {
  it('pins the dashboard tag: no close button, and "close" disabled in its context menu', async () => {
    await renderSignedIn({ user: DEMO_OWNER });
    const dashboardTag = await screen.findByTestId('tag-/dashboard');
    expect(within(dashboardTag).queryByLabelText(/^Close/)).not.toBeInTheDocument();
    fireEvent.contextMenu(dashboardTag);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Close' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(menu).getByRole('menuitem', { name: 'Refresh' })).toBeInTheDocument();
  });

  it('closes a visited view and returns to the remaining one', async () => {
    const { user, location } = await renderSignedIn({ user: DEMO_OWNER });
    await user.click(screen.getByTestId('nav-message'));
    const messageTag = await screen.findByTestId('tag-/message/message');
    await user.click(within(messageTag).getByLabelText('Close Messages'));
    await waitForPath(location, '/dashboard');
    expect(screen.queryByTestId('tag-/message/message')).not.toBeInTheDocument();
    expect(screen.getByTestId('tag-/dashboard')).toBeInTheDocument();
  });

  it('"close all" from the context menu keeps only the affixed dashboard', async () => {
    const { user, location } = await renderSignedIn({ user: DEMO_OWNER });
    await user.click(screen.getByTestId('nav-message'));
    fireEvent.contextMenu(await screen.findByTestId('tag-/message/message'));
    await user.click(await screen.findByRole('menuitem', { name: 'Close all' }));
    await waitForPath(location, '/dashboard');
    expect(screen.queryByTestId('tag-/message/message')).not.toBeInTheDocument();
    expect(screen.getByTestId('tag-/dashboard')).toBeInTheDocument();
  });

  it('"close others" keeps the chosen view and the dashboard', async () => {
    const { user, location } = await renderSignedIn({ user: DEMO_OWNER });
    await user.click(screen.getByTestId('nav-message'));
    fireEvent.contextMenu(await screen.findByTestId('tag-/dashboard'));
    await user.click(await screen.findByRole('menuitem', { name: 'Close others' }));
    await waitForPath(location, '/dashboard');
    expect(screen.queryByTestId('tag-/message/message')).not.toBeInTheDocument();
  });

  it('"refresh" remounts the page in place', async () => {
    const { user, location } = await renderSignedIn({ user: DEMO_OWNER });
    const greeting = await screen.findByTestId('dashboard-greeting');
    fireEvent.contextMenu(screen.getByTestId('tag-/dashboard'));
    await user.click(await screen.findByRole('menuitem', { name: 'Refresh' }));
    await waitFor(() => expect(screen.getByTestId('dashboard-greeting')).not.toBe(greeting));
    expect(location()).toBe('/dashboard');
  });
});

describe('navbar', () => {
  it('caps the unread badge at 99', async () => {
    await renderSignedIn({ user: DEMO_OWNER });
    postFromFrame({ source: 'merchant-im-frame', type: 'unread', payload: { total: 7 } });
    expect(await screen.findByTestId('message-badge')).toHaveTextContent('7');
    postFromFrame({ source: 'merchant-im-frame', type: 'unread', payload: { total: 150 } });
    await waitFor(() => expect(screen.getByTestId('message-badge')).toHaveTextContent('99+'));
    expect(screen.getByTestId('nav-message')).toHaveAccessibleName('Message centre, 150 unread');
  });

  it('formats badge counts: empty for 0, up to 99, then 99+', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });

  it('logs out through the user menu: logout {accessToken}, token cleared, /login', async () => {
    const { user, location, server } = await renderSignedIn({ user: DEMO_OWNER });
    await user.click(screen.getByTestId('user-menu'));
    // My wallet has its screen (issue 29) and the owner holds wallet:view: offered, enabled.
    expect(screen.getByRole('menuitem', { name: /My wallet/ })).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('menuitem', { name: /My wallet/ })).not.toHaveTextContent('not available yet');
    await user.click(screen.getByTestId('user-menu-logout'));
    await waitForPath(location, '/login');
    expect(server.callsTo('/logout')[0].biz).toEqual({ accessToken: DEMO_USER.token });
    expect(window.sessionStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });

  it('offers my wallet only to holders of wallet:view', async () => {
    const noWallet = { ...DEMO_OWNER, info: { ...DEMO_OWNER.info, permissions: (DEMO_OWNER.info.permissions as string[]).filter((code) => code !== 'wallet:view') } };
    const { user } = await renderSignedIn({ user: noWallet });
    await user.click(screen.getByTestId('user-menu'));
    expect(screen.getByRole('menuitem', { name: /Account management/ })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /My wallet/ })).not.toBeInTheDocument();
  });

  it('switches the language and remembers it', async () => {
    const { user } = await renderSignedIn({ user: DEMO_OWNER });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), '简体中文');
    expect(await screen.findByTestId('tag-/dashboard')).toHaveTextContent('首页');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('zh-CN');
  });

  it('toggles the sidebar and persists its state', async () => {
    const { user } = await renderSignedIn({ user: DEMO_OWNER });
    expect(screen.getByTestId('sidebar')).toHaveAttribute('data-state', 'open');
    expect(within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    await user.click(screen.getByTestId('sidebar-toggle'));
    expect(screen.getByTestId('sidebar')).toHaveAttribute('data-state', 'collapsed');
    expect(window.localStorage.getItem(SIDEBAR_OPENED_KEY)).toBe('0');
  });
});

describe('the areas\' texts that come with the layout', () => {
  // i18next's resource store is an event emitter; the announcement of the silently added texts is an
  // 'added' event with no resources. Every screen that listens for it re-renders with a new `t`.
  function listenersAtAnnouncement() {
    const probe = i18next.createInstance();
    void probe.init({ resources: {}, initAsync: false, showSupportNotice: false });
    const emitter = Object.getPrototypeOf(Object.getPrototypeOf(probe.store)) as { emit: (event: string, ...args: unknown[]) => void };
    const counts: number[] = [];
    const original = emitter.emit;
    const spy = jest.spyOn(emitter, 'emit').mockImplementation(function (this: { observers: Record<string, Map<unknown, number>> }, event, ...args) {
      if (event === 'added' && args[2] && Object.keys(args[2] as object).length === 0) counts.push(this.observers.added?.size ?? 0);
      return original.call(this, event, ...args);
    });
    return { counts, restore: () => spy.mockRestore() };
  }

  it('reach the document title, and only the screens rendered before the layout re-render for them', async () => {
    const listeners = listenersAtAnnouncement();
    try {
      await renderSignedIn({ user: DEMO_OWNER });
      await waitFor(() => expect(document.title).toBe('Dashboard - Merchant Service Platform'));
      // Announced once, before the layout's own screens (sidebar, navbar, tags bar, the page) listen:
      // announced after them, all of those re-rendered, on the goods list with the grid's rows again.
      expect(listeners.counts).toHaveLength(1);
      expect(listeners.counts[0]).toBeLessThanOrEqual(2);
    } finally {
      listeners.restore();
    }
  });
});

describe('mobile layout (under 992px)', () => {
  const realMatchMedia = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = (query: string) =>
      ({
        matches: query.includes('max-width:991.98px'),
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList;
  });
  afterEach(() => {
    window.matchMedia = realMatchMedia;
  });

  it('opens the sidebar as a drawer and closes it on route change', async () => {
    const { user, location } = await renderSignedIn({ user: DEMO_OWNER, path: '/message/message' });
    expect(document.querySelector('[data-layout="mobile"]')).not.toBeNull();
    await user.click(screen.getByTestId('sidebar-toggle'));
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    await user.click(within(menu).getByRole('link', { name: 'Dashboard' }));
    await waitForPath(location, '/dashboard');
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument());
  });

  it('closes the drawer after tapping the page already shown', async () => {
    const { user, location } = await renderSignedIn({ user: DEMO_OWNER });
    await user.click(screen.getByTestId('sidebar-toggle'));
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    await user.click(within(menu).getByRole('link', { name: 'Dashboard' }));
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument());
    expect(location()).toBe('/dashboard');
  });
});
