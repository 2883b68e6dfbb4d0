/** Fastify plugin: envelope decoding, session routes, response encryption/signing (docs/security.md). */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { INTERNAL_ERROR_CODE, REQUEST_TOO_LARGE, SecurityCodes, SESSION_PATHS, SUCCESS_CODE, TIMESTAMP_WINDOW_SECONDS } from '../constants';
import type { CryptoProvider, RsaKeyPair } from '../crypto/provider';
import { AES_KEY_BYTES } from '../crypto/provider';
import { bytesToBase64, randomBytes, randomId } from '../encoding';
import type {
  CreateSessionResult,
  HandshakeResult,
  RenewSessionResult,
  ResponseEnvelope,
  SecurityMode,
  SysHeader,
  WireResponse,
} from '../envelope';
import { SECURITY_MODES } from '../envelope';
import { SecureTransportError } from '../errors';
import { nowSeconds, responseAad, responseSigningBytes, sealJson } from '../wire';
import { type DecodeContext, decodeRequest, type DecodeState, type RouteKind } from './decode';
import { createNodeCryptoProvider } from './node-crypto';
import type { SessionRecord, SessionStore } from './session-store';

/** Session timing defaults: renew after 20 minutes, dead after 30 (docs/security.md). */
export const DEFAULT_SESSION_RENEW_AFTER_SECONDS = 20 * 60;
export const DEFAULT_SESSION_TTL_SECONDS = 30 * 60;
/** Envelopes carry base64 ciphertext (4/3 of the body); allow bodies well past fastify's 1 MiB default. */
export const DEFAULT_BODY_LIMIT_BYTES = 16 * 1024 * 1024;

export interface SecureTransportPluginOptions {
  sessionStore: SessionStore;
  /** The server's RSA-2048 pair. Give the same pair to every instance; generated at start when absent. */
  serverKeys?: RsaKeyPair;
  /** Modes the server accepts (default: all four). */
  modes?: readonly SecurityMode[];
  sessionRenewAfterSeconds?: number;
  sessionTtlSeconds?: number;
  timestampWindowSeconds?: number;
  bodyLimit?: number;
  crypto?: CryptoProvider;
  /** Clock in milliseconds; injectable for tests. */
  now?: () => number;
}

/** Session data a handler may see; keys stay inside the plugin. */
export interface SessionInfo {
  sessionKey: string;
  createdAt: number;
  renewTime: number;
  expireTime: number;
}

export interface SecureRouteContext<B = unknown> {
  biz: B;
  sys: SysHeader;
  session: SessionInfo | null;
  accessToken: string;
  request: FastifyRequest;
}

export type SecureRouteHandler<B = unknown, T = unknown> = (ctx: SecureRouteContext<B>) => Promise<T> | T;

export interface SecureRouteOptions {
  /** Narrows the accepted modes for this route, e.g. ['aes', 'aes-rsa2-sign'] for payments. */
  modes?: readonly SecurityMode[];
}

export interface SecureTransportMetrics {
  sessionsCreated: number;
  handshakes: number;
  renewals: number;
  rejected: number;
}

export interface SecureTransportDecoration {
  readonly metrics: SecureTransportMetrics;
  readonly serverPublicKey: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    secureRoute<B = unknown, T = unknown>(path: string, handler: SecureRouteHandler<B, T>, options?: SecureRouteOptions): void;
    secureTransport: SecureTransportDecoration;
  }
}

type InternalHandler = (state: DecodeState, request: FastifyRequest) => Promise<unknown>;

