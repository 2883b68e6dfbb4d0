import { createForgeProvider } from './forge';
import type { CryptoProvider, RsaKeyPair } from './provider';
import { createWebCryptoProvider } from './webcrypto';
import { createDefaultCryptoProvider } from './select';
import { randomBytes, utf8Encode } from '../encoding';
import { createNodeCryptoProvider } from '../server/node-crypto';

const web = createWebCryptoProvider();
const forge = createForgeProvider();
const node = createNodeCryptoProvider();
const providers: [string, CryptoProvider][] = [['webcrypto', web], ['forge', forge], ['node', node]];
const pairs: [string, CryptoProvider, CryptoProvider][] = [
  ['webcrypto → forge', web, forge],
  ['forge → webcrypto', forge, web],
  ['webcrypto → webcrypto', web, web],
  ['forge → forge', forge, forge],
  ['node → webcrypto', node, web],
  ['webcrypto → node', web, node],
  ['node → forge', node, forge],
  ['forge → node', forge, node],
  ['node → node', node, node],
];

// forge's RSA key generation and private-key operations take seconds of one core on a loaded machine (TOOLCHAIN.md
// baselines): more than jest's 5 s default when the first stage runs four tasks on two cores.
jest.setTimeout(30_000);

describe('crypto providers are interchangeable', () => {
  let webKeys: RsaKeyPair;
  let forgeKeys: RsaKeyPair;
  let nodeKeys: RsaKeyPair;
  const allKeys = () => [webKeys, forgeKeys, nodeKeys];

  beforeAll(async () => {
    [webKeys, forgeKeys, nodeKeys] = await Promise.all([web.generateRsaKeyPair(), forge.generateRsaKeyPair(), node.generateRsaKeyPair()]);
  });

  it.each(providers)('%s produces RSA-2048 SPKI/PKCS#8 keys', async (_name) => {
    for (const keys of allKeys()) {
      // 2048-bit SPKI DER is 294 bytes → 392 base64 chars
      expect(keys.publicKey).toHaveLength(392);
      expect(keys.privateKey.length).toBeGreaterThan(1200);
    }
  });

  it.each(pairs)('RSA-OAEP-SHA256 %s decrypts the other side', async (_label, sender, receiver) => {
    for (const keys of allKeys()) {
      const secret = randomBytes(32);
      const sealed = await sender.rsaOaepEncrypt(keys.publicKey, secret);
      expect(sealed).toHaveLength(256);
      expect(await receiver.rsaOaepDecrypt(keys.privateKey, sealed)).toEqual(secret);
    }
  });

  it.each(pairs)('RSASSA-PKCS1-v1_5-SHA256 %s verifies the other side, and rejects changes', async (_label, signer, verifier) => {
    const data = utf8Encode('POST\n/v1/x\n1700000000\nnonce\n{"a":1}\n');
    for (const keys of allKeys()) {
      const signature = await signer.rsaSign(keys.privateKey, data);
      expect(await verifier.rsaVerify(keys.publicKey, data, signature)).toBe(true);
      const changed = data.slice();
      changed[0] ^= 1;
      expect(await verifier.rsaVerify(keys.publicKey, changed, signature)).toBe(false);
      expect(await verifier.rsaVerify(keys.publicKey, data, new Uint8Array(256))).toBe(false);
    }
  });

  it.each(pairs)('AES-256-GCM %s: identical ciphertext, mutual decryption, tag checks', async (_label, sender, receiver) => {
    const key = randomBytes(32);
    const iv = randomBytes(12);
    const aad = utf8Encode('req\n/path');
    const plaintext = randomBytes(70_001);
    const sealed = await sender.aesGcmEncrypt(key, iv, plaintext, aad);
    expect(sealed).toEqual(await receiver.aesGcmEncrypt(key, iv, plaintext, aad));
    expect(await receiver.aesGcmDecrypt(key, iv, sealed, aad)).toEqual(plaintext);
    const tampered = sealed.slice();
    tampered[5] ^= 0x80;
    await expect(receiver.aesGcmDecrypt(key, iv, tampered, aad)).rejects.toThrow();
    await expect(receiver.aesGcmDecrypt(key, iv, sealed, utf8Encode('other'))).rejects.toThrow();
    await expect(receiver.aesGcmDecrypt(randomBytes(32), iv, sealed, aad)).rejects.toThrow();
    // A truncated tag (here 96 bits) must never be accepted as a shorter valid tag.
    await expect(receiver.aesGcmDecrypt(key, iv, sealed.subarray(0, sealed.length - 4), aad)).rejects.toThrow();
  });

  it.each(providers)('%s refuses garbage keys instead of using them', async (_name, provider) => {
    await expect(provider.rsaOaepEncrypt('AAAA', randomBytes(32))).rejects.toThrow();
    await expect(provider.aesGcmEncrypt(randomBytes(7), randomBytes(12), randomBytes(8), randomBytes(0))).rejects.toThrow();
  });

  it('falls back to node-forge when crypto.subtle is missing (plain-http pages)', () => {
    const original = Object.getOwnPropertyDescriptor(globalThis, 'crypto')!;
    Object.defineProperty(globalThis, 'crypto', { value: { getRandomValues: original.value.getRandomValues.bind(original.value) }, configurable: true });
    try {
      expect(createDefaultCryptoProvider().name).toBe('forge');
    } finally {
      Object.defineProperty(globalThis, 'crypto', original);
    }
    expect(createDefaultCryptoProvider().name).toBe('webcrypto');
  });
});
