// Issue 7 sign-in flows: focus on open, shared code texts, SMS check-code sign-in, forgotten
// password → /registered/resetSuccess, the captcha dialog's input rules, status routing.
import { screen, waitFor, within } from '@testing-library/react';
import { renderConsole, waitForPath } from '../../../test/renderConsole';
import { DEMO_USER, createFakeStoreServer } from '../../../test/fakeStoreServer';
import { ACCESS_TOKEN_KEY } from './tokenStorage';
import { apiErrorText } from '../../app/apiErrorText';

const USER = '/v1/store/eshop/store/user';
const ok = (data: unknown = null) => ({ code: '00000000', msg: 'success', data });

describe('sign-in page', () => {
  it('focuses the username field on open', async () => {
    renderConsole({ path: '/login' });
    await waitFor(() => expect(screen.getByTestId('login-username')).toHaveFocus());
  });

  it('shows the shared text of a known code in the console language, not the server wording', async () => {
    const server = createFakeStoreServer();
    server.on(`${USER}/login`, () => ({ code: '10103001', msg: 'bad credentials (server wording)' }));
    const rendered = renderConsole({ path: '/login', server });
    await rendered.user.type(await screen.findByTestId('login-username'), DEMO_USER.userName);
    await rendered.user.type(screen.getByTestId('login-password'), 'Wrong12345');
    await rendered.user.click(screen.getByTestId('login-submit'));
    expect(await screen.findByTestId('login-error')).toHaveTextContent('wrong username or password');
    expect(apiErrorText({ code: '10103001', msg: 'x' }, 'zh-CN', '')).toBe('用户名或密码错误');
    // Unknown codes keep the server msg, which store-server wrote in the caller's language.
    expect(apiErrorText({ code: '20000001', msg: '服务繁忙' }, 'zh-CN', '')).toBe('服务繁忙');
  });

  it('signs in with an SMS check code (sendLoginCheckCode, checkCodeLogin)', async () => {
    const server = createFakeStoreServer();
    server.on(`${USER}/sendLoginCheckCode`, () => ok({ expiresInSeconds: 300 }));
    server.on(`${USER}/checkCodeLogin`, ({ biz }) =>
      biz.checkCode === '123456' ? ok({ accessToken: DEMO_USER.token, storeStatus: 2 }) : { code: '10104001', msg: 'wrong code' },
    );
    const rendered = renderConsole({ path: '/login?redirect=/help/help', server });
    await rendered.user.click(await screen.findByRole('button', { name: 'Sign in with an SMS check code' }));
    // The check-code way loads when chosen.
    await rendered.user.click(await screen.findByTestId('login-send-code', {}, { timeout: 10_000 }));
    expect(await screen.findByText('Mobile number is required')).toBeInTheDocument();
    expect(server.callsTo('/sendLoginCheckCode')).toHaveLength(0);
    await rendered.user.type(screen.getByTestId('login-mobile'), '13800001001');
    await rendered.user.click(screen.getByTestId('login-send-code'));
    await waitFor(() => expect(server.callsTo('/sendLoginCheckCode')[0]?.biz).toEqual({ mobile: '13800001001' }));
    expect(await screen.findByTestId('login-send-code')).toBeDisabled();
    expect(screen.getByTestId('login-send-code')).toHaveTextContent(/^Resend in \d+ s$/);
    await rendered.user.type(screen.getByTestId('login-check-code'), '000000');
    await rendered.user.click(screen.getByTestId('login-check-code-submit'));
    expect(await screen.findByTestId('login-error')).toHaveTextContent('the check code is wrong or has expired');
    await rendered.user.clear(screen.getByTestId('login-check-code'));
    await rendered.user.type(screen.getByTestId('login-check-code'), '123456');
    await rendered.user.click(screen.getByTestId('login-check-code-submit'));
    await waitForPath(rendered.location, '/help/help');
    expect(window.sessionStorage.getItem(ACCESS_TOKEN_KEY)).toBe(DEMO_USER.token);
  });

  it('resets a forgotten password (sendUpdateCheckCode, updatePassword) and lands on /registered/resetSuccess', async () => {
    const server = createFakeStoreServer();
    server.on(`${USER}/sendUpdateCheckCode`, () => ok({ expiresInSeconds: 300, mobile: '138****1001' }));
    server.on(`${USER}/updatePassword`, () => ok());
    const rendered = renderConsole({ path: '/login', server });
    await rendered.user.click(await screen.findByTestId('login-forgot'));
    const dialog = await screen.findByRole('dialog', { name: 'Reset your password' });
    await rendered.user.type(within(dialog).getByTestId('forgot-username'), DEMO_USER.userName);
    await rendered.user.click(within(dialog).getByTestId('forgot-send-code'));
    expect(await within(dialog).findByTestId('forgot-notice')).toHaveTextContent('the check code was sent to 138****1001');
    await rendered.user.type(within(dialog).getByTestId('forgot-check-code'), '654321');
    await rendered.user.type(within(dialog).getByTestId('forgot-new-password'), 'NewPass123');
    await rendered.user.type(within(dialog).getByTestId('forgot-confirm-password'), 'NewPass124');
    await rendered.user.click(within(dialog).getByTestId('forgot-submit'));
    expect(await within(dialog).findByText('the two entries differ')).toBeInTheDocument();
    expect(server.callsTo('/updatePassword')).toHaveLength(0);
    await rendered.user.clear(within(dialog).getByTestId('forgot-confirm-password'));
    await rendered.user.type(within(dialog).getByTestId('forgot-confirm-password'), 'NewPass123');
    await rendered.user.click(within(dialog).getByTestId('forgot-submit'));
    await waitForPath(rendered.location, '/registered/resetSuccess');
    expect(server.callsTo('/updatePassword')[0].biz).toEqual({ userName: DEMO_USER.userName, checkCode: '654321', newPassword: 'NewPass123' });
    expect(await screen.findByTestId('reset-success')).toHaveTextContent('Your password was reset');
  });
});

