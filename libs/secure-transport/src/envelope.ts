/** Envelope types shared by the client and the server half (console-spec §3, §7). */
import type { ErrorInfo } from './errors';

export type SecurityMode = 'none' | 'rsa' | 'aes' | 'aes-rsa2-sign';
export const SECURITY_MODES: readonly SecurityMode[] = ['none', 'rsa', 'aes', 'aes-rsa2-sign'];

/** console-spec §3: the sys part of a request. nonce/secretKey/signature are this library's additions. */
export interface SysHeader {
  deviceId: string;
  method: string;
  charset: string;
  safeType: SecurityMode;
  appType: string;
  appVerName: string;
  appVerCode: string;
  safeAccessDebug: boolean;
  /** Seconds, corrected by the server clock offset learnt at createSession. */
  timestamp: number;
  sessionKey: string;
  accessToken: string;
  /** Random per request; the server remembers it per session to refuse replays. */
  nonce: string;
  /** RSA mode: the per-request AES key, RSA-OAEP encrypted to the server key (base64). */
  secretKey?: string;
  /** AES-RSA2-SIGN mode: RSASSA-PKCS1-v1_5 SHA-256 signature of the request (base64). */
  signature?: string;
}

export interface RequestEnvelope<B = unknown> {
  sys: SysHeader;
  biz: B;
}

export interface ResponseEnvelope<T = unknown> {
  code: string;
  msg: string;
  data: T;
  errInfo?: ErrorInfo;
}

/** Signature of a response in AES-RSA2-SIGN mode (WeChat Pay API v3 style: timestamp, nonce, body). */
export interface ResponseSignature {
  timestamp: number;
  nonce: string;
  signature: string;
}

/** What travels: data is a base64 AES-GCM ciphertext when enc is true. */
export interface WireResponse extends ResponseEnvelope<unknown> {
  enc?: true;
  sign?: ResponseSignature;
}

/** Session data sent by createSession (console-spec §3), plus serverTime for clock correction. */
export interface CreateSessionResult {
  sessionKey: string;
  serverPublicKey: string;
  /** Seconds: from then on the client renews. */
  renewTime: number;
  /** Seconds: from then on the session is dead and must be rebuilt. */
  expireTime: number;
  serverTime: number;
}

export interface HandshakeRequest {
  clientPublicKey: string;
}
export interface HandshakeResult {
  /** The 32-byte AES key, RSA-OAEP encrypted to clientPublicKey, base64. */
  aesPassword: string;
}
export interface RenewSessionResult {
  renewTime: number;
  expireTime: number;
  serverTime: number;
}
