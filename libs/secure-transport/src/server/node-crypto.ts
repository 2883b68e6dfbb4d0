/**
 * node:crypto implementation of CryptoProvider, the server half's default. Same algorithms, key formats and
 * wire bytes as the WebCrypto and node-forge providers (tested against both), but synchronous OpenSSL calls:
 * no WebCrypto argument normalisation, no thread-pool hop per operation, and parsed RSA keys are kept as
 * KeyObjects so a PKCS#8/SPKI key is parsed once, not once per request. Lives in ./server only, so
 * browser bundles never see node:crypto.
 */
import {
  constants,
  createCipheriv,
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  generateKeyPair,
  type KeyObject,
  privateDecrypt,
  publicEncrypt,
  sign,
  verify,
} from 'node:crypto';
import { AES_GCM_TAG_BITS, type CryptoProvider, KeyCache, RSA_MODULUS_BITS, type RsaKeyPair } from '../crypto/provider';

const TAG_BYTES = AES_GCM_TAG_BITS / 8;

/** WebCrypto and forge accept 128/192/256-bit AES keys; so does this provider (the library always uses 256). */
function gcmCipherFor(key: Uint8Array): 'aes-128-gcm' | 'aes-192-gcm' | 'aes-256-gcm' {
  switch (key.length) {
    case 16:
      return 'aes-128-gcm';
    case 24:
      return 'aes-192-gcm';
    case 32:
      return 'aes-256-gcm';
    default:
      throw new Error('invalid AES key length');
  }
}

function asBytes(buffer: Buffer): Uint8Array {
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

export function createNodeCryptoProvider(): CryptoProvider {
  const publicKeys = new KeyCache<KeyObject>(1024);
  const privateKeys = new KeyCache<KeyObject>(16);

  function publicKeyOf(spki: string): KeyObject {
    let key = publicKeys.get(spki);
    if (!key) {
      key = createPublicKey({ key: Buffer.from(spki, 'base64'), format: 'der', type: 'spki' });
      if (key.asymmetricKeyType !== 'rsa') throw new Error('not an RSA public key');
      publicKeys.set(spki, key);
    }
    return key;
  }

  function privateKeyOf(pkcs8: string): KeyObject {
    let key = privateKeys.get(pkcs8);
    if (!key) {
      key = createPrivateKey({ key: Buffer.from(pkcs8, 'base64'), format: 'der', type: 'pkcs8' });
      if (key.asymmetricKeyType !== 'rsa') throw new Error('not an RSA private key');
      privateKeys.set(pkcs8, key);
    }
    return key;
  }

  const oaep = (key: KeyObject) => ({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' });
  const pkcs1 = (key: KeyObject) => ({ key, padding: constants.RSA_PKCS1_PADDING });

  return {
    name: 'node',
    generateRsaKeyPair(): Promise<RsaKeyPair> {
      return new Promise((resolve, reject) =>
        generateKeyPair(
          'rsa',
          {
            modulusLength: RSA_MODULUS_BITS,
            publicExponent: 0x10001,
            publicKeyEncoding: { type: 'spki', format: 'der' },
            privateKeyEncoding: { type: 'pkcs8', format: 'der' },
          },
          (error, publicKey, privateKey) =>
            error ? reject(error) : resolve({ publicKey: publicKey.toString('base64'), privateKey: privateKey.toString('base64') }),
        ),
      );
    },
    async rsaOaepEncrypt(publicKey, plaintext) {
      return asBytes(publicEncrypt(oaep(publicKeyOf(publicKey)), plaintext));
    },
    async rsaOaepDecrypt(privateKey, ciphertext) {
      return asBytes(privateDecrypt(oaep(privateKeyOf(privateKey)), ciphertext));
    },
    async rsaSign(privateKey, data) {
      return asBytes(sign('sha256', data, pkcs1(privateKeyOf(privateKey))));
    },
    async rsaVerify(publicKey, data, signature) {
      return verify('sha256', data, pkcs1(publicKeyOf(publicKey)), signature);
    },
    async aesGcmEncrypt(rawKey, iv, plaintext, aad) {
      const cipher = createCipheriv(gcmCipherFor(rawKey), rawKey, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(aad);
      // One output buffer: ciphertext ‖ tag, as WebCrypto returns it.
      const out = Buffer.allocUnsafe(plaintext.length + TAG_BYTES);
      let written = cipher.update(plaintext).copy(out, 0);
      written += cipher.final().copy(out, written);
      cipher.getAuthTag().copy(out, written);
      return asBytes(out.subarray(0, written + TAG_BYTES));
    },
    async aesGcmDecrypt(rawKey, iv, ciphertext, aad) {
      if (ciphertext.length < TAG_BYTES) throw new Error('ciphertext too short');
      // authTagLength pins the tag at 128 bits: a truncated tag is refused, never accepted as shorter.
      const decipher = createDecipheriv(gcmCipherFor(rawKey), rawKey, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(aad);
      decipher.setAuthTag(ciphertext.subarray(ciphertext.length - TAG_BYTES));
      const body = decipher.update(ciphertext.subarray(0, ciphertext.length - TAG_BYTES));
      decipher.final(); // throws when the tag does not verify
      return asBytes(body);
    },
  };
}
