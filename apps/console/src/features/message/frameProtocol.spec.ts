// Console ⇄ frame contract (docs/decisions/0001): URL parameters and the origin check.
// The messages are declared in @merchant/api-contracts (frame-protocol.spec.ts covers every type);
// these tests pin the wire shape the console posts and reads.
import { consoleToFrameMessage } from '@merchant/api-contracts';
import { buildFrameUrl, normaliseImAccount, postToFrame, readFrameMessage } from './frameProtocol';

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
    expect(readFrameMessage({ origin: FRAME_ORIGIN, data: unread }, FRAME_ORIGIN)).toEqual(unread);
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
    const visibility = (visible: boolean) => consoleToFrameMessage('visibility', { visible });
    expect(postToFrame({ postMessage }, FRAME_ORIGIN, visibility(false))).toBe(true);
    expect(postMessage).toHaveBeenCalledWith({ source: 'merchant-console', type: 'visibility', payload: { visible: false } }, FRAME_ORIGIN);
    expect(postToFrame({ postMessage }, null, visibility(true))).toBe(false);
    expect(postToFrame(null, FRAME_ORIGIN, visibility(true))).toBe(false);
    expect(postMessage).toHaveBeenCalledTimes(1);
  });

  it('reads token requests from the frame origin only, with a sane request id', () => {
    const request = (requestId: unknown) => ({ source: 'merchant-im-frame', type: 'tokenRequest', payload: { requestId } });
    expect(readFrameMessage({ origin: FRAME_ORIGIN, data: request('r1') }, FRAME_ORIGIN)).toEqual(request('r1'));
    expect(readFrameMessage({ origin: 'http://evil.example', data: request('r1') }, FRAME_ORIGIN)).toBeNull();
    expect(readFrameMessage({ origin: FRAME_ORIGIN, data: request('') }, FRAME_ORIGIN)).toBeNull();
    expect(readFrameMessage({ origin: FRAME_ORIGIN, data: request(7) }, FRAME_ORIGIN)).toBeNull();
    expect(readFrameMessage({ origin: FRAME_ORIGIN, data: request('x'.repeat(101)) }, FRAME_ORIGIN)).toBeNull();
  });

  it('posts token, token errors and language to the frame origin only', () => {
    const postMessage = jest.fn();
    expect(postToFrame({ postMessage }, FRAME_ORIGIN, consoleToFrameMessage('token', { requestId: 'r1', account: 's_1001', token: 'tk' }))).toBe(true);
    expect(postToFrame({ postMessage }, FRAME_ORIGIN, consoleToFrameMessage('tokenError', { requestId: 'r2', reason: 'expired' }))).toBe(true);
    expect(postToFrame({ postMessage }, FRAME_ORIGIN, consoleToFrameMessage('language', { lang: 'en-US' }))).toBe(true);
    expect(postToFrame({ postMessage }, null, consoleToFrameMessage('language', { lang: 'en-US' }))).toBe(false);
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
    expect(normaliseImAccount('a b')).toBeNull();
    expect(normaliseImAccount(42)).toBeNull();
    expect(postToFrame({ postMessage }, FRAME_ORIGIN, consoleToFrameMessage('openConversation', { account: 'c_demo1' }))).toBe(true);
    expect(postMessage).toHaveBeenCalledWith({ source: 'merchant-console', type: 'openConversation', payload: { account: 'c_demo1' } }, FRAME_ORIGIN);
  });
});
