// Renders the whole console (manifest, guard, shell) on a memory router, wired to the real
// secure client in mode 'none' whose fetch is the fake store server.
import { render, screen, waitFor } from '@testing-library/react';
import { setupUser } from './userEvents';
import { createMemoryRouter } from 'react-router';
import { createSecureClient } from '@merchant/secure-transport';
import { createConsole } from '../src/app/createConsole';
import type { RuntimeConfig } from '../src/app/runtimeConfig';
import { ACCESS_TOKEN_KEY } from '../src/features/auth/tokenStorage';
import { createFakeStoreServer, DEMO_USER, type FakeStoreServer, type FakeUser } from './fakeStoreServer';

export const TEST_CONFIG: RuntimeConfig = {
  apiBase: 'http://127.0.0.1:3100',
  imFrameUrl: 'http://127.0.0.1:4300',
  imAppKey: 'merchant-im',
  securityMode: 'none',
};
export const FRAME_ORIGIN = 'http://127.0.0.1:4300';

export interface RenderConsoleOptions {
  path?: string;
  server?: FakeStoreServer;
  /** Start signed in with this token (session storage, as without "remember me"). */
  token?: string;
  timeoutMs?: number;
}

export function renderConsole(options: RenderConsoleOptions = {}) {
  const server = options.server ?? createFakeStoreServer();
  if (options.token) window.sessionStorage.setItem(ACCESS_TOKEN_KEY, options.token);
  const app = createConsole({
    config: TEST_CONFIG,
    language: 'en-US',
    createClient: ({ reactions, translate }) =>
      createSecureClient({ baseUrl: TEST_CONFIG.apiBase, mode: 'none', fetch: server.fetch, reactions, translate, timeoutMs: options.timeoutMs }),
    createRouter: (routes, discovery) => createMemoryRouter(routes, { initialEntries: [options.path ?? '/'], ...discovery }),
  });
  const user = setupUser();
  const view = render(app.element);
  const location = () => `${app.router.state.location.pathname}${app.router.state.location.search}`;
  return { ...app, ...view, server, user, location };
}

export async function waitForPath(location: () => string, expected: string): Promise<void> {
  // Generous: the first visit of a route loads (transforms) its lazy chunk, slow on a loaded machine.
  await waitFor(() => expect(location()).toBe(expected), { timeout: 10_000 });
}

/** Renders signed in as the demo user (or `user`, e.g. DEMO_OWNER with every code) and waits for the dashboard. */
export async function renderSignedIn(options: RenderConsoleOptions & { user?: FakeUser } = {}) {
  const { user: signedIn = DEMO_USER, ...rest } = options;
  // A given user without a given server gets a fake server that knows only them.
  const server = rest.server ?? (options.user ? createFakeStoreServer([signedIn]) : undefined);
  const rendered = renderConsole({ token: signedIn.token, path: '/dashboard', ...rest, server });
  await screen.findByTestId('user-menu', undefined, { timeout: 10_000 });
  return rendered;
}
