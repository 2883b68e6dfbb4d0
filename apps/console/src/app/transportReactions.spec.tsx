// console-spec §8 as seen on screen: the secure client's reactions wired into the console.
import { screen, waitFor, within } from '@testing-library/react';
import { renderSignedIn, waitForPath } from '../../test/renderConsole';
import { DEMO_OWNER, createFakeStoreServer } from '../../test/fakeStoreServer';
import { ACCESS_TOKEN_KEY } from '../features/auth/tokenStorage';

const IM_TOKEN_PATH = '/v1/store/im/getCccUserImToken';

describe('transport reactions', () => {
  it('10302006 resets the token and goes to /login?redirect={current}', async () => {
    const server = createFakeStoreServer([DEMO_OWNER]);
    server.on(IM_TOKEN_PATH, () => ({ code: '10302006', msg: 'token expired' }));
    const { location } = await renderSignedIn({ server, path: '/message' });
    await waitForPath(location, '/login?redirect=/message');
    expect(window.sessionStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });

  it('a session-reset code (10301002) also sends the user to sign in', async () => {
    const server = createFakeStoreServer([DEMO_OWNER]);
    server.on(IM_TOKEN_PATH, () => ({ code: '10301002', msg: 'session invalid' }));
    const { location } = await renderSignedIn({ server });
    await waitForPath(location, '/login?redirect=/dashboard');
  });

  it('any other failure shows the server msg as an error', async () => {
    const server = createFakeStoreServer([DEMO_OWNER]);
    server.on(IM_TOKEN_PATH, () => ({ code: '20000001', msg: 'im service down' }));
    await renderSignedIn({ server });
    expect(await screen.findByTestId('notification')).toHaveTextContent('im service down');
  });

  it('an envelope code (99999999) shows the shared text in the merchant\'s language, not the English msg meant for logs', async () => {
    const server = createFakeStoreServer([DEMO_OWNER]);
    server.on(IM_TOKEN_PATH, () => ({ code: '99999999', msg: 'internal error' }));
    await renderSignedIn({ server });
    const notice = await screen.findByTestId('notification');
    expect(notice).toHaveTextContent('the server had a problem, please retry later');
    expect(notice).not.toHaveTextContent('internal error');
  });

  it('a request that outlives the timeout shows "request timed out"', async () => {
    const server = createFakeStoreServer([DEMO_OWNER]);
    server.on(IM_TOKEN_PATH, () => new Promise(() => undefined));
    await renderSignedIn({ server, timeoutMs: 50 });
    expect(await screen.findByTestId('notification')).toHaveTextContent('request timed out');
  });

  it('a failed check shows the msg and fetches a new image', async () => {
    const server = createFakeStoreServer([DEMO_OWNER]);
    server.on(IM_TOKEN_PATH, () => ({ code: '10103003', msg: 'verify', errInfo: { value: 'data:image/png;base64,OLD', key: 'old' } }));
    server.on('/v1/store/eshop/store/user/checkCaptchaCode', () => ({ code: '10103004', msg: 'wrong verification code' }));
    server.on('/v1/store/eshop/store/user/getCaptcha', () => ({ code: '00000000', msg: 'ok', data: { key: 'new', value: 'data:image/png;base64,NEW' } }));
    const { user } = await renderSignedIn({ server });
    const dialog = await screen.findByRole('dialog', { name: 'Graphic verification' });
    await user.type(within(dialog).getByTestId('captcha-code'), 'abcd');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByTestId('notification')).toHaveTextContent('wrong verification code');
    await waitFor(() => expect(within(dialog).getByRole('img')).toHaveAttribute('src', 'data:image/png;base64,NEW'));
    expect(within(dialog).getByTestId('captcha-code')).toHaveValue('');
  });

  it('10103003 opens the graphic-verification dialog with errInfo.value; an empty code is refused', async () => {
    const server = createFakeStoreServer([DEMO_OWNER]);
    server.on(IM_TOKEN_PATH, () => ({ code: '10103003', msg: 'verify', errInfo: { value: 'data:image/png;base64,AAAA' } }));
    const { user } = await renderSignedIn({ server });
    const dialog = await screen.findByRole('dialog', { name: 'Graphic verification' });
    expect(within(dialog).getByRole('img', { name: 'verification image' })).toHaveAttribute('src', 'data:image/png;base64,AAAA');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('please enter the verification code')).toBeInTheDocument();
    expect(server.callsTo('/checkCaptchaCode')).toHaveLength(0);
  });

  it('the captcha input accepts only letters, digits, dot and slash, and a good code closes the dialog', async () => {
    const server = createFakeStoreServer([DEMO_OWNER]);
    let imCalls = 0;
    server.on(IM_TOKEN_PATH, () =>
      ++imCalls === 1
        ? { code: '10103003', msg: 'verify', errInfo: { value: 'AAAA', key: 'image-1' } }
        : { code: '00000000', msg: 'ok', data: { uid: 's_1', imToken: 't' } },
    );
    server.on('/v1/store/eshop/store/user/checkCaptchaCode', () => ({ code: '00000000', msg: 'ok', data: { verified: true } }));
    const { user } = await renderSignedIn({ server });
    const dialog = await screen.findByRole('dialog', { name: 'Graphic verification' });
    await user.type(within(dialog).getByTestId('captcha-code'), 'a#b./9');
    expect(within(dialog).getByTestId('captcha-code')).toHaveValue('ab./9');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('verification succeeded')).toBeInTheDocument();
    expect(server.callsTo('/checkCaptchaCode')[0].biz).toEqual({ key: 'image-1', captchaCode: 'ab./9' });
    expect(screen.queryByRole('dialog', { name: 'Graphic verification' })).not.toBeInTheDocument();
  });
});
