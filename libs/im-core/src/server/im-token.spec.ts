import { signImToken, verifyImToken, ImTokenError } from './im-token';

const KEY = 'test-shared-key';

describe('IM token', () => {
  it('round-trips claims signed with the shared key', () => {
    const token = signImToken({ accid: 's_1001', appKey: 'merchant-im' }, KEY, 1_000);
    expect(verifyImToken(token, KEY, 1_001)).toMatchObject({ accid: 's_1001', appKey: 'merchant-im', iat: 1_000 });
  });

  it.each([
    ['wrong key', (t: string) => verifyImToken(t, 'other-key', 1_001), 'bad-signature'],
    ['tampered claims', (t: string) => verifyImToken('x' + t.slice(1), KEY, 1_001), 'bad-signature'],
    ['expired', (t: string) => verifyImToken(t, KEY, 10_000_000), 'expired'],
    ['malformed', () => verifyImToken('not-a-token', KEY), 'malformed'],
    ['not a string', () => verifyImToken(42, KEY), 'malformed'],
  ])('rejects a %s token with a typed error', (_name, check, reason) => {
    const token = signImToken({ accid: 's_1001', appKey: 'merchant-im' }, KEY, 1_000);
    let caught: unknown;
    try {
      check(token);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(ImTokenError);
    expect((caught as ImTokenError).reason).toBe(reason);
  });
});
