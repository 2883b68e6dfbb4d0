/** @jest-environment-options {"styles": "all"} */
// Issue 7 shell behaviours on the real manifest: help centre, size and theme settings, the menu, tabs
// that survive a reload and keep their state, the mobile drawer. Store init: app/storeInit.spec.tsx.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderSignedIn, waitForPath } from '../../test/renderConsole';
import { DEMO_OWNER } from '../../test/fakeStoreServer';
import { LAYOUT_SIZE_KEY, THEME_MODE_KEY } from './preferences';
import { VISITED_TAGS_KEY } from './tagsStorage';
import { createConsoleTheme } from '../app/theme';

describe('navbar settings', () => {
  it('has a help-centre icon that opens /help/help with its topics', async () => {
    const { user, location } = await renderSignedIn({ user: DEMO_OWNER });
    await user.click(screen.getByTestId('nav-help'));
    await waitForPath(location, '/help/help');
    expect(await screen.findByRole('heading', { name: 'Help centre', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'How do I sign in, and what if I forgot my password?' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByTestId('tag-/help/help')).toHaveTextContent('Help centre');
  });

  it('offers default, medium, small and mini sizes, medium first; the choice resizes MUI controls and persists', async () => {
    const { user } = await renderSignedIn({ user: DEMO_OWNER });
    expect(screen.getByTestId('user-menu')).toHaveClass('MuiButton-sizeMedium');
    await user.click(screen.getByRole('button', { name: 'Layout size' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitemradio').map((item) => item.textContent)).toEqual(['Default', 'Medium', 'Small', 'Mini']);
    expect(within(menu).getByRole('menuitemradio', { name: 'Medium' })).toHaveAttribute('aria-checked', 'true');
    await user.click(within(menu).getByRole('menuitemradio', { name: 'Small' }));
    await waitFor(() => expect(screen.getByTestId('user-menu')).toHaveClass('MuiButton-sizeSmall'));
    expect(window.localStorage.getItem(LAYOUT_SIZE_KEY)).toBe('small');
  });

  it('switches to the dark theme and remembers it across a reload', async () => {
    const { user } = await renderSignedIn({ user: DEMO_OWNER });
    await user.click(screen.getByRole('button', { name: 'Switch to the dark theme' }));
    expect(window.localStorage.getItem(THEME_MODE_KEY)).toBe('dark');
    cleanup();
    await renderSignedIn({ user: DEMO_OWNER });
    expect(screen.getByRole('button', { name: 'Switch to the light theme' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('draws a 3px focus ring on keyboard focus', () => {
    const theme = createConsoleTheme({ mode: 'light', size: 'medium' });
    const root = theme.components?.MuiButtonBase?.styleOverrides?.root as (props: { theme: typeof theme }) => Record<string, unknown>;
    expect(root({ theme })['&.Mui-focusVisible']).toEqual({ outline: `3px solid ${theme.palette.primary.main}`, outlineOffset: 2 });
  });
});

describe('sidebar', () => {
  it('lists the help centre but not the hidden chat route, which the navbar icon opens; wraps (not cuts) the English site title', async () => {
    await renderSignedIn({ user: DEMO_OWNER });
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    // console-spec §2: /message/message is a hidden route.
    expect(within(menu).queryByRole('link', { name: 'Messages' })).not.toBeInTheDocument();
    expect(screen.getByTestId('nav-message')).toHaveAttribute('href', '/message/message');
    expect(within(menu).getByRole('link', { name: 'Help centre' })).toHaveAttribute('href', '/help/help');
    expect(screen.getByTestId('sidebar-title')).not.toHaveClass('MuiTypography-noWrap');
  });
});

describe('navbar and breadcrumb', () => {
  it('draws the §9 measures: sidebar 240px, navbar 70px, tags bar 46px', async () => {
    await renderSignedIn({ user: DEMO_OWNER });
    expect(getComputedStyle(screen.getByTestId('sidebar')).width).toBe('240px');
    expect(getComputedStyle(screen.getByRole('banner')).height).toBe('70px');
    expect(getComputedStyle(screen.getByTestId('tags-bar')).height).toBe('46px');
  });

  it('shows the breadcrumb from the route titles, the dashboard first', async () => {
    const { user } = await renderSignedIn({ user: DEMO_OWNER });
    await user.click(screen.getByTestId('nav-help'));
    const breadcrumb = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    await waitFor(() => expect(within(breadcrumb).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Dashboard', 'Help centre', 'Help centre']));
    expect(within(breadcrumb).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
  });
});

describe('tags bar across reloads and switches', () => {
  it('restores the visited tags after a reload', async () => {
    const { user } = await renderSignedIn({ user: DEMO_OWNER });
    await user.click(screen.getByTestId('nav-help'));
    await screen.findByTestId('tag-/help/help');
    expect(JSON.parse(window.sessionStorage.getItem(VISITED_TAGS_KEY) ?? '[]')).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: '/help/help', titleKey: 'help.title' })]),
    );
    cleanup();
    await renderSignedIn({ user: DEMO_OWNER });
    expect(screen.getByTestId('tag-/help/help')).toBeInTheDocument();
    expect(screen.getByTestId('tag-/dashboard')).toBeInTheDocument();
  });

  it('keys tags by path: the same page with another query stays one tag that remembers the query', async () => {
    const { router, user, location } = await renderSignedIn({ user: DEMO_OWNER });
    await act(() => router.navigate('/help/help?topic=tabs'));
    await screen.findByTestId('tag-/help/help');
    await act(() => router.navigate('/help/help'));
    await act(() => router.navigate('/help/help?topic=size'));
    expect(screen.getAllByTestId(/^tag-\/help/)).toHaveLength(1);
    await user.click(screen.getByTestId('tag-/dashboard'));
    await user.click(screen.getByTestId('tag-/help/help'));
    await waitForPath(location, '/help/help?topic=size');
  });

  it('keeps a view mounted when switching tabs (its state survives), and "refresh" resets it', async () => {
    const { user } = await renderSignedIn({ user: DEMO_OWNER });
    await user.click(screen.getByTestId('nav-help'));
    const firstTopic = await screen.findByRole('button', { name: 'How do I sign in, and what if I forgot my password?' });
    await user.click(firstTopic);
    expect(firstTopic).toHaveAttribute('aria-expanded', 'false');
    await user.click(screen.getByTestId('tag-/dashboard'));
    await screen.findByTestId('dashboard-greeting');
    await user.click(screen.getByTestId('tag-/help/help'));
    expect(await screen.findByRole('button', { name: 'How do I sign in, and what if I forgot my password?' })).toHaveAttribute('aria-expanded', 'false');
    fireEvent.contextMenu(screen.getByTestId('tag-/help/help'));
    await user.click(await screen.findByRole('menuitem', { name: 'Refresh' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'How do I sign in, and what if I forgot my password?' })).toHaveAttribute('aria-expanded', 'true'),
    );
  });

});
