// Console → frame `visibility` (contract 0001): accepted only from allowed console origins and
// the embedding window; the open conversation is read only while the merchant can see it.
import { createConsoleVisibility, readConsoleMessage, type IncomingMessage } from './console-visibility';
import { createFrameController } from '../app/create-frame-controller';
import { createParentBridge } from './parent-bridge';
import { FakeChatClient, sampleSession } from '../test/fake-chat-client';

const CONSOLE = 'http://localhost:4200';
const PARENT = { name: 'console window' };
const visibility = (visible: boolean) => ({ source: 'merchant-console', type: 'visibility', payload: { visible } });
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function fakeWindow() {
  const listeners = new Set<(event: IncomingMessage) => void>();
  return {
    addEventListener: (_type: 'message', listener: (event: IncomingMessage) => void) => listeners.add(listener),
    removeEventListener: (_type: 'message', listener: (event: IncomingMessage) => void) => listeners.delete(listener),
    post: (data: unknown, origin = CONSOLE, source: unknown = PARENT) => listeners.forEach((listener) => listener({ data, origin, source })),
    count: () => listeners.size,
  };
}

describe('console visibility', () => {
  it('reads only well-formed visibility messages from allowed origins and the expected sender', () => {
    const ok = { data: visibility(false), origin: CONSOLE, source: PARENT };
    expect(readConsoleMessage(ok, [CONSOLE], PARENT)).toEqual(visibility(false));
    expect(readConsoleMessage({ ...ok, origin: 'http://evil.example' }, [CONSOLE], PARENT)).toBeNull();
    expect(readConsoleMessage({ ...ok, source: {} }, [CONSOLE], PARENT)).toBeNull();
    expect(readConsoleMessage({ ...ok, data: { ...visibility(true), source: 'merchant-im-frame' } }, [CONSOLE])).toBeNull();
    expect(readConsoleMessage({ ...ok, data: { ...visibility(true), payload: { visible: 'yes' } } }, [CONSOLE])).toBeNull();
    expect(readConsoleMessage({ ...ok, data: { ...visibility(true), type: 'other' } }, [CONSOLE])).toBeNull();
  });

  it('follows the console, ignores other senders, reports each change once, and stops on dispose', () => {
    const target = fakeWindow();
    const tracker = createConsoleVisibility({ target, allowedOrigins: [CONSOLE], expectedSender: PARENT, initiallyVisible: false });
    const changes: boolean[] = [];
    tracker.onChange((visible) => changes.push(visible));
    target.post(visibility(true), 'http://evil.example');
    target.post(visibility(true), CONSOLE, { name: 'another window' });
    expect(tracker.isVisible()).toBe(false);
    target.post(visibility(true));
    target.post(visibility(true));
    target.post(visibility(false));
    expect(changes).toEqual([true, false]);
    tracker.dispose();
    expect(target.count()).toBe(0);
  });

  it('the frame marks the open conversation read only while the console shows it, and when it is shown again', async () => {
    const target = fakeWindow();
    const consoleVisibility = createConsoleVisibility({ target, allowedOrigins: [CONSOLE], expectedSender: PARENT, initiallyVisible: false });
    const client = new FakeChatClient();
    client.sessions.set('p2p-c_demo1', sampleSession({ peerAccount: 'c_demo1', unread: 1 }));
    const bridge = createParentBridge({ parent: null, allowedOrigins: [CONSOLE] });
    const doc = { visibilityState: 'visible' as DocumentVisibilityState, addEventListener: jest.fn() };
    const controller = createFrameController(client, bridge, { doc, consoleVisibility });
    await controller.start();
    await controller.openSession('p2p-c_demo1'); // e.g. restored while the merchant is on /dashboard
    client.receive('c_demo1', 'while away');
    await flush();
    expect(client.markedRead).toEqual([]);
    expect(controller.getState().sessions[0].unread).toBe(2);

    target.post(visibility(true));
    await flush();
    expect(client.markedRead).toEqual(['p2p-c_demo1']);
    expect(controller.getState().sessions[0].unread).toBe(0);

    target.post(visibility(false));
    client.receive('c_demo1', 'again away');
    await flush();
    expect(client.markedRead).toEqual(['p2p-c_demo1']);
    expect(controller.getState().sessions[0].unread).toBe(1);
  });
});
