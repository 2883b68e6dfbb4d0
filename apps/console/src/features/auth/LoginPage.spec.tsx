// Sign-in (console-spec §5 validation, §7 calls, §8 failures, §9 token storage).
import { screen, waitFor, within } from '@testing-library/react';
import { renderConsole, waitForPath } from '../../../test/renderConsole';
import { DEMO_USER, createFakeStoreServer } from '../../../test/fakeStoreServer';
import { ACCESS_TOKEN_KEY } from './tokenStorage';

async function fillLogin(rendered: ReturnType<typeof renderConsole>, userName: string, password: string) {
  const { user } = rendered;
  if (userName) await user.type(await screen.findByTestId('login-username'), userName);
  if (password) await user.type(screen.getByTestId('login-password'), password);
}

describe('login page', () => {
  it('shows inline messages for empty fields and sends nothing', async () => {
    const rendered = renderConsole({ path: '/login' });
    await rendered.user.click(await screen.findByTestId('login-submit'));
    // The login contract's rules, said by the form kit with the fields' labels.
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByTestId('login-username')).toHaveAttribute('aria-invalid', 'true');
    expect(rendered.server.callsTo('/login')).toHaveLength(0);
  });

  it.each([
    ['abc12', 'user name must be 6 to 20 letters, digits, underscores or hyphens'],
    ['a'.repeat(21), 'user name must be 6 to 20 letters, digits, underscores or hyphens'],
    ['bad name!', 'user name must be 6 to 20 letters, digits, underscores or hyphens'],
  ])('rejects the username %p', async (userName, message) => {
    const rendered = renderConsole({ path: '/login' });
    await fillLogin(rendered, userName, 'Demo12345');
    await rendered.user.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(rendered.server.callsTo('/login')).toHaveLength(0);
  });

  it.each([
    ['Ab1', 'Password must be at least 8 characters'],
    [`A1${'b'.repeat(31)}`, 'Password must be at most 32 characters'],
    ['onlyletters', 'password must contain at least one digit'],
    ['12345678', 'password must contain at least one letter'],
  ])('rejects the password %p', async (password, message) => {
    const rendered = renderConsole({ path: '/login' });
    await fillLogin(rendered, 'demo_merchant', password);
    await rendered.user.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(rendered.server.callsTo('/login')).toHaveLength(0);
  });

  it('shows the server message on wrong credentials and stores no token', async () => {
    const rendered = renderConsole({ path: '/login' });
    await fillLogin(rendered, 'demo_merchant', 'Wrong12345');
    await rendered.user.click(screen.getByTestId('login-submit'));
    expect(await screen.findByTestId('login-error')).toHaveTextContent('wrong username or password');
    expect(window.sessionStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(window.localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(rendered.location()).toBe('/login');
    expect(rendered.server.callsTo('/getUserByToken')).toHaveLength(0);
  });

  it('trims the username, keeps the token in session storage without remember me, and opens the dashboard', async () => {
    const rendered = renderConsole({ path: '/login' });
    await fillLogin(rendered, '  demo_merchant  ', DEMO_USER.password);
    await rendered.user.click(screen.getByTestId('login-submit'));
    await waitForPath(rendered.location, '/dashboard');
    expect(rendered.server.callsTo('/login')[0].biz).toEqual({ userName: 'demo_merchant', password: DEMO_USER.password });
    expect(rendered.server.callsTo('/getUserByToken')[0].biz).toEqual({ token: DEMO_USER.token });
    expect(window.sessionStorage.getItem(ACCESS_TOKEN_KEY)).toBe(DEMO_USER.token);
    expect(window.localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(rendered.store.getState().auth.user?.roles).toEqual(['admin']);
  });

  it('keeps the token in local storage with remember me and goes to the redirect target', async () => {
    const rendered = renderConsole({ path: '/login?redirect=/message/message' });
    await fillLogin(rendered, DEMO_USER.userName, DEMO_USER.password);
    await rendered.user.click(screen.getByTestId('login-remember'));
    await rendered.user.click(screen.getByTestId('login-submit'));
    await waitForPath(rendered.location, '/message/message');
    expect(window.localStorage.getItem(ACCESS_TOKEN_KEY)).toBe(DEMO_USER.token);
    expect(window.sessionStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });

  it('ignores a redirect target that leaves the site', async () => {
    const rendered = renderConsole({ path: '/login?redirect=//evil.example/x' });
    await fillLogin(rendered, DEMO_USER.userName, DEMO_USER.password);
    await rendered.user.click(screen.getByTestId('login-submit'));
    await waitForPath(rendered.location, '/dashboard');
  });

  it('refuses a user without roles with "roles must be a non-empty array" and forgets the token', async () => {
    const roleless = { ...DEMO_USER, info: { ...DEMO_USER.info, roles: [] } };
    const rendered = renderConsole({ path: '/login', server: createFakeStoreServer([roleless]) });
    await fillLogin(rendered, roleless.userName, roleless.password);
    await rendered.user.click(screen.getByTestId('login-submit'));
    expect(await screen.findByTestId('login-error')).toHaveTextContent('roles must be a non-empty array');
    expect(window.sessionStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(rendered.location()).toBe('/login');
  });

  it('sends a store that is not approved (status 3) to the review page', async () => {
    const rejected = { ...DEMO_USER, info: { ...DEMO_USER.info, storeStatus: 3 } };
    const rendered = renderConsole({ path: '/login', server: createFakeStoreServer([rejected]) });
    await fillLogin(rendered, rejected.userName, rejected.password);
    await rendered.user.click(screen.getByTestId('login-submit'));
    await waitForPath(rendered.location, '/registered/resultReg');
    expect(await screen.findByTestId('review-status')).toHaveTextContent('rejected');
    await rendered.user.click(screen.getByRole('button', { name: 'Switch account' }));
    await waitForPath(rendered.location, '/login');
    await waitFor(() => expect(window.sessionStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull());
  });

  it('after a 10103003 answer, solving the graphic verification continues the sign-in with its key, without a stale alert', async () => {
    const server = createFakeStoreServer();
    server.on('/v1/store/eshop/store/user/login', ({ biz }) =>
      biz.captchaKey === 'image-7'
        ? { code: '00000000', msg: 'ok', data: { accessToken: DEMO_USER.token, storeStatus: 2 } }
        : { code: '10103003', msg: 'please complete the graphic verification', errInfo: { value: 'data:image/svg+xml;base64,AA', key: 'image-7' } },
    );
    server.on('/v1/store/eshop/store/user/checkCaptchaCode', () => ({ code: '00000000', msg: 'ok', data: { verified: true } }));
    const rendered = renderConsole({ path: '/login', server });
    await fillLogin(rendered, DEMO_USER.userName, DEMO_USER.password);
    await rendered.user.click(screen.getByTestId('login-submit'));
    const dialog = await screen.findByRole('dialog', { name: 'Graphic verification' });
    expect(screen.queryByTestId('login-error')).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    await rendered.user.type(within(dialog).getByTestId('captcha-code'), 'x7Kp');
    await rendered.user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    // No second press of "sign in": the verified key goes out with the same credentials.
    await waitForPath(rendered.location, '/dashboard');
    expect(server.callsTo('/login')).toHaveLength(2);
    expect(server.callsTo('/login').at(-1)?.biz).toEqual({ userName: DEMO_USER.userName, password: DEMO_USER.password, captchaKey: 'image-7' });
  });
});
