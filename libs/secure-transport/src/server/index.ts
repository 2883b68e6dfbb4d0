/** @merchant/secure-transport/server — the Fastify half of the envelope. */
export {
  secureTransportPlugin,
  secureTransportPlugin as default,
  generateServerKeys,
  DEFAULT_BODY_LIMIT_BYTES,
  DEFAULT_SESSION_RENEW_AFTER_SECONDS,
  DEFAULT_SESSION_TTL_SECONDS,
} from './plugin';
export type {
  SecureRouteContext,
  SecureRouteHandler,
  SecureRouteOptions,
  SecureTransportDecoration,
  SecureTransportMetrics,
  SecureTransportPluginOptions,
  SessionInfo,
} from './plugin';
export { MemorySessionStore } from './session-store';
export type { SessionRecord, SessionStore } from './session-store';
export { EnvelopeError, SecureTransportError, isSecureTransportError } from '../errors';
export type { ErrorInfo } from '../errors';
export * from '../constants';
export type * from '../envelope';
export { SECURITY_MODES } from '../envelope';
export type { CryptoProvider, RsaKeyPair } from '../crypto/provider';
export { createWebCryptoProvider } from '../crypto/webcrypto';
export { createForgeProvider } from '../crypto/forge';
export { createNodeCryptoProvider } from './node-crypto';