describe('graphic verification dialog', () => {
  function captchaServer() {
    const server = createFakeStoreServer();
    let issued = 0;
    server.on(`${USER}/login`, () => ({ code: '10103003', msg: 'please complete the graphic verification', errInfo: { value: 'data:image/png;base64,AA', key: 'k0' } }));
    server.on(`${USER}/getCaptcha`, () => ok({ value: `data:image/png;base64,B${(issued += 1)}`, key: `k${issued}` }));
    server.on(`${USER}/checkCaptchaCode`, () => ({ code: '10103004', msg: 'wrong code' }));
    return server;
  }

  async function openDialog() {
    const rendered = renderConsole({ path: '/login', server: captchaServer() });
    await rendered.user.type(await screen.findByTestId('login-username'), DEMO_USER.userName);
    await rendered.user.type(screen.getByTestId('login-password'), DEMO_USER.password);
    await rendered.user.click(screen.getByTestId('login-submit'));
    const dialog = await screen.findByRole('dialog', { name: 'Graphic verification' });
    return { rendered, dialog };
  }

  it('accepts only letters, digits, dot and slash, and warns on an empty value without calling the server', async () => {
    const { rendered, dialog } = await openDialog();
    const input = within(dialog).getByTestId('captcha-code');
    await rendered.user.type(input, 'a1-./ b');
    expect(input).toHaveValue('a1./b');
    await rendered.user.clear(input);
    await rendered.user.click(within(dialog).getByTestId('captcha-confirm'));
    expect(await within(dialog).findByText('please enter the verification code')).toBeInTheDocument();
    expect(rendered.server.callsTo('/checkCaptchaCode')).toHaveLength(0);
  });

  it('on failure shows the msg and a new image; "get another image" fetches one too', async () => {
    const { rendered, dialog } = await openDialog();
    const image = within(dialog).getByTestId('captcha-image');
    expect(image).toHaveAttribute('data-captcha-key', 'k0');
    await rendered.user.type(within(dialog).getByTestId('captcha-code'), 'zzzz');
    await rendered.user.click(within(dialog).getByTestId('captcha-confirm'));
    expect(await screen.findByTestId('notification')).toHaveTextContent('wrong code');
    await waitFor(() => expect(within(dialog).getByTestId('captcha-image')).toHaveAttribute('data-captcha-key', 'k1'));
    await rendered.user.click(within(dialog).getByRole('button', { name: 'get another image' }));
    await waitFor(() => expect(within(dialog).getByTestId('captcha-image')).toHaveAttribute('data-captcha-key', 'k2'));
  });
});

describe('status routing after sign-in', () => {
  it('sends a rejected store (status 3) to the review result', async () => {
    const rejected = { ...DEMO_USER, token: 'token-rejected', info: { ...DEMO_USER.info, storeStatus: 3 } };
    const { location } = renderConsole({ path: '/login', token: rejected.token, server: createFakeStoreServer([rejected]) });
    await waitForPath(location, '/registered/resultReg');
  });

  it('sends /registered/shopMsg without a token to /login?redirect=/dashboard', async () => {
    const { location } = renderConsole({ path: '/registered/shopMsg' });
    await waitForPath(location, '/login?redirect=/dashboard');
  });
});
