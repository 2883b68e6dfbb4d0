// Console ⇄ frame contract (docs/decisions/0001): URL parameters and the origin check.
import { buildFrameUrl, languageMessage, normaliseImAccount, openConversationMessage, postToFrame, postVisibility, readFrameMessage, tokenErrorMessage, tokenMessage } from './frameProtocol';

const FRAME_ORIGIN = 'http://127.0.0.1:4300';
const unread = { source: 'merchant-im-frame', type: 'unread', payload: { total: 3 } };

describe('frame protocol', () => {
  it('builds the frame URL with account, token, avatar, storeName and lang', () => {
    const url = new URL(
      buildFrameUrl('http://127.0.0.1:4300/', { account: 's_1001', token: 't&k', avatar: '', storeName: 'Demo Store', lang: 'en-US' }),
    );
    expect(url.origin).toBe(FRAME_ORIGIN);
    expect(url.pathname).toBe('/');
    expect(Object.fromEntries(url.searchParams)).toEqual({ account: 's_1001', token: 't&k', avatar: '', storeName: 'Demo Store', lang: 'en-US' });
  });

  it('accepts messages from the frame origin only', () => {
    expect(readFrameMessage({ origin: FRAME_ORIGIN, data: unread }, FRAME_ORIGIN)).toEqual({ type: 'unread', payload: { total: 3 } });
    expect(readFrameMessage({ origin: 'http://evil.example', data: unread }, FRAME_ORIGIN)).toBeNull();
    expect(readFrameMessage({ origin: 'http://127.0.0.1:4301', data: unread }, FRAME_ORIGIN)).toBeNull();
    expect(readFrameMessage({ origin: FRAME_ORIGIN, data: unread }, null)).toBeNull();
  });

  it('ignores messages of other sources, unknown types and malformed payloads', () => {
    expect(readFrameMessage({ origin: FRAME_ORIGIN, data: { ...unread, source: 'devtools' } }, FRAME_ORIGIN)).toBeNull();
    expect(readFrameMessage({ origin: FRAME_ORIGIN, data: { ...unread, type: 'other' } }, FRAME_ORIGIN)).toBeNull();
    expect(readFrameMessage({ origin: FRAME_ORIGIN, data: { ...unread, payload: { total: -1 } } }, FRAME_ORIGIN)).toBeNull();
    expect(readFrameMessage({ origin: FRAME_ORIGIN, data: 'unread' }, FRAME_ORIGIN)).toBeNull();
    expect(
      readFrameMessage({ origin: FRAME_ORIGIN, data: { source: 'merchant-im-frame', type: 'newMessage', payload: { text: 'hi' } } }, FRAME_ORIGIN),
    ).toBeNull();
  });

  it('posts visibility to the frame origin only, and not at all without a frame or an origin', () => {
    const postMessage = jest.fn();
    expect(postVisibility({ postMessage }, FRAME_ORIGIN, false)).toBe(true);
    expect(postMessage).toHaveBeenCalledWith({ source: 'merchant-console', type: 'visibility', payload: { visible: false } }, FRAME_ORIGIN);
    expect(postVisibility({ postMessage }, null, true)).toBe(false);
    expect(postVisibility(null, FRAME_ORIGIN, true)).toBe(false);
    expect(postMessage).toHaveBeenCalledTimes(1);
  });

  it('reads token requests from the frame origin only, with a sane request id', () => {
    const request = (requestId: unknown) => ({ source: 'merchant-im-frame', type: 'tokenRequest', payload: { requestId } });
    expect(readFrameMessage({ origin: FRAME_ORIGIN, data: request('r1') }, FRAME_ORIGIN)).toEqual({ type: 'tokenRequest', payload: { requestId: 'r1' } });
    expect(readFrameMessage({ origin: 'http://evil.example', data: request('r1') }, FRAME_ORIGIN)).toBeNull();
    expect(readFrameMessage({ origin: FRAME_ORIGIN, data: request('') }, FRAME_ORIGIN)).toBeNull();
    expect(readFrameMessage({ origin: FRAME_ORIGIN, data: request(7) }, FRAME_ORIGIN)).toBeNull();
    expect(readFrameMessage({ origin: FRAME_ORIGIN, data: request('x'.repeat(101)) }, FRAME_ORIGIN)).toBeNull();
  });

  it('posts token, token errors and language to the frame origin only', () => {
    const postMessage = jest.fn();
    expect(postToFrame({ postMessage }, FRAME_ORIGIN, tokenMessage('r1', 's_1001', 'tk'))).toBe(true);
    expect(postToFrame({ postMessage }, FRAME_ORIGIN, tokenErrorMessage('r2', 'expired'))).toBe(true);
    expect(postToFrame({ postMessage }, FRAME_ORIGIN, languageMessage('en-US'))).toBe(true);
    expect(postToFrame({ postMessage }, null, languageMessage('en-US'))).toBe(false);
    expect(postMessage.mock.calls).toEqual([
      [{ source: 'merchant-console', type: 'token', payload: { requestId: 'r1', account: 's_1001', token: 'tk' } }, FRAME_ORIGIN],
      [{ source: 'merchant-console', type: 'tokenError', payload: { requestId: 'r2', reason: 'expired' } }, FRAME_ORIGIN],
      [{ source: 'merchant-console', type: 'language', payload: { lang: 'en-US' } }, FRAME_ORIGIN],
    ]);
  });

  it('posts openConversation with a usable IM account only', () => {
    const postMessage = jest.fn();
    expect(normaliseImAccount(' c_demo1 ')).toBe('c_demo1');
    expect(normaliseImAccount('')).toBeNull();
    expect(normaliseImAccount('x'.repeat(65))).toBeNull();
    expect(normaliseImAccount(42)).toBeNull();
    expect(postToFrame({ postMessage }, FRAME_ORIGIN, openConversationMessage('c_demo1'))).toBe(true);
    expect(postMessage).toHaveBeenCalledWith({ source: 'merchant-console', type: 'openConversation', payload: { account: 'c_demo1' } }, FRAME_ORIGIN);
  });
});
