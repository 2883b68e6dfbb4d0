// Route guard behaviour of console-spec §2 and §8, on the real manifest.
import { screen, waitFor } from '@testing-library/react';
import { renderConsole, waitForPath } from '../../test/renderConsole';
import { DEMO_USER, createFakeStoreServer, ok } from '../../test/fakeStoreServer';
import { USER_LOAD_RETRY_DELAYS_MS } from '../features/auth/session';
import { ACCESS_TOKEN_KEY } from '../features/auth/tokenStorage';

describe('route guards', () => {
  it('sends a signed-out visitor of a non-public path to /login?redirect={path}', async () => {
    const { location } = renderConsole({ path: '/dashboard' });
    await waitForPath(location, '/login?redirect=/dashboard');
    expect(await screen.findByTestId('login-username')).toBeInTheDocument();
  });

  it('keeps the query of the requested path in the redirect value', async () => {
    const { location } = renderConsole({ path: '/message?tab=1' });
    await waitForPath(location, '/login?redirect=/message%3Ftab%3D1');
  });

  it('opens public paths without a token', async () => {
    const { location } = renderConsole({ path: '/registered/resetSuccess' });
    expect(await screen.findByTestId('reset-success')).toBeInTheDocument();
    expect(location()).toBe('/registered/resetSuccess');
  });

  it('redirects / to /dashboard for a signed-in user', async () => {
    const { location } = renderConsole({ path: '/', token: DEMO_USER.token });
    await waitForPath(location, '/dashboard');
    expect(await screen.findByTestId('dashboard-greeting')).toHaveTextContent('Hello, Demo Owner');
  });

  it('sends a signed-in user with store status 2 away from /login to /', async () => {
    const { location } = renderConsole({ path: '/login', token: DEMO_USER.token });
    await waitForPath(location, '/dashboard');
  });

  it('sends unknown paths to /404 inside the layout, showing the typed address and a way back', async () => {
    const { location } = renderConsole({ path: '/no/such/page?x=1', token: DEMO_USER.token });
    await waitForPath(location, '/404?from=%2Fno%2Fsuch%2Fpage%3Fx%3D1');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByTestId('not-found-address')).toHaveTextContent('/no/such/page?x=1');
    expect(screen.getByTestId('sidebar')).toBeInTheDocument();
    expect(screen.getByTestId('not-found-home')).toHaveAttribute('href', '/dashboard');
  });

  it('sends a signed-out visitor of an unknown path to sign-in first, keeping the typed path', async () => {
    const { location } = renderConsole({ path: '/no/such/page' });
    await waitForPath(location, '/login?redirect=/no/such/page');
  });

  it('sends a not-entitled store (status 1) to the review page showing its status', async () => {
    const reviewing = { ...DEMO_USER, token: 'token-review', info: { ...DEMO_USER.info, storeStatus: 1 } };
    const { location } = renderConsole({ path: '/dashboard', token: reviewing.token, server: createFakeStoreServer([reviewing]) });
    await waitForPath(location, '/registered/resultReg');
    expect(await screen.findByTestId('review-status')).toHaveTextContent('under review');
  });

  it('lets a disabled store (status 4) in, with the persistent warning and its reason', async () => {
    const disabled = { ...DEMO_USER, token: 'token-disabled', info: { ...DEMO_USER.info, storeStatus: 4, forbiddenReason: 'expired licence' } };
    const { location } = renderConsole({ path: '/dashboard', token: disabled.token, server: createFakeStoreServer([disabled]) });
    const warning = await screen.findByTestId('store-disabled-warning');
    expect(warning).toHaveTextContent('cannot publish goods');
    expect(warning).toHaveTextContent('Reason: expired licence');
    expect(location()).toBe('/dashboard');
  });

  it('on a user-info identity failure (10302006) clears the token, shows the §8 identity text and redirects to /login?redirect=', async () => {
    const { location } = renderConsole({ path: '/dashboard', token: 'stale-token' });
    await waitForPath(location, '/login?redirect=/dashboard');
    const identityText = 'authentication failed, please sign in again, contact the administrator if it persists';
    expect(await screen.findByTestId('notification')).toHaveTextContent(identityText);
    expect(screen.getByTestId('notification')).not.toHaveTextContent('token expired');
    expect(await screen.findByTestId('login-error')).toHaveTextContent(identityText);
    expect(window.sessionStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });

  it('a user-info load that does not get through is tried again; the merchant stays signed in', async () => {
    const server = createFakeStoreServer();
    const answer = { ...DEMO_USER.info, accessToken: DEMO_USER.token };
    let attempts = 0;
    server.on('/v1/store/eshop/store/user/getUserByToken', () => {
      attempts += 1;
      // What the browser's fetch does to a call the page's own navigation aborted: it rejects, no answer.
      if (attempts < 3) throw new TypeError('Failed to fetch');
      return ok(answer);
    });
    const { location } = renderConsole({ path: '/dashboard', token: DEMO_USER.token, server });
    await screen.findByTestId('user-menu', undefined, { timeout: 10_000 });
    expect(attempts).toBe(3);
    expect(location()).toBe('/dashboard');
    expect(window.sessionStorage.getItem(ACCESS_TOKEN_KEY)).toBe(DEMO_USER.token);
  });

  it('when every user-info attempt fails to get through, the token is cleared and the network error shown', async () => {
    const server = createFakeStoreServer();
    server.on('/v1/store/eshop/store/user/getUserByToken', () => {
      throw new TypeError('Failed to fetch');
    });
    const { location } = renderConsole({ path: '/dashboard', token: DEMO_USER.token, server });
    await waitForPath(location, '/login?redirect=/dashboard');
    expect(server.callsTo('/getUserByToken')).toHaveLength(1 + USER_LOAD_RETRY_DELAYS_MS.length);
    expect(await screen.findByTestId('login-error')).toHaveTextContent('network error, please retry');
    expect(window.sessionStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });

  it('on another user-info failure shows the server msg', async () => {
    const server = createFakeStoreServer();
    server.on('/v1/store/eshop/store/user/getUserByToken', () => ({ code: '20000001', msg: 'user service down' }));
    const { location } = renderConsole({ path: '/dashboard', token: DEMO_USER.token, server });
    await waitForPath(location, '/login?redirect=/dashboard');
    expect(await screen.findByTestId('login-error')).toHaveTextContent('user service down');
  });

  it('titles the document from the route handle', async () => {
    renderConsole({ path: '/dashboard', token: DEMO_USER.token });
    await waitFor(() => expect(document.title).toBe('Dashboard - Merchant Service Platform'));
  });
});
