// Private objects (issue 13; docs/im-upload.md "Private objects"): an object uploaded with nosScene
// 'private' is served only with an access token from getNosAccessToken, which only its owner gets;
// deleteNosAccessToken revokes it. Real server, real socket, real HTTP; im-core's createNosAccess is
// the client call under test.
import { createNosAccess } from '@merchant/im-core';
import { RawImClient } from './support/raw-client';
import { useImServer } from './support/server-fixture';
import { md5, pngBytes, uploadWhole } from './support/upload-http';

const DAY_MS = 24 * 60 * 60 * 1000;

/** im-core's request port over a raw client: a non-200 answer is thrown, as ImConnection does. */
function requestOf(client: RawImClient) {
  return (async (name: string, body: object) => {
    const answer = await client.request(name as 'getNosAccessToken', body as { url: string });
    if (answer.code !== 200) throw Object.assign(new Error(`${name} answered ${answer.code}`), { code: answer.code });
    return answer.body;
  }) as unknown as Parameters<typeof createNosAccess>[0];
}

async function get(url: string) {
  const response = await fetch(url);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = Buffer.from(bytes).toString('utf8');
  return { status: response.status, bytes, headers: response.headers, json: () => JSON.parse(text) as { errCode: string; errMsg: string } };
}

describe('private objects and access tokens (issue 13)', () => {
  let clock = Date.now();
  const fixture = useImServer({ now: () => clock });
  const login = (name: string) => fixture.login(name);

  it('is refused without a token, read by its owner with one, and the token works only for that object', async () => {
    const alice = await login('priv_alice');
    const file = pngBytes(5000);
    const { url } = await uploadWhole(fixture.server, alice, file, { nosScene: 'private' });

    const bare = await get(url);
    expect(bare.status).toBe(403);
    expect(bare.json()).toEqual({ errCode: 'ACCESS_TOKEN_REQUIRED', errMsg: 'this object is private; an access token is required' });

    const access = await createNosAccess(requestOf(alice)).getNosAccessToken(url);
    expect(access.url).toBe(`${url}?token=${access.token}`);
    expect(access.expireTime).toBe(clock + DAY_MS);
    const read = await get(access.url);
    expect(read.status).toBe(200);
    expect(read.headers.get('cache-control')).toBe('private, no-store');
    expect(md5(read.bytes)).toBe(md5(file));
    // Range works with the token too (players seek in private videos).
    const ranged = await fetch(access.url, { headers: { range: 'bytes=0-9' } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer())).toEqual(file.subarray(0, 10));

    // A made-up token, and Alice's token on another private object of hers.
    expect((await get(`${url}?token=${'A'.repeat(32)}`)).json()).toEqual({ errCode: 'ACCESS_TOKEN_INVALID', errMsg: 'the access token is not valid or was revoked' });
    const other = await uploadWhole(fixture.server, alice, pngBytes(100), { nosScene: 'private' });
    const crossed = await get(`${other.url}?token=${access.token}`);
    expect(crossed.status).toBe(403);
    expect(crossed.json()).toEqual({ errCode: 'ACCESS_TOKEN_OBJECT', errMsg: 'the access token is for another object' });

    // A public object needs no token, as before.
    const open = await uploadWhole(fixture.server, alice, pngBytes(100));
    expect((await get(open.url)).status).toBe(200);
  });

  it('gives a stranger no token to another account\'s object; a stranger\'s token for its own object does not open it', async () => {
    const alice = await login('priv_owner');
    const mallory = await login('priv_stranger');
    const { url } = await uploadWhole(fixture.server, alice, pngBytes(2000), { nosScene: 'private' });

    const refused = await mallory.request('getNosAccessToken', { url });
    expect(refused.code).toBe(403);
    await expect(createNosAccess(requestOf(mallory)).getNosAccessToken(url)).rejects.toMatchObject({ code: 403 });

    const own = await uploadWhole(fixture.server, mallory, pngBytes(100), { nosScene: 'private' });
    const malloryAccess = await createNosAccess(requestOf(mallory)).getNosAccessToken(own.url);
    expect((await get(malloryAccess.url)).status).toBe(200);
    const crossed = await get(`${url}?token=${malloryAccess.token}`);
    expect(crossed.status).toBe(403);
    expect(crossed.json().errCode).toBe('ACCESS_TOKEN_OBJECT');
    expect((await get(url)).status).toBe(403);
  });

  it('a revoked token reads nothing at once; only the account it was issued to can revoke it', async () => {
    const alice = await login('priv_revoke');
    const mallory = await login('priv_revoke_other');
    const { url } = await uploadWhole(fixture.server, alice, pngBytes(3000), { nosScene: 'private' });
    const access = await createNosAccess(requestOf(alice)).getNosAccessToken(url);
    expect((await get(access.url)).status).toBe(200);

    // Mallory holding the token (it was in a URL) cannot revoke it, and it still works.
    expect((await mallory.request('deleteNosAccessToken', { token: access.token })).code).toBe(404);
    expect((await get(access.url)).status).toBe(200);

    await createNosAccess(requestOf(alice)).deleteNosAccessToken(access.token);
    const revoked = await get(access.url);
    expect(revoked.status).toBe(403);
    expect(revoked.json()).toEqual({ errCode: 'ACCESS_TOKEN_INVALID', errMsg: 'the access token is not valid or was revoked' });
    // Revoking again: there is no such token any more.
    expect((await alice.request('deleteNosAccessToken', { token: access.token })).code).toBe(404);
  });

  it('an expired token reads nothing', async () => {
    const alice = await login('priv_expire');
    const { url } = await uploadWhole(fixture.server, alice, pngBytes(1000), { nosScene: 'private' });
    const access = await createNosAccess(requestOf(alice)).getNosAccessToken(url);
    expect((await get(access.url)).status).toBe(200);
    clock += DAY_MS + 1;
    try {
      const expired = await get(access.url);
      expect(expired.status).toBe(403);
      expect(expired.json()).toEqual({ errCode: 'ACCESS_TOKEN_EXPIRED', errMsg: 'the access token has expired' });
      // A new token reads again.
      expect((await get((await createNosAccess(requestOf(alice)).getNosAccessToken(url)).url)).status).toBe(200);
    } finally {
      clock -= DAY_MS + 1;
    }
  });

  it('answers malformed token requests with a clear error and keeps serving', async () => {
    const alice = await login('priv_bad');
    for (const url of ['', 'not a url', 'ftp://x/nos/im/a.png', `${fixture.server.url}/elsewhere/im/a.png`, `${fixture.server.url}/nos/im/..%2F..%2Fetc`]) {
      const answer = await alice.request('getNosAccessToken', { url });
      expect(answer.code).toBe(414);
    }
    expect((await alice.request('getNosAccessToken', { url: `${fixture.server.url}/nos/im/${'0'.repeat(32)}.png` })).code).toBe(404);
    expect((await alice.request('deleteNosAccessToken', { token: '' })).code).toBe(414);
    expect((await fetch(`${fixture.server.url}/healthz`)).status).toBe(200);
  });
});
