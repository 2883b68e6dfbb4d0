/** Sends one envelope: builds sys, encrypts/signs per mode, POSTs JSON, verifies and decrypts the answer. */
import { APP_TYPE, APP_VERSION_CODE, APP_VERSION_NAME, ClientCodes, MessageKeys } from '../constants';
import type { CryptoProvider } from '../crypto/provider';
import { AES_KEY_BYTES } from '../crypto/provider';
import { base64ToBytes, bytesToBase64, randomBytes, randomId } from '../encoding';
import type { ResponseEnvelope, SecurityMode, SysHeader, WireResponse } from '../envelope';
import { SecureTransportError } from '../errors';
import { openJson, requestAad, requestSigningBytes, responseAad, responseSigningBytes, sealJson } from '../wire';

export type FetchLike = (url: string, init: { method: string; headers: Record<string, string>; body: string; signal: AbortSignal }) => Promise<{
  ok: boolean;
  status: number;
  text(): Promise<string>;
}>;

/** Keys the transport needs for one call; absent fields mean "not established yet". */
export interface CallKeys {
  sessionKey: string;
  serverPublicKey?: string;
  clientPrivateKey?: string;
  aesPassword?: string;
}

export interface CallSpec {
  path: string;
  biz: unknown;
  mode: SecurityMode;
  /** Session set-up routes carry plaintext biz even in secured modes. */
  encryptBiz: boolean;
  keys: CallKeys;
  accessToken: string;
  timestamp: number;
  timeoutMs: number;
  signal?: AbortSignal;
  /**
   * createSession without a pinned key: verify the answer with the serverPublicKey it carries (trust on
   * first use; docs/security.md explains why pinning is what defeats an active attacker).
   */
  trustServerKeyInResponse?: boolean;
}

export interface TransportConfig {
  baseUrl: string;
  fetch: FetchLike;
  crypto: CryptoProvider;
  deviceId: string;
  safeAccessDebug: boolean;
  translate: (key: string) => string;
  /** The user's language, sent as Accept-Language on every call (the server answers msg in it). */
  getLanguage?: () => string;
}

/** Only a plain language-range list goes on the wire: anything else (CR/LF, odd characters) is left out. */
const LANGUAGE_HEADER_PATTERN = /^[A-Za-z0-9*;=.,\- ]{1,200}$/;

function requestHeaders(config: TransportConfig): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const language = config.getLanguage?.()?.trim();
  if (language && LANGUAGE_HEADER_PATTERN.test(language)) headers['accept-language'] = language;
  return headers;
}

export interface CallResult {
  sys: SysHeader;
  response: ResponseEnvelope<unknown>;
}

function forged(translate: (key: string) => string): SecureTransportError {
  return new SecureTransportError(ClientCodes.FORGED_RESPONSE, translate(MessageKeys.forgedResponse));
}

function isWireResponse(value: unknown): value is WireResponse {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.code === 'string' && typeof candidate.msg === 'string';
}

export async function sendEnvelope(config: TransportConfig, call: CallSpec): Promise<CallResult> {
  const { crypto } = config;
  const sys: SysHeader = {
    deviceId: config.deviceId,
    method: call.path,
    charset: 'UTF-8',
    safeType: call.mode,
    appType: APP_TYPE,
    appVerName: APP_VERSION_NAME,
    appVerCode: APP_VERSION_CODE,
    safeAccessDebug: config.safeAccessDebug,
    timestamp: call.timestamp,
    sessionKey: call.keys.sessionKey,
    accessToken: call.accessToken,
    nonce: randomId(),
  };

  let bizWire: unknown = call.biz ?? {};
  let contentKey: Uint8Array | undefined;
  if (call.encryptBiz && call.mode === 'rsa') {
    contentKey = randomBytes(AES_KEY_BYTES);
    sys.secretKey = bytesToBase64(await crypto.rsaOaepEncrypt(required(call.keys.serverPublicKey, 'serverPublicKey'), contentKey));
  } else if (call.encryptBiz && (call.mode === 'aes' || call.mode === 'aes-rsa2-sign')) {
    contentKey = base64ToBytes(required(call.keys.aesPassword, 'aesPassword'));
  }
  if (contentKey) bizWire = await sealJson(crypto, contentKey, bizWire, requestAad(call.path, sys));
  if (call.mode === 'aes-rsa2-sign' && call.keys.clientPrivateKey) {
    const signed = requestSigningBytes('POST', call.path, sys, bizWire);
    sys.signature = bytesToBase64(await crypto.rsaSign(call.keys.clientPrivateKey, signed));
  }

  // A sealed biz is base64, which JSON never escapes: splice it in instead of re-scanning it in stringify.
  const body =
    typeof bizWire === 'string' && contentKey
      ? `{"sys":${JSON.stringify(sys)},"biz":"${bizWire}"}`
      : JSON.stringify({ sys, biz: bizWire });
  const wire = await postJson(config, call, body);

  if (call.mode === 'aes-rsa2-sign') {
    let verifyKey = call.keys.serverPublicKey;
    if (!verifyKey && call.trustServerKeyInResponse) verifyKey = (wire.data as { serverPublicKey?: string } | null)?.serverPublicKey;
    if (!(await responseSignatureValid(crypto, wire, sys.nonce, verifyKey))) throw forged(config.translate);
  }
  let data: unknown = wire.data;
  if (wire.enc === true) {
    if (!contentKey) throw forged(config.translate);
    try {
      data = await openJson(crypto, contentKey, wire.data, responseAad(sys.sessionKey, sys.nonce));
    } catch {
      throw forged(config.translate);
    }
  }
  const response: ResponseEnvelope<unknown> = { code: wire.code, msg: wire.msg, data };
  if (wire.errInfo) response.errInfo = wire.errInfo;
  return { sys, response };
}

async function responseSignatureValid(
  crypto: CryptoProvider,
  wire: WireResponse,
  requestNonce: string,
  serverPublicKey: string | undefined,
): Promise<boolean> {
  const sign = wire.sign;
  if (!serverPublicKey || !sign || typeof sign.signature !== 'string' || typeof sign.nonce !== 'string') return false;
  try {
    const { sign: _omit, ...unsigned } = wire;
    const bytes = responseSigningBytes(unsigned, sign.timestamp, sign.nonce, requestNonce);
    return await crypto.rsaVerify(serverPublicKey, bytes, base64ToBytes(sign.signature));
  } catch {
    return false;
  }
}

async function postJson(config: TransportConfig, call: CallSpec, body: string): Promise<WireResponse> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, call.timeoutMs);
  const onCallerAbort = () => controller.abort();
  call.signal?.addEventListener('abort', onCallerAbort, { once: true });
  try {
    const res = await config.fetch(`${config.baseUrl}${call.path}`, {
      method: 'POST',
      headers: requestHeaders(config),
      body,
      signal: controller.signal,
    });
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (!isWireResponse(parsed)) {
      throw new SecureTransportError(ClientCodes.BAD_RESPONSE, `unexpected response (HTTP ${res.status})`);
    }
    return parsed;
  } catch (error) {
    if (error instanceof SecureTransportError) throw error;
    if (timedOut) throw new SecureTransportError(ClientCodes.TIMEOUT, config.translate(MessageKeys.requestTimedOut));
    throw new SecureTransportError(ClientCodes.NETWORK, config.translate(MessageKeys.networkError));
  } finally {
    clearTimeout(timer);
    call.signal?.removeEventListener('abort', onCallerAbort);
  }
}

function required(value: string | undefined, what: string): string {
  if (!value) throw new SecureTransportError(ClientCodes.BAD_RESPONSE, `session has no ${what}`);
  return value;
}
