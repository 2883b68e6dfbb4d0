// Console → frame `openConversation` ("chat with buyer", contract 0001): only from allowed console
// origins and the embedding window, with a valid account; a request that arrives before the chat
// controller exists opens once it is attached.
import { IM_ACCOUNT_PATTERN } from '@merchant/api-contracts';
import { ACCOUNT_ID_PATTERN } from '@merchant/im-core/validation';
import { readConsoleMessage, type IncomingMessage } from './console-messages';
import { followConsoleConversationRequests, openConversationWith } from './console-open-conversation';
import { createFrameController } from '../app/create-frame-controller';
import { createParentBridge } from './parent-bridge';
import { FakeChatClient, sampleMessage, sampleSession } from '../test/fake-chat-client';

const CONSOLE = 'http://localhost:4200';
const PARENT = { name: 'console window' };
const openConversation = (account: unknown) => ({ source: 'merchant-console', type: 'openConversation', payload: { account } });
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

async function startedController(client: FakeChatClient) {
  const bridge = createParentBridge({ parent: null, allowedOrigins: [CONSOLE] });
  const doc = { visibilityState: 'visible' as DocumentVisibilityState, addEventListener: jest.fn() };
  const controller = createFrameController(client, bridge, { doc });
  await controller.start();
  return controller;
}

describe('console openConversation', () => {
  it('reads only well-formed accounts from allowed origins and the embedding window', () => {
    const event = (data: unknown, origin = CONSOLE, source: unknown = PARENT) => ({ data, origin, source });
    expect(readConsoleMessage(event(openConversation('c_demo1')), [CONSOLE], PARENT)).toEqual(openConversation('c_demo1'));
    expect(readConsoleMessage(event(openConversation('c_demo1'), 'http://evil.example'), [CONSOLE], PARENT)).toBeNull();
    expect(readConsoleMessage(event(openConversation('c_demo1'), CONSOLE, {}), [CONSOLE], PARENT)).toBeNull();
    expect(readConsoleMessage(event(openConversation('')), [CONSOLE], PARENT)).toBeNull();
    expect(readConsoleMessage(event(openConversation('a b')), [CONSOLE], PARENT)).toBeNull();
    expect(readConsoleMessage(event(openConversation('x'.repeat(65))), [CONSOLE], PARENT)).toBeNull();
    expect(readConsoleMessage(event(openConversation(7)), [CONSOLE], PARENT)).toBeNull();
  });

  it("checks the account by im-core's account rule (the protocol's copy, which api-contracts may not import, must stay equal)", () => {
    expect(IM_ACCOUNT_PATTERN.source).toBe(ACCOUNT_ID_PATTERN.source);
    expect(IM_ACCOUNT_PATTERN.flags).toBe(ACCOUNT_ID_PATTERN.flags);
  });

  it('selects an existing conversation with that account', async () => {
    const client = new FakeChatClient();
    client.sessions.set('p2p-c_demo1', sampleSession({ peerAccount: 'c_demo1', unread: 2 }));
    client.sessions.set('p2p-c_demo2', sampleSession({ peerAccount: 'c_demo2' }));
    const controller = await startedController(client);
    const target = fakeWindow();
    const requests = followConsoleConversationRequests({ target, allowedOrigins: [CONSOLE], expectedSender: PARENT });
    requests.attach(controller);

    target.post(openConversation('c_demo1'), 'http://evil.example');
    await flush();
    expect(controller.getState().activeSessionId).toBeUndefined();
    target.post(openConversation('c_demo1'));
    await flush();
    expect(controller.getState().activeSessionId).toBe('p2p-c_demo1');
    expect(client.markedRead).toContain('p2p-c_demo1');
    requests.dispose();
    expect(target.count()).toBe(0);
  });

  it('holds a request made before the controller exists and starts a new conversation named from the profile', async () => {
    const target = fakeWindow();
    const requests = followConsoleConversationRequests({ target, allowedOrigins: [CONSOLE], expectedSender: PARENT });
    target.post(openConversation('c_old'));
    target.post(openConversation('c_buyer9'));

    const client = new FakeChatClient();
    client.customers.set('c_buyer9', { account: 'c_buyer9', nick: 'Buyer Nine' });
    const controller = await startedController(client);
    requests.attach(controller);
    await flush();
    const state = controller.getState();
    expect(state.activeSessionId).toBe('p2p-c_buyer9');
    expect(state.sessions.find((session) => session.id === 'p2p-c_buyer9')?.peerNick).toBe('Buyer Nine');
    expect(state.sessions.some((session) => session.id === 'p2p-c_old')).toBe(false);
  });

  it('a request that comes before the chat has started waits for it: the real sessions stay, the existing conversation keeps its last message, a new one is named from the profile (issue 35 §3)', async () => {
    // As after a console reload: the controller is attached at once, started later by the app, and the
    // server profile can be read only once logged in.
    const client = new FakeChatClient();
    const lastMessage = sampleMessage({ idClient: 'm1', sessionId: 'p2p-c_demo1', text: 'Is the sofa in stock?' });
    client.sessions.set('p2p-c_demo1', sampleSession({ peerAccount: 'c_demo1', peerNick: 'Alice Chen', lastMessage }));
    client.sessions.set('p2p-c_demo2', sampleSession({ peerAccount: 'c_demo2', peerNick: 'Bob Li' }));
    client.customers.set('c_demo1', { account: 'c_demo1', nick: 'Alice Chen' });
    client.customers.set('c_buyer9', { account: 'c_buyer9', nick: 'Buyer Nine' });
    const findCustomer = client.findCustomer.bind(client);
    client.findCustomer = async (account) => {
      if (!client.connected) throw new Error('not logged in');
      return findCustomer(account);
    };
    const bridge = createParentBridge({ parent: null, allowedOrigins: [CONSOLE] });
    const controller = createFrameController(client, bridge, { doc: { visibilityState: 'visible' as DocumentVisibilityState, addEventListener: jest.fn() } });
    const target = fakeWindow();
    const requests = followConsoleConversationRequests({ target, allowedOrigins: [CONSOLE], expectedSender: PARENT });
    requests.attach(controller);

    target.post(openConversation('c_demo1'));
    await flush();
    // Nothing opened yet: no placeholder stands in for the session the cache holds.
    expect(controller.getState().activeSessionId).toBeUndefined();
    expect(controller.getState().sessions).toEqual([]);

    await controller.start();
    await flush();
    let state = controller.getState();
    expect(state.activeSessionId).toBe('p2p-c_demo1');
    expect(state.sessions.map((session) => session.id).sort()).toEqual(['p2p-c_demo1', 'p2p-c_demo2']);
    expect(state.sessions.find((session) => session.id === 'p2p-c_demo1')).toMatchObject({ peerNick: 'Alice Chen', lastMessage });

    target.post(openConversation('c_buyer9'));
    await flush();
    state = controller.getState();
    expect(state.activeSessionId).toBe('p2p-c_buyer9');
    expect(state.sessions.find((session) => session.id === 'p2p-c_buyer9')?.peerNick).toBe('Buyer Nine');
    expect(state.sessions).toHaveLength(3);
  });

  it('opens the conversation under the account when the profile cannot be read', async () => {
    const opened: unknown[] = [];
    await openConversationWith(
      {
        findCustomer: () => Promise.reject(new Error('offline')),
        startChat: async (customer) => {
          opened.push(customer);
        },
      },
      'c_unknown',
    );
    expect(opened).toEqual([{ account: 'c_unknown' }]);
  });
});
