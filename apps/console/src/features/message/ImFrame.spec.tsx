// The embedded chat frame in the shell: URL, size, kept mounted off /message, and its events.
import { screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { renderSignedIn, waitForPath, FRAME_ORIGIN } from '../../../test/renderConsole';
import { DEMO_OWNER } from '../../../test/fakeStoreServer';

const newMessage = {
  source: 'merchant-im-frame',
  type: 'newMessage',
  payload: { sessionId: 'p2p-c_demo1', from: 'c_demo1', fromNick: 'Alice Chen', text: 'hello', time: 1 },
};

function postFromFrame(data: unknown, origin = FRAME_ORIGIN) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin }));
  });
}

describe('chat frame', () => {
  it('embeds the frame with the IM identity and store data, 750px high with a title', async () => {
    const { user, server } = await renderSignedIn({ user: DEMO_OWNER });
    await user.click(screen.getByTestId('nav-message'));
    const frame = await screen.findByTitle('Customer chat window');
    const src = new URL(frame.getAttribute('src') ?? '');
    expect(src.origin).toBe(FRAME_ORIGIN);
    expect(Object.fromEntries(src.searchParams)).toEqual({
      account: 's_1001',
      token: 'im-token-demo',
      avatar: '',
      storeName: 'Demo Flagship Store',
      lang: 'en-US',
    });
    expect(frame).toHaveStyle({ height: '750px' });
    await waitFor(() => expect(frame).toBeVisible());
    expect(server.callsTo('/getCccUserImToken')).toHaveLength(1);
  });

  it('keeps the same frame mounted but hidden on other pages', async () => {
    const { user, location } = await renderSignedIn({ user: DEMO_OWNER, path: '/message/message' });
    const frame = await screen.findByTitle('Customer chat window');
    await user.click(screen.getByTestId('tag-/dashboard'));
    await waitForPath(location, '/dashboard');
    expect(screen.getByTestId('im-frame')).toBe(frame);
    await waitFor(() => expect(frame).not.toBeVisible());
  });

  it('announces a new message with a link to the messages when the chat is not open', async () => {
    const { user, location } = await renderSignedIn({ user: DEMO_OWNER });
    await screen.findByTestId('im-frame');
    postFromFrame(newMessage);
    const notice = await screen.findByTestId('notification');
    expect(notice).toHaveTextContent('you received a new message');
    await user.click(screen.getByRole('link', { name: 'go to messages' }));
    await waitForPath(location, '/message/message');
  });

  it('shows no notice while the chat is open', async () => {
    await renderSignedIn({ user: DEMO_OWNER, path: '/message/message' });
    await screen.findByTestId('im-frame');
    postFromFrame(newMessage);
    postFromFrame({ source: 'merchant-im-frame', type: 'unread', payload: { total: 2 } });
    await waitFor(() => expect(screen.getByTestId('message-badge')).toHaveTextContent('2'));
    expect(screen.queryByTestId('notification')).not.toBeInTheDocument();
  });

  it('ignores events posted from any other origin', async () => {
    await renderSignedIn({ user: DEMO_OWNER });
    postFromFrame(newMessage, 'http://evil.example');
    postFromFrame({ source: 'merchant-im-frame', type: 'unread', payload: { total: 5 } }, 'http://localhost:4200');
    postFromFrame({ source: 'merchant-im-frame', type: 'unread', payload: { total: 1 } });
    await waitFor(() => expect(screen.getByTestId('message-badge')).toHaveTextContent('1'));
    expect(screen.queryByTestId('notification')).not.toBeInTheDocument();
  });

  it('tells the frame, at its origin only, when /message is entered or left, and again when it says ready', async () => {
    const { user, location } = await renderSignedIn({ user: DEMO_OWNER, path: '/message/message' });
    const frame = (await screen.findByTitle('Customer chat window')) as HTMLIFrameElement;
    const frameWindow = frame.contentWindow;
    if (!frameWindow) throw new Error('no frame window');
    const post = jest.spyOn(frameWindow, 'postMessage').mockImplementation(() => undefined);
    const visibility = (visible: boolean) => [{ source: 'merchant-console', type: 'visibility', payload: { visible } }, FRAME_ORIGIN];
    const language = (lang: string) => [{ source: 'merchant-console', type: 'language', payload: { lang } }, FRAME_ORIGIN];

    postFromFrame({ source: 'merchant-im-frame', type: 'ready', payload: { account: 's_1001' } });
    expect(post.mock.calls).toEqual([visibility(true), language('en-US')]);

    await user.click(screen.getByTestId('tag-/dashboard'));
    await waitForPath(location, '/dashboard');
    await waitFor(() => expect(post.mock.calls.at(-1)).toEqual(visibility(false)));

    // A reloaded frame says ready again; a 'ready' from elsewhere is ignored.
    postFromFrame({ source: 'merchant-im-frame', type: 'ready', payload: { account: 's_1001' } }, 'http://evil.example');
    const before = post.mock.calls.length;
    postFromFrame({ source: 'merchant-im-frame', type: 'ready', payload: { account: 's_1001' } });
    expect(post.mock.calls.slice(before)).toEqual([visibility(false), language('en-US')]);

    await user.click(screen.getByTestId('nav-message'));
    await waitForPath(location, '/message/message');
    await waitFor(() => expect(post.mock.calls.at(-1)).toEqual(visibility(true)));
    expect(new Set(post.mock.calls.map((call) => call[1]))).toEqual(new Set([FRAME_ORIGIN]));
  });

  it('answers a token request with a fresh token from store-server, at the frame origin only, without reloading the frame', async () => {
    const { server } = await renderSignedIn({ user: DEMO_OWNER, path: '/message/message' });
    const frame = (await screen.findByTitle('Customer chat window')) as HTMLIFrameElement;
    const src = frame.getAttribute('src');
    const post = jest.spyOn(frame.contentWindow!, 'postMessage').mockImplementation(() => undefined);
    let issued = 0;
    server.on('/v1/store/im/getCccUserImToken', () => ({ code: '00000000', msg: 'success', data: { uid: 's_1001', imToken: `fresh-${(issued += 1)}`, appKey: 'merchant-im' } }));

    postFromFrame({ source: 'merchant-im-frame', type: 'tokenRequest', payload: { requestId: 'forged' } }, 'http://evil.example');
    postFromFrame({ source: 'merchant-im-frame', type: 'tokenRequest', payload: { requestId: 'r1' } });
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith({ source: 'merchant-console', type: 'token', payload: { requestId: 'r1', account: 's_1001', token: 'fresh-1' } }, FRAME_ORIGIN),
    );
    postFromFrame({ source: 'merchant-im-frame', type: 'tokenRequest', payload: { requestId: 'r2' } });
    await waitFor(() => expect(post).toHaveBeenCalledWith(expect.objectContaining({ type: 'token', payload: expect.objectContaining({ requestId: 'r2', token: 'fresh-2' }) }), FRAME_ORIGIN));
    expect(issued).toBe(2);
    expect(post.mock.calls.some(([message]) => (message as { payload: { requestId?: string } }).payload.requestId === 'forged')).toBe(false);
    expect(new Set(post.mock.calls.map((call) => call[1]))).toEqual(new Set([FRAME_ORIGIN]));
    // The new token went over the bridge: the frame was not reloaded with it.
    expect(screen.getByTitle('Customer chat window')).toBe(frame);
    expect(frame.getAttribute('src')).toBe(src);
  });

  it("tells the frame when store-server refuses a token, in the frame's request", async () => {
    const { server } = await renderSignedIn({ user: DEMO_OWNER, path: '/message/message' });
    const frame = (await screen.findByTitle('Customer chat window')) as HTMLIFrameElement;
    const post = jest.spyOn(frame.contentWindow!, 'postMessage').mockImplementation(() => undefined);
    server.on('/v1/store/im/getCccUserImToken', () => ({ code: '10500000', msg: 'IM service unavailable' }));
    postFromFrame({ source: 'merchant-im-frame', type: 'tokenRequest', payload: { requestId: 'r1' } });
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        { source: 'merchant-console', type: 'tokenError', payload: { requestId: 'r1', reason: expect.any(String) } },
        FRAME_ORIGIN,
      ),
    );
  });

  it('passes a language switch to the frame instead of reloading it', async () => {
    const { user } = await renderSignedIn({ user: DEMO_OWNER, path: '/message/message' });
    const frame = (await screen.findByTitle('Customer chat window')) as HTMLIFrameElement;
    const src = frame.getAttribute('src');
    const post = jest.spyOn(frame.contentWindow!, 'postMessage').mockImplementation(() => undefined);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'zh-CN');
    await waitFor(() => expect(post).toHaveBeenCalledWith({ source: 'merchant-console', type: 'language', payload: { lang: 'zh-CN' } }, FRAME_ORIGIN));
    expect(screen.getByTestId('im-frame')).toBe(frame);
    expect(frame.getAttribute('src')).toBe(src);
  });

  it('a language chosen before /message is first opened reaches the frame when it shows (issue 35 §11)', async () => {
    const { user, location } = await renderSignedIn({ user: DEMO_OWNER, path: '/dashboard' });
    const frame = (await screen.findByTestId('im-frame')) as HTMLIFrameElement;
    const post = jest.spyOn(frame.contentWindow!, 'postMessage').mockImplementation(() => undefined);
    const language = (lang: string) => [{ source: 'merchant-console', type: 'language', payload: { lang } }, FRAME_ORIGIN];
    postFromFrame({ source: 'merchant-im-frame', type: 'ready', payload: { account: 's_1001' } });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'zh-CN');

    await user.click(screen.getByTestId('nav-message'));
    await waitForPath(location, '/message/message');
    await waitFor(() => expect(post.mock.calls.filter(([message]) => (message as { type: string }).type === 'language').at(-1)).toEqual(language('zh-CN')));
  });
});
