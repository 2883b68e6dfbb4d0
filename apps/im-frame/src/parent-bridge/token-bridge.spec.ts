// Fresh IM tokens over the bridge, the frame's side: only the console (allowed origin, embedding
// window) can answer, only for a request the frame made, and only with a token for its account.
import { createTokenBridge, TokenRequestError } from './token-bridge';
import { followConsoleLanguage } from './console-language';
import { createFrameI18n } from '../i18n/frame-i18n';
import type { IncomingMessage } from './console-messages';

const CONSOLE = 'http://localhost:4200';
const PARENT = { name: 'console window' };

function fakeWindow() {
  const listeners = new Set<(event: IncomingMessage) => void>();
  return {
    addEventListener: (_type: 'message', listener: (event: IncomingMessage) => void) => listeners.add(listener),
    removeEventListener: (_type: 'message', listener: (event: IncomingMessage) => void) => listeners.delete(listener),
    post: (data: unknown, origin = CONSOLE, source: unknown = PARENT) => listeners.forEach((listener) => listener({ data, origin, source })),
    count: () => listeners.size,
  };
}

const fromConsole = (type: string, payload: unknown) => ({ source: 'merchant-console', type, payload });

function setup(overrides: { targetOrigins?: string[] } = {}) {
  const target = fakeWindow();
  const requested: string[] = [];
  const timers: Array<{ callback: () => void; ms: number; cleared: boolean }> = [];
  let next = 0;
  const tokens = createTokenBridge({
    target,
    allowedOrigins: [CONSOLE],
    expectedSender: PARENT,
    account: 's_1001',
    bridge: { targetOrigins: overrides.targetOrigins ?? [CONSOLE], requestToken: (id) => requested.push(id) },
    createRequestId: () => `r${(next += 1)}`,
    timers: {
      setTimeout: (callback, ms) => timers.push({ callback, ms, cleared: false }) - 1,
      clearTimeout: (handle) => {
        if (typeof handle === 'number' && timers[handle]) timers[handle].cleared = true;
      },
    },
  });
  return { target, requested, timers, tokens };
}

describe('token bridge (frame side)', () => {
  it('asks the console and resolves with the token it answers for this request', async () => {
    const { target, requested, tokens } = setup();
    const fetching = tokens.fetchToken();
    expect(requested).toEqual(['r1']);
    target.post(fromConsole('token', { requestId: 'r1', account: 's_1001', token: 'fresh.token' }));
    await expect(fetching).resolves.toBe('fresh.token');
  });

  it('ignores answers from other origins, other windows, unknown requests and malformed payloads', async () => {
    const { target, tokens, timers } = setup();
    const fetching = tokens.fetchToken();
    target.post(fromConsole('token', { requestId: 'r1', account: 's_1001', token: 'forged' }), 'http://evil.example');
    target.post(fromConsole('token', { requestId: 'r1', account: 's_1001', token: 'forged' }), CONSOLE, { name: 'another window' });
    target.post(fromConsole('token', { requestId: 'r9', account: 's_1001', token: 'stale' }));
    target.post(fromConsole('token', { requestId: 'r1', account: 's_1001', token: '' }));
    target.post({ source: 'merchant-im-frame', type: 'token', payload: { requestId: 'r1', account: 's_1001', token: 'echo' } });
    target.post(fromConsole('token', { requestId: 'r1', account: 's_1001', token: 'real' }));
    await expect(fetching).resolves.toBe('real');
    expect(timers[0].cleared).toBe(true);
  });

  it('refuses a token for another account, a console error, and no answer in time', async () => {
    const { target, tokens, timers } = setup();
    const other = tokens.fetchToken();
    target.post(fromConsole('token', { requestId: 'r1', account: 's_2002', token: 'theirs' }));
    await expect(other).rejects.toMatchObject({ failure: 'otherAccount' });

    const refused = tokens.fetchToken();
    target.post(fromConsole('tokenError', { requestId: 'r2', reason: 'token expired' }));
    await expect(refused).rejects.toEqual(expect.objectContaining({ failure: 'refused', message: expect.stringContaining('token expired') }));

    const silent = tokens.fetchToken();
    expect(timers[2].ms).toBe(15_000);
    timers[2].callback();
    await expect(silent).rejects.toBeInstanceOf(TokenRequestError);
    await expect(silent).rejects.toMatchObject({ failure: 'timeout' });
  });

  it('does not ask at all when the frame is not embedded in an allowed console', async () => {
    const { tokens, requested } = setup({ targetOrigins: [] });
    await expect(tokens.fetchToken()).rejects.toMatchObject({ failure: 'notEmbedded' });
    expect(requested).toEqual([]);
  });

  it('stops listening on dispose and fails what was still waiting', async () => {
    const { target, tokens } = setup();
    const waiting = tokens.fetchToken();
    tokens.dispose();
    expect(target.count()).toBe(0);
    await expect(waiting).rejects.toMatchObject({ failure: 'timeout' });
  });
});

describe('console language (frame side)', () => {
  it('switches the frame language in place, from the console only, and ignores unsupported languages', () => {
    const target = fakeWindow();
    const i18n = createFrameI18n('zh-CN');
    followConsoleLanguage({ target, allowedOrigins: [CONSOLE], expectedSender: PARENT }, i18n);
    target.post(fromConsole('language', { lang: 'en-US' }), 'http://evil.example');
    expect(i18n.language).toBe('zh-CN');
    target.post(fromConsole('language', { lang: 'en-US' }));
    expect(i18n.language).toBe('en-US');
    expect(i18n.t('composer.send')).toBe('Send');
    target.post(fromConsole('language', { lang: 'fr-FR' }));
    expect(i18n.language).toBe('en-US');
    target.post(fromConsole('language', { lang: 'zh-CN' }));
    expect(i18n.t('composer.send')).toBe('发送');
  });
});
