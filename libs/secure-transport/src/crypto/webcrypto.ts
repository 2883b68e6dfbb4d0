import { base64ToBytes, bytesToBase64, bytesToBinaryString } from '../encoding';
import { AES_GCM_TAG_BITS, type CryptoProvider, KeyCache, RSA_MODULUS_BITS, type RsaKeyPair } from './provider';

const OAEP = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;
const PKCS1 = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;

// TS 5.9's lib types want ArrayBuffer-backed views; our Uint8Arrays always are.
const buf = (bytes: Uint8Array): Uint8Array<ArrayBuffer> => bytes as Uint8Array<ArrayBuffer>;

/** WebCrypto implementation (browsers in secure contexts, Node ≥ 19 via globalThis.crypto.subtle). */
export function createWebCryptoProvider(subtle: SubtleCrypto = globalThis.crypto.subtle): CryptoProvider {
  const keys = new KeyCache<CryptoKey>(128);

  async function importKey(
    format: 'spki' | 'pkcs8' | 'raw',
    material: string | Uint8Array,
    algorithm: AlgorithmIdentifier | RsaHashedImportParams,
    usage: KeyUsage,
  ): Promise<CryptoKey> {
    const text = typeof material === 'string' ? material : bytesToBinaryString(material);
    const cacheKey = `${format}|${JSON.stringify(algorithm)}|${usage}|${text}`;
    const cached = keys.get(cacheKey);
    if (cached) return cached;
    const der = typeof material === 'string' ? base64ToBytes(material) : material;
    const key = await subtle.importKey(format, buf(der), algorithm, false, [usage]);
    keys.set(cacheKey, key);
    return key;
  }

  return {
    name: 'webcrypto',
    async generateRsaKeyPair(): Promise<RsaKeyPair> {
      const pair = await subtle.generateKey(
        { ...OAEP, modulusLength: RSA_MODULUS_BITS, publicExponent: new Uint8Array([1, 0, 1]) },
        true,
        ['encrypt', 'decrypt'],
      );
      const [spki, pkcs8] = await Promise.all([
        subtle.exportKey('spki', pair.publicKey),
        subtle.exportKey('pkcs8', pair.privateKey),
      ]);
      return { publicKey: bytesToBase64(new Uint8Array(spki)), privateKey: bytesToBase64(new Uint8Array(pkcs8)) };
    },
    async rsaOaepEncrypt(publicKey, plaintext) {
      const key = await importKey('spki', publicKey, OAEP, 'encrypt');
      return new Uint8Array(await subtle.encrypt(OAEP, key, buf(plaintext)));
    },
    async rsaOaepDecrypt(privateKey, ciphertext) {
      const key = await importKey('pkcs8', privateKey, OAEP, 'decrypt');
      return new Uint8Array(await subtle.decrypt(OAEP, key, buf(ciphertext)));
    },
    async rsaSign(privateKey, data) {
      const key = await importKey('pkcs8', privateKey, PKCS1, 'sign');
      return new Uint8Array(await subtle.sign(PKCS1, key, buf(data)));
    },
    async rsaVerify(publicKey, data, signature) {
      const key = await importKey('spki', publicKey, PKCS1, 'verify');
      return subtle.verify(PKCS1, key, buf(signature), buf(data));
    },
    async aesGcmEncrypt(rawKey, iv, plaintext, aad) {
      const key = await importKey('raw', rawKey, { name: 'AES-GCM' }, 'encrypt');
      const params = { name: 'AES-GCM', iv: buf(iv), additionalData: buf(aad), tagLength: AES_GCM_TAG_BITS };
      return new Uint8Array(await subtle.encrypt(params, key, buf(plaintext)));
    },
    async aesGcmDecrypt(rawKey, iv, ciphertext, aad) {
      const key = await importKey('raw', rawKey, { name: 'AES-GCM' }, 'decrypt');
      const params = { name: 'AES-GCM', iv: buf(iv), additionalData: buf(aad), tagLength: AES_GCM_TAG_BITS };
      return new Uint8Array(await subtle.decrypt(params, key, buf(ciphertext)));
    },
  };
}