async function secureTransportPluginImpl(app: FastifyInstance, options: SecureTransportPluginOptions): Promise<void> {
  // node:crypto by default: same algorithms and wire bytes as WebCrypto, a fraction of the per-call cost.
  const crypto = options.crypto ?? createNodeCryptoProvider();
  const now = options.now ?? Date.now;
  const store = options.sessionStore;
  if (!store) throw new Error('secure-transport: sessionStore option is required');
  if (!options.serverKeys) app.log.warn('secure-transport: no serverKeys given; generated a pair that other instances will not share');
  const serverKeys = options.serverKeys ?? (await crypto.generateRsaKeyPair());
  const pluginModes = options.modes ?? SECURITY_MODES;
  const renewAfter = options.sessionRenewAfterSeconds ?? DEFAULT_SESSION_RENEW_AFTER_SECONDS;
  const ttl = options.sessionTtlSeconds ?? DEFAULT_SESSION_TTL_SECONDS;
  const window = options.timestampWindowSeconds ?? TIMESTAMP_WINDOW_SECONDS;
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT_BYTES;
  const metrics: SecureTransportMetrics = { sessionsCreated: 0, handshakes: 0, renewals: 0, rejected: 0 };

  app.decorate('secureTransport', { metrics, serverPublicKey: serverKeys.publicKey });

  async function encodeResponse(state: DecodeState, response: ResponseEnvelope<unknown>): Promise<WireResponse> {
    const wire: WireResponse = { code: response.code, msg: response.msg, data: response.data ?? null };
    if (response.errInfo) wire.errInfo = response.errInfo;
    const sys = state.sys;
    if (state.contentKey && sys && response.code === SUCCESS_CODE) {
      wire.data = await sealJson(crypto, state.contentKey, wire.data, responseAad(sys.sessionKey, sys.nonce));
      wire.enc = true;
    }
    if (state.mode === 'aes-rsa2-sign' && sys && typeof sys.nonce === 'string') {
      const timestamp = nowSeconds(now());
      const nonce = randomId();
      const signature = await crypto.rsaSign(serverKeys.privateKey, responseSigningBytes(wire, timestamp, nonce, sys.nonce));
      wire.sign = { timestamp, nonce, signature: bytesToBase64(signature) };
    }
    return wire;
  }

  /** Every answer is HTTP 200 with an envelope; nothing a client sends can crash the route. */
  async function answer(request: FastifyRequest, reply: FastifyReply, state: DecodeState, run: () => Promise<unknown>) {
    let response: ResponseEnvelope<unknown>;
    try {
      response = { code: SUCCESS_CODE, msg: 'success', data: (await run()) ?? null };
    } catch (error) {
      response = toErrorResponse(request, error);
    }
    try {
      return reply.code(200).send(await encodeResponse(state, response));
    } catch (error) {
      request.log.error({ reason: describe(error) }, 'secure-transport: response encoding failed');
      return reply.code(200).send({ code: INTERNAL_ERROR_CODE, msg: 'internal error', data: null });
    }
  }

  function toErrorResponse(request: FastifyRequest, error: unknown): ResponseEnvelope<unknown> {
    if (error instanceof SecureTransportError) {
      if (error.code.startsWith('10301')) {
        metrics.rejected++;
        // Log the code and our own reason text only: never the body, keys or tokens.
        request.log.warn({ code: error.code, reason: error.msg, url: request.url }, 'secure-transport: request rejected');
      }
      const response: ResponseEnvelope<unknown> = { code: error.code, msg: error.msg, data: null };
      if (error.errInfo) response.errInfo = error.errInfo;
      return response;
    }
    request.log.error({ reason: describe(error), url: request.url }, 'secure-transport: handler failed');
    return { code: INTERNAL_ERROR_CODE, msg: 'internal error', data: null };
  }

  function register(instance: FastifyInstance, path: string, kind: RouteKind, modes: readonly SecurityMode[], handler: InternalHandler) {
    const allowedModes = pluginModes.filter((mode) => modes.includes(mode));
    instance.route({
      method: 'POST',
      url: path,
      bodyLimit,
      // Unparseable JSON or wrong content type: a malformed envelope; an oversized body: REQUEST_TOO_LARGE with the
      // limit (the client keeps its session). An envelope either way, not a bare 4xx.
      errorHandler: (error: FastifyError, request, reply) => {
        metrics.rejected++;
        if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
          request.log.warn({ code: REQUEST_TOO_LARGE, limitBytes: bodyLimit, url: request.url }, 'secure-transport: request rejected');
          return reply.code(200).send({ code: REQUEST_TOO_LARGE, msg: `request body too large (limit ${bodyLimit} bytes)`, data: null, errInfo: { limitBytes: bodyLimit } });
        }
        request.log.warn({ code: SecurityCodes.MALFORMED_ENVELOPE, reason: error.code ?? error.name, url: request.url }, 'secure-transport: request rejected');
        return reply.code(200).send({ code: SecurityCodes.MALFORMED_ENVELOPE, msg: 'malformed envelope', data: null });
      },
      handler: async (request, reply) => {
        const state: DecodeState = {};
        const decodeContext: DecodeContext = {
          crypto,
          store,
          serverKeys,
          allowedModes,
          timestampWindowSeconds: window,
          nowSeconds: nowSeconds(now()),
        };
        const fullPath = request.routeOptions.url ?? path;
        return answer(request, reply, state, async () => {
          await decodeRequest(decodeContext, kind, fullPath, request.body, state);
          return handler(state, request);
        });
      },
    });
  }

  function sessionInfo(record: SessionRecord | undefined): SessionInfo | null {
    if (!record) return null;
    return { sessionKey: record.sessionKey, createdAt: record.createdAt, renewTime: record.renewTime, expireTime: record.expireTime };
  }

  app.decorate('secureRoute', function secureRoute<B, T>(
    this: FastifyInstance,
    path: string,
    handler: SecureRouteHandler<B, T>,
    routeOptions: SecureRouteOptions = {},
  ) {
    register(this, path, 'secure', routeOptions.modes ?? SECURITY_MODES, async (state, request) =>
      handler({
        biz: state.biz as B,
        sys: state.sys!,
        session: sessionInfo(state.session),
        accessToken: typeof state.sys?.accessToken === 'string' ? state.sys.accessToken : '',
        request,
      }),
    );
  });

  register(app, SESSION_PATHS.createSession, 'createSession', SECURITY_MODES, async (): Promise<CreateSessionResult> => {
    const at = nowSeconds(now());
    const record: SessionRecord = { sessionKey: randomId(24), createdAt: at, renewTime: at + renewAfter, expireTime: at + ttl };
    await store.save(record);
    metrics.sessionsCreated++;
    return { sessionKey: record.sessionKey, serverPublicKey: serverKeys.publicKey, renewTime: record.renewTime, expireTime: record.expireTime, serverTime: at };
  });

  register(app, SESSION_PATHS.handshake, 'handshake', SECURITY_MODES, async (state): Promise<HandshakeResult> => {
    const session = state.session!;
    const clientPublicKey = (state.biz as { clientPublicKey: string }).clientPublicKey;
    const aesKey = randomBytes(AES_KEY_BYTES);
    let sealedKey: Uint8Array;
    try {
      sealedKey = await crypto.rsaOaepEncrypt(clientPublicKey, aesKey);
    } catch {
      throw new SecureTransportError(SecurityCodes.MALFORMED_ENVELOPE, 'clientPublicKey is not an RSA public key');
    }
    await store.save({ ...session, clientPublicKey, aesPassword: bytesToBase64(aesKey) });
    metrics.handshakes++;
    return { aesPassword: bytesToBase64(sealedKey) };
  });

  register(app, SESSION_PATHS.renewSession, 'secure', ['rsa', 'aes', 'aes-rsa2-sign'], async (state): Promise<RenewSessionResult> => {
    const at = nowSeconds(now());
    const renewed: SessionRecord = { ...state.session!, renewTime: at + renewAfter, expireTime: at + ttl };
    await store.save(renewed);
    metrics.renewals++;
    return { renewTime: renewed.renewTime, expireTime: renewed.expireTime, serverTime: at };
  });
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : typeof error;
}

// Same effect as fastify-plugin: the decorators and routes belong to the parent instance.
Object.assign(secureTransportPluginImpl, {
  [Symbol.for('skip-override')]: true,
  [Symbol.for('fastify.display-name')]: '@merchant/secure-transport',
});

export const secureTransportPlugin = secureTransportPluginImpl;

/** A fresh RSA-2048 pair for the serverKeys option (store it and give it to every instance). */
export function generateServerKeys(crypto: CryptoProvider = createNodeCryptoProvider()): Promise<RsaKeyPair> {
  return crypto.generateRsaKeyPair();
}
