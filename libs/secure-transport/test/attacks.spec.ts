import { createMemoryStorage, type SecureClient, type SecurityMode } from '../src';
import { MemorySessionStore } from '../src/server';
import { createWebCryptoProvider } from '../src/crypto/webcrypto';
import { bytesToBase64, randomBytes } from '../src/encoding';
import { clientFor, startServer, testServerKeys, type TestServer } from './harness';

interface Captured {
  url: string;
  body: string;
}

/** A client whose requests are recorded so the test can replay or alter them like an attacker on the wire. */
function recordingClient(server: TestServer, mode: SecurityMode, storage = createMemoryStorage()) {
  const sent: Captured[] = [];
  const client: SecureClient = clientFor(server, mode, {
    storage,
    fetch: (url, init) => {
      sent.push({ url, body: init.body });
      return fetch(url, init);
    },
  });
  return { client, sent, storage };
}

async function rawPost(url: string, body: string): Promise<{ code: string; sign?: unknown }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  expect(res.status).toBe(200);
  return res.json() as Promise<{ code: string }>;
}

function flipOneChar(text: string, at: number): string {
  const replacement = text[at] === 'A' ? 'B' : 'A';
  return text.slice(0, at) + replacement + text.slice(at + 1);
}

describe('the server rejects hostile requests with the documented codes', () => {
  let server: TestServer;
  const store = new MemorySessionStore();

  beforeAll(async () => {
    server = await startServer({ sessionStore: store, serverKeys: await testServerKeys() });
  });
  afterAll(() => server.close());

  it.each<SecurityMode>(['rsa', 'aes', 'aes-rsa2-sign'])('%s: a replayed request is refused with 10301008', async (mode) => {
    const { client, sent } = recordingClient(server, mode);
    await client.post('/v1/test/echo', { pay: 100 });
    const original = sent[sent.length - 1];
    expect(await rawPost(original.url, original.body)).toMatchObject({ code: '10301008' });
  });

  it.each<SecurityMode>(['rsa', 'aes', 'aes-rsa2-sign'])('%s: tampered ciphertext is refused', async (mode) => {
    const { client, sent } = recordingClient(server, mode);
    await client.post('/v1/test/echo', { pay: 100 });
    const envelope = JSON.parse(sent[sent.length - 1].body);
    envelope.sys.nonce = 'fresh-nonce-1';
    envelope.biz = flipOneChar(envelope.biz, 20);
    const answer = await rawPost(sent[0].url.replace(/\/v1\/.*/, '/v1/test/echo'), JSON.stringify(envelope));
    // Signed mode catches the change at the signature; the others at the AES-GCM tag.
    expect(answer.code).toBe(mode === 'aes-rsa2-sign' ? '10301007' : '10301005');
  });

  it('aes: a ciphertext moved to another path or time fails its AES-GCM binding', async () => {
    const { client, sent } = recordingClient(server, 'aes');
    await client.post('/v1/test/echo', { pay: 100 });
    const original = sent[sent.length - 1];
    const envelope = JSON.parse(original.body);
    envelope.sys.nonce = 'fresh-nonce-2';
    expect(await rawPost(original.url, JSON.stringify(envelope))).toMatchObject({ code: '10301005' });
  });

  it('aes: a request encrypted with the wrong key is refused with 10301005', async () => {
    const { client, storage } = recordingClient(server, 'aes');
    await client.ensureSession();
    storage.setItem('merchant.secure.aesPassword', JSON.stringify(bytesToBase64(randomBytes(32))));
    await expect(client.post('/v1/test/echo', {})).rejects.toMatchObject({ code: '10301005' });
  });

  it('aes-rsa2-sign: a request signed with another key is refused with 10301007', async () => {
    const { client, storage } = recordingClient(server, 'aes-rsa2-sign');
    await client.ensureSession();
    const stranger = await createWebCryptoProvider().generateRsaKeyPair();
    const keyPair = JSON.parse(storage.getItem('merchant.secure.keyPair')!);
    storage.setItem('merchant.secure.keyPair', JSON.stringify({ ...keyPair, privateKey: stranger.privateKey }));
    await expect(client.post('/v1/test/echo', {})).rejects.toMatchObject({ code: '10301007' });
  });

  it('aes-rsa2-sign: a request with the signature removed is refused with 10301007', async () => {
    const { client, sent } = recordingClient(server, 'aes-rsa2-sign');
    await client.post('/v1/test/echo', {});
    const envelope = JSON.parse(sent[sent.length - 1].body);
    delete envelope.sys.signature;
    expect(await rawPost(sent[0].url.replace(/\/v1\/.*/, '/v1/test/echo'), JSON.stringify(envelope))).toMatchObject({ code: '10301007' });
  });

  it.each<SecurityMode>(['rsa', 'aes', 'aes-rsa2-sign'])('%s: an expired (old timestamp) request is refused with 10301009', async (mode) => {
    const { client, sent } = recordingClient(server, mode);
    await client.post('/v1/test/echo', {});
    const envelope = JSON.parse(sent[sent.length - 1].body);
    envelope.sys.timestamp -= 301;
    expect(await rawPost(sent[0].url.replace(/\/v1\/.*/, '/v1/test/echo'), JSON.stringify(envelope))).toMatchObject({ code: '10301009' });
  });

  it('aes: a session whose AES key the server dropped is answered 10301010; the client clears it and negotiates again', async () => {
    const { client, storage } = recordingClient(server, 'aes');
    const { sessionKey } = await client.post<{ sessionKey: string }>('/v1/test/echo', {});
    const record = (await store.get(sessionKey))!;
    await store.save({ ...record, aesPassword: undefined });
    const handshakes = server.app.secureTransport.metrics.handshakes;
    await expect(client.post('/v1/test/echo', {})).rejects.toMatchObject({ code: '10301010' });
    expect(storage.getItem('merchant.secure.aesPassword')).toBeNull();
    expect(storage.getItem('merchant.secure.session')).not.toBeNull();
    await expect(client.post('/v1/test/echo', { again: true })).resolves.toMatchObject({ biz: { again: true }, sessionKey });
    expect(server.app.secureTransport.metrics.handshakes).toBe(handshakes + 1);
  });

  it('a sessionKey the server never issued is answered 10301002', async () => {
    const body = JSON.stringify({ sys: { safeType: 'aes', sessionKey: 'no-such-session', nonce: 'n1', timestamp: Math.floor(Date.now() / 1000) }, biz: 'AAAA' });
    expect(await rawPost(`${server.url}/v1/test/echo`, body)).toMatchObject({ code: '10301002' });
  });

  it('a route narrowed to signed mode refuses other modes with 10301011', async () => {
    const own = await startServer({ sessionStore: new MemorySessionStore(), serverKeys: await testServerKeys(), modes: ['aes-rsa2-sign'] });
    try {
      await expect(clientFor(own, 'none').post('/v1/test/echo', {})).rejects.toMatchObject({ code: '10301011' });
      await expect(clientFor(own, 'aes-rsa2-sign').post('/v1/test/echo', { ok: 1 })).resolves.toMatchObject({ biz: { ok: 1 } });
    } finally {
      await own.close();
    }
  });

  it('never crashes on random garbage', async () => {
    const bodies = ['null', '"text"', '{"sys":null}', '{"sys":{"safeType":"aes"}}', '{"sys":{"safeType":"aes","nonce":5}}',
      '{"sys":{"safeType":"rsa","nonce":"x","timestamp":1e30}}', '{"__proto__":{"x":1},"sys":{}}', '{"sys":{"safeType":"aes-rsa2-sign","nonce":"n","timestamp":0,"sessionKey":{}}}'];
    for (const body of bodies) {
      const answer = await rawPost(`${server.url}/v1/test/echo`, body);
      expect(answer.code).toMatch(/^1030100[1-9]|^1030101[01]$/);
    }
    await expect(clientFor(server, 'aes').post('/v1/test/echo', { still: 'alive' })).resolves.toMatchObject({ biz: { still: 'alive' } });
  });
});
