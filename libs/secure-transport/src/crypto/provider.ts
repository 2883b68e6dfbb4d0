/**
 * The cryptographic primitives the envelope needs. Keys travel and are stored as base64 DER
 * (SPKI for public keys, PKCS#8 for private keys) so both implementations read each other's keys.
 */
export interface RsaKeyPair {
  /** base64 SPKI DER */
  publicKey: string;
  /** base64 PKCS#8 DER */
  privateKey: string;
}

export interface CryptoProvider {
  readonly name: 'webcrypto' | 'forge' | string;
  /** RSA-2048, e = 65537; the pair serves RSA-OAEP-SHA256 and RSASSA-PKCS1-v1_5-SHA256. */
  generateRsaKeyPair(): Promise<RsaKeyPair>;
  rsaOaepEncrypt(publicKey: string, plaintext: Uint8Array): Promise<Uint8Array>;
  rsaOaepDecrypt(privateKey: string, ciphertext: Uint8Array): Promise<Uint8Array>;
  rsaSign(privateKey: string, data: Uint8Array): Promise<Uint8Array>;
  rsaVerify(publicKey: string, data: Uint8Array, signature: Uint8Array): Promise<boolean>;
  /** AES-256-GCM with a 128-bit tag appended to the ciphertext. */
  aesGcmEncrypt(key: Uint8Array, iv: Uint8Array, plaintext: Uint8Array, aad: Uint8Array): Promise<Uint8Array>;
  /** Rejects when the tag does not verify (tampered data, wrong key or wrong aad). */
  aesGcmDecrypt(key: Uint8Array, iv: Uint8Array, ciphertext: Uint8Array, aad: Uint8Array): Promise<Uint8Array>;
}

export const RSA_MODULUS_BITS = 2048;
export const AES_KEY_BYTES = 32;
export const AES_GCM_IV_BYTES = 12;
export const AES_GCM_TAG_BITS = 128;

/** Small bounded cache so imported keys are reused across requests without growing forever. */
export class KeyCache<V> {
  private readonly entries = new Map<string, V>();
  constructor(private readonly capacity = 64) {}

  get(key: string): V | undefined {
    return this.entries.get(key);
  }

  set(key: string, value: V): void {
    if (this.entries.size >= this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, value);
  }
}
