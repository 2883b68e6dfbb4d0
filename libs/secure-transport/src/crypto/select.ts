import { createForgeProvider } from './forge';
import type { CryptoProvider } from './provider';
import { createWebCryptoProvider } from './webcrypto';

/** WebCrypto where crypto.subtle exists (secure contexts, Node), node-forge otherwise. */
export function createDefaultCryptoProvider(): CryptoProvider {
  const subtle = (globalThis as { crypto?: { subtle?: SubtleCrypto } }).crypto?.subtle;
  return subtle ? createWebCryptoProvider(subtle) : createForgeProvider();
}
