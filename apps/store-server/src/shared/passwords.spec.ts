import { hashSecret, verifySecret } from './passwords';
import { hashOpaqueToken, newOpaqueToken } from './opaque-token';

describe('hashSecret / verifySecret', () => {
  it('verifies the right secret and rejects a wrong one', async () => {
    const stored = await hashSecret('Demo12345');
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(stored).not.toContain('Demo12345');
    await expect(verifySecret('Demo12345', stored)).resolves.toBe(true);
    await expect(verifySecret('Demo12346', stored)).resolves.toBe(false);
  });

  it('salts each hash', async () => {
    const [a, b] = await Promise.all([hashSecret('same-pass1'), hashSecret('same-pass1')]);
    expect(a).not.toBe(b);
  });

  it('never matches a malformed stored value', async () => {
    await expect(verifySecret('x', 'plain-text')).resolves.toBe(false);
    await expect(verifySecret('x', 'scrypt$a$b$c$d$e')).resolves.toBe(false);
    await expect(verifySecret('x', 'scrypt$16384$8$1$AAAA$short')).resolves.toBe(false);
  });
});

describe('opaque tokens', () => {
  it('are random and stored only as a hash', () => {
    const a = newOpaqueToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newOpaqueToken()).not.toBe(a);
    expect(hashOpaqueToken(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashOpaqueToken(a)).toBe(hashOpaqueToken(a));
  });
});
