// "Chat with buyer": a screen asks for a conversation; the console opens /message and the frame host
// posts `openConversation` to the frame, at its origin only, and not before the frame said 'ready'.
import { screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { renderSignedIn, waitForPath, FRAME_ORIGIN } from '../../../test/renderConsole';
import { DEMO_OWNER } from '../../../test/fakeStoreServer';
import { conversationRequests, createConversationRequests, openChatWith } from './openChat';

const ready = { source: 'merchant-im-frame', type: 'ready', payload: { account: 's_1001' } };
const openConversation = (account: string) => [{ source: 'merchant-console', type: 'openConversation', payload: { account } }, FRAME_ORIGIN];

function postFromFrame(data: unknown, origin = FRAME_ORIGIN) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin }));
  });
}

const openConversationCalls = (post: jest.SpyInstance) =>
  post.mock.calls.filter(([message]) => (message as { type?: string }).type === 'openConversation');

// The shell's chunk loads once per file; on a busy machine that first import outlasts a test's wait.
beforeAll(() => import('../../layout/AppShell'), 60_000);

afterEach(() => {
  conversationRequests.take();
});

describe('openChatWith', () => {
  it('refuses what cannot be an IM account and navigates nowhere', () => {
    const requests = createConversationRequests();
    const navigate = jest.fn();
    expect(openChatWith('', navigate, requests)).toBe(false);
    expect(openChatWith('   ', navigate, requests)).toBe(false);
    expect(openChatWith('x'.repeat(65), navigate, requests)).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
    expect(requests.take()).toBeNull();
  });

  it('keeps only the latest request, trimmed, and opens /message/message', () => {
    const requests = createConversationRequests();
    const heard: string[] = [];
    requests.subscribe((account) => heard.push(account));
    const navigate = jest.fn();
    expect(openChatWith(' c_first ', navigate, requests)).toBe(true);
    expect(openChatWith('c_second', navigate, requests)).toBe(true);
    expect(navigate).toHaveBeenLastCalledWith('/message/message');
    expect(heard).toEqual(['c_first', 'c_second']);
    const sent: string[] = [];
    requests.deliver(() => false);
    requests.deliver((account) => sent.push(account) > 0);
    requests.deliver((account) => sent.push(account) > 0);
    expect(sent).toEqual(['c_second']);
    expect(requests.take()).toBeNull();
  });

  it('opens the message page and tells a ready frame to open the conversation, at its origin only', async () => {
    const { router, location } = await renderSignedIn({ user: DEMO_OWNER });
    const frame = (await screen.findByTestId('im-frame')) as HTMLIFrameElement;
    const post = jest.spyOn(frame.contentWindow!, 'postMessage').mockImplementation(() => undefined);
    postFromFrame(ready);

    act(() => {
      openChatWith('c_demo1', (path) => void router.navigate(path));
    });
    await waitForPath(location, '/message/message');
    await waitFor(() => expect(openConversationCalls(post)).toEqual([openConversation('c_demo1')]));
    // Delivered once: a later reload of the frame does not reopen it.
    postFromFrame(ready);
    expect(openConversationCalls(post)).toHaveLength(1);
  });

  it('holds a request made before the frame is ready until it says ready, and ignores a ready from elsewhere', async () => {
    const { router, location } = await renderSignedIn({ user: DEMO_OWNER });
    const frame = (await screen.findByTestId('im-frame')) as HTMLIFrameElement;
    const post = jest.spyOn(frame.contentWindow!, 'postMessage').mockImplementation(() => undefined);

    act(() => {
      openChatWith('c_demo2', (path) => void router.navigate(path));
    });
    await waitForPath(location, '/message/message');
    await waitFor(() => expect(frame).toBeVisible());
    expect(openConversationCalls(post)).toHaveLength(0);
    postFromFrame(ready, 'http://evil.example');
    expect(openConversationCalls(post)).toHaveLength(0);
    postFromFrame(ready);
    expect(openConversationCalls(post)).toEqual([openConversation('c_demo2')]);
  });
});
