import type { FrameToConsoleMessage } from '@merchant/api-contracts';
import { createBrowserParentBridge, createParentBridge, resolveTargetOrigins, type PostTarget } from './parent-bridge';

const CONSOLE_ORIGINS = ['http://localhost:4200', 'http://127.0.0.1:4200'];

function recordingParent(): PostTarget & { posts: Array<{ message: FrameToConsoleMessage; origin: string }> } {
  const posts: Array<{ message: FrameToConsoleMessage; origin: string }> = [];
  return { posts, postMessage: (message, origin) => posts.push({ message, origin }) };
}

describe('resolveTargetOrigins', () => {
  it('targets only the embedding origin when ancestorOrigins names an allowed one', () => {
    expect(resolveTargetOrigins({ allowedOrigins: CONSOLE_ORIGINS, ancestorOrigin: 'http://127.0.0.1:4200' })).toEqual([
      'http://127.0.0.1:4200',
    ]);
  });

  it('uses the referrer origin (path stripped) when ancestorOrigins is not available', () => {
    expect(
      resolveTargetOrigins({ allowedOrigins: CONSOLE_ORIGINS, referrer: 'http://localhost:4200/message?x=1' }),
    ).toEqual(['http://localhost:4200']);
  });

  it('targets nothing when the embedding page is on a foreign origin', () => {
    expect(resolveTargetOrigins({ allowedOrigins: CONSOLE_ORIGINS, ancestorOrigin: 'https://evil.example' })).toEqual([]);
    expect(resolveTargetOrigins({ allowedOrigins: CONSOLE_ORIGINS, referrer: 'https://evil.example/page' })).toEqual([]);
  });

  it('names each allowed origin when the parent origin is unknown, never "*"', () => {
    const origins = resolveTargetOrigins({ allowedOrigins: CONSOLE_ORIGINS, referrer: '' });
    expect(origins).toEqual(CONSOLE_ORIGINS);
    expect(origins).not.toContain('*');
  });
});

describe('createParentBridge', () => {
  it('posts ready, newMessage and unread in the contract shape to the allowed parent origin', () => {
    const parent = recordingParent();
    const bridge = createParentBridge({ parent, allowedOrigins: CONSOLE_ORIGINS, ancestorOrigin: 'http://localhost:4200' });
    bridge.ready('s_1001');
    bridge.newMessage({ sessionId: 'p2p-c_demo1', from: 'c_demo1', fromNick: 'Alice Chen', text: 'hi', time: 1700000000000 });
    bridge.unread(3);
    expect(parent.posts).toEqual([
      { origin: 'http://localhost:4200', message: { source: 'merchant-im-frame', type: 'ready', payload: { account: 's_1001' } } },
      {
        origin: 'http://localhost:4200',
        message: {
          source: 'merchant-im-frame',
          type: 'newMessage',
          payload: { sessionId: 'p2p-c_demo1', from: 'c_demo1', fromNick: 'Alice Chen', text: 'hi', time: 1700000000000 },
        },
      },
      { origin: 'http://localhost:4200', message: { source: 'merchant-im-frame', type: 'unread', payload: { total: 3 } } },
    ]);
  });

  it('posts nothing at all to a foreign embedding origin', () => {
    const parent = recordingParent();
    const bridge = createParentBridge({ parent, allowedOrigins: CONSOLE_ORIGINS, ancestorOrigin: 'https://evil.example' });
    bridge.ready('s_1001');
    bridge.unread(5);
    expect(parent.posts).toEqual([]);
    expect(bridge.targetOrigins).toEqual([]);
  });

  it('posts nothing when the frame is not embedded', () => {
    const bridge = createParentBridge({ parent: null, allowedOrigins: CONSOLE_ORIGINS });
    expect(bridge.targetOrigins).toEqual([]);
    expect(() => bridge.ready('s_1001')).not.toThrow();
  });

  it('skips an unread total equal to the last one sent', () => {
    const parent = recordingParent();
    const bridge = createParentBridge({ parent, allowedOrigins: CONSOLE_ORIGINS, ancestorOrigin: 'http://localhost:4200' });
    bridge.unread(2);
    bridge.unread(2);
    bridge.unread(0);
    expect(parent.posts.map((post) => post.message.payload)).toEqual([{ total: 2 }, { total: 0 }]);
  });

  it('keeps working when posting throws', () => {
    const bridge = createParentBridge({
      parent: { postMessage: () => { throw new Error('detached'); } },
      allowedOrigins: CONSOLE_ORIGINS,
    });
    expect(() => bridge.unread(1)).not.toThrow();
  });
});

describe('createBrowserParentBridge', () => {
  it('does not post from a top-level page (window.parent is the window itself)', () => {
    const postSpy = jest.spyOn(window, 'postMessage');
    const bridge = createBrowserParentBridge(CONSOLE_ORIGINS);
    bridge.ready('s_1001');
    expect(bridge.targetOrigins).toEqual([]);
    expect(postSpy).not.toHaveBeenCalled();
    postSpy.mockRestore();
  });
});
