import type * as Forge from 'node-forge';
import { base64ToBytes, binaryStringToBytes, bytesToBase64, bytesToBinaryString } from '../encoding';
import { AES_GCM_TAG_BITS, type CryptoProvider, KeyCache, RSA_MODULUS_BITS, type RsaKeyPair } from './provider';

type ForgeModule = typeof Forge;
let forgeLoading: Promise<ForgeModule> | undefined;

/** Loaded on first use only, so browsers that have WebCrypto never download node-forge. */
function loadForge(): Promise<ForgeModule> {
  forgeLoading ??= import('node-forge').then((mod) => ((mod as { default?: ForgeModule }).default ?? mod) as ForgeModule);
  return forgeLoading;
}

/** Pure-JavaScript fallback for pages without crypto.subtle (e.g. plain-http LAN addresses). */
export function createForgeProvider(): CryptoProvider {
  const publicKeys = new KeyCache<Forge.pki.rsa.PublicKey>();
  const privateKeys = new KeyCache<Forge.pki.rsa.PrivateKey>();

  /** Parses a base64 DER key once per key: forge's ASN.1 parsing is the slow part of each call. */
  async function cachedKey<K>(cache: KeyCache<K>, encoded: string, parse: (forge: typeof Forge, asn1: Forge.asn1.Asn1) => K): Promise<K> {
    const forge = await loadForge();
    let key = cache.get(encoded);
    if (!key) {
      key = parse(forge, forge.asn1.fromDer(bytesToBinaryString(base64ToBytes(encoded))));
      cache.set(encoded, key);
    }
    return key;
  }

  const publicKeyOf = (spki: string) =>
    cachedKey(publicKeys, spki, (forge, asn1) => forge.pki.publicKeyFromAsn1(asn1) as Forge.pki.rsa.PublicKey);
  const privateKeyOf = (pkcs8: string) =>
    cachedKey(privateKeys, pkcs8, (forge, asn1) => forge.pki.privateKeyFromAsn1(asn1) as Forge.pki.rsa.PrivateKey);

  const oaepOptions = (forge: ForgeModule) => ({
    md: forge.md.sha256.create(),
    mgf1: { md: forge.md.sha256.create() },
  });

  function sha256(forge: ForgeModule, data: Uint8Array): Forge.md.MessageDigest {
    const md = forge.md.sha256.create();
    md.update(bytesToBinaryString(data));
    return md;
  }

  return {
    name: 'forge',
    async generateRsaKeyPair(): Promise<RsaKeyPair> {
      const forge = await loadForge();
      const pair = await new Promise<Forge.pki.rsa.KeyPair>((resolve, reject) =>
        forge.pki.rsa.generateKeyPair({ bits: RSA_MODULUS_BITS, e: 0x10001 }, (error, keys) =>
          error ? reject(error) : resolve(keys),
        ),
      );
      const spki = forge.asn1.toDer(forge.pki.publicKeyToAsn1(pair.publicKey)).getBytes();
      const pkcs8 = forge.asn1.toDer(forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(pair.privateKey))).getBytes();
      return {
        publicKey: bytesToBase64(binaryStringToBytes(spki)),
        privateKey: bytesToBase64(binaryStringToBytes(pkcs8)),
      };
    },
    async rsaOaepEncrypt(publicKey, plaintext) {
      const forge = await loadForge();
      const key = await publicKeyOf(publicKey);
      return binaryStringToBytes(key.encrypt(bytesToBinaryString(plaintext), 'RSA-OAEP', oaepOptions(forge)));
    },
    async rsaOaepDecrypt(privateKey, ciphertext) {
      const forge = await loadForge();
      const key = await privateKeyOf(privateKey);
      return binaryStringToBytes(key.decrypt(bytesToBinaryString(ciphertext), 'RSA-OAEP', oaepOptions(forge)));
    },
    async rsaSign(privateKey, data) {
      const forge = await loadForge();
      const key = await privateKeyOf(privateKey);
      return binaryStringToBytes(key.sign(sha256(forge, data)));
    },
    async rsaVerify(publicKey, data, signature) {
      const forge = await loadForge();
      const key = await publicKeyOf(publicKey);
      try {
        return key.verify(sha256(forge, data).digest().bytes(), bytesToBinaryString(signature));
      } catch {
        return false; // forge throws on malformed signature blocks; that is simply "not valid"
      }
    },
    async aesGcmEncrypt(rawKey, iv, plaintext, aad) {
      const forge = await loadForge();
      const cipher = forge.cipher.createCipher('AES-GCM', bytesToBinaryString(rawKey));
      cipher.start({ iv: bytesToBinaryString(iv), additionalData: bytesToBinaryString(aad), tagLength: AES_GCM_TAG_BITS });
      cipher.update(forge.util.createBuffer(bytesToBinaryString(plaintext)));
      cipher.finish();
      return binaryStringToBytes(cipher.output.getBytes() + cipher.mode.tag.getBytes());
    },
    async aesGcmDecrypt(rawKey, iv, ciphertext, aad) {
      const forge = await loadForge();
      const tagBytes = AES_GCM_TAG_BITS / 8;
      if (ciphertext.length < tagBytes) throw new Error('ciphertext too short');
      const body = ciphertext.subarray(0, ciphertext.length - tagBytes);
      const tag = ciphertext.subarray(ciphertext.length - tagBytes);
      const decipher = forge.cipher.createDecipher('AES-GCM', bytesToBinaryString(rawKey));
      decipher.start({
        iv: bytesToBinaryString(iv),
        additionalData: bytesToBinaryString(aad),
        tagLength: AES_GCM_TAG_BITS,
        tag: forge.util.createBuffer(bytesToBinaryString(tag)),
      });
      decipher.update(forge.util.createBuffer(bytesToBinaryString(body)));
      if (!decipher.finish()) throw new Error('AES-GCM authentication failed');
      return binaryStringToBytes(decipher.output.getBytes());
    },
  };
}
