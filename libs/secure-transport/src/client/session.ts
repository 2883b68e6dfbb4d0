/**
 * Client session life cycle (console-spec §4): create → handshake → AES; renew between renewTime and
 * expireTime; rebuild past expireTime; concurrent callers share the one set-up in flight.
 */
import { ClientCodes, SESSION_PATHS, SUCCESS_CODE } from '../constants';
import type { RsaKeyPair } from '../crypto/provider';
import { base64ToBytes, bytesToBase64 } from '../encoding';
import type { CreateSessionResult, HandshakeResult, RenewSessionResult, SecurityMode } from '../envelope';
import { SecureTransportError } from '../errors';
import { nowSeconds } from '../wire';
import type { KeyValueStorage } from './storage';
import type { CallKeys, CallResult, CallSpec } from './transport';

export interface StoredSession {
  sessionKey: string;
  serverPublicKey: string;
  renewTime: number;
  expireTime: number;
  /** serverTime − local time at createSession, in seconds. */
  clockOffset: number;
}

export interface SessionManagerConfig {
  mode: SecurityMode;
  storage: KeyValueStorage;
  storagePrefix: string;
  now: () => number;
  generateKeyPair: () => Promise<RsaKeyPair>;
  decryptWithClientKey: (privateKey: string, ciphertext: Uint8Array) => Promise<Uint8Array>;
  /** Sends a session route call; the manager fills path, biz, keys and encryption. */
  send: (call: Pick<CallSpec, 'path' | 'biz' | 'encryptBiz' | 'keys' | 'timestamp' | 'trustServerKeyInResponse'>) => Promise<CallResult>;
  /** Optional pin: createSession must return exactly this server key. */
  pinnedServerPublicKey?: string;
}

const usesAes = (mode: SecurityMode) => mode === 'aes' || mode === 'aes-rsa2-sign';

export class SessionManager {
  private setUp: Promise<CallKeys> | null = null;

  constructor(private readonly config: SessionManagerConfig) {}

  private key(name: string): string {
    return `${this.config.storagePrefix}${name}`;
  }

  /** Last parsed value per entry: every call reads storage (it is the source of truth), but parses only on change. */
  private readonly parsed = new Map<string, { raw: string; value: unknown }>();

  private read<T>(name: string): T | undefined {
    const raw = this.config.storage.getItem(this.key(name));
    if (!raw) return undefined;
    const cached = this.parsed.get(name);
    if (cached && cached.raw === raw) return cached.value as T;
    try {
      const value = JSON.parse(raw) as T;
      this.parsed.set(name, { raw, value });
      return value;
    } catch {
      this.config.storage.removeItem(this.key(name)); // corrupt entry: drop it and start over
      return undefined;
    }
  }

  private write(name: string, value: unknown): void {
    this.config.storage.setItem(this.key(name), JSON.stringify(value));
  }

  session(): StoredSession | undefined {
    return this.read<StoredSession>('session');
  }

  /** Server-clock seconds, so timestamps stay inside the server's replay window despite local skew. */
  serverNow(session: StoredSession | undefined = this.session()): number {
    return nowSeconds(this.config.now()) + (session?.clockOffset ?? 0);
  }

  clearAesPassword(): void {
    this.config.storage.removeItem(this.key('aesPassword'));
  }

  /** Clears only if the failing call used the current session, so a late error cannot wipe a fresh one. */
  clearSessionIfCurrent(sessionKey: string): void {
    const current = this.session();
    if (!current || !sessionKey || current.sessionKey === sessionKey) this.clearSession();
  }

  clearAesPasswordIfCurrent(sessionKey: string): void {
    const current = this.session();
    if (!current || !sessionKey || current.sessionKey === sessionKey) this.clearAesPassword();
  }

  clearSession(): void {
    this.clearAesPassword();
    this.config.storage.removeItem(this.key('session'));
  }

  /** Keys usable right now, or undefined when set-up, renewal or rebuild is due. */
  private readyKeys(): CallKeys | undefined {
    const session = this.session();
    if (!session) return undefined;
    if (this.serverNow(session) >= session.renewTime) return undefined;
    const keyPair = this.read<RsaKeyPair>('keyPair');
    const aesPassword = this.read<string>('aesPassword');
    if (usesAes(this.config.mode) && (!aesPassword || !keyPair)) return undefined;
    return {
      sessionKey: session.sessionKey,
      serverPublicKey: session.serverPublicKey,
      clientPrivateKey: keyPair?.privateKey,
      aesPassword,
    };
  }

  /** Single flight: every caller during a set-up awaits the same promise. */
  ensure(): Promise<CallKeys> {
    const ready = this.readyKeys();
    if (ready) return Promise.resolve(ready);
    this.setUp ??= this.establish().finally(() => {
      this.setUp = null;
    });
    return this.setUp;
  }

  private async establish(): Promise<CallKeys> {
    let session = this.session();
    if (session && this.serverNow(session) >= session.expireTime) {
      this.clearSession(); // past expireTime: rebuild
      session = undefined;
    }
    // Key generation (the slow step: ~100 ms of WebCrypto, seconds of forge) overlaps createSession's
    // round trip; createSession itself needs no client key.
    const keyPairReady = usesAes(this.config.mode) ? this.keyPair() : Promise.resolve(undefined);
    let keyPair: RsaKeyPair | undefined;
    if (session) keyPair = await keyPairReady;
    else [keyPair, session] = await Promise.all([keyPairReady, this.create()]);
    if (usesAes(this.config.mode) && !this.read<string>('aesPassword')) await this.handshake(session, keyPair!);
    if (this.serverNow(session) >= session.renewTime) session = await this.renew(session, keyPair);
    return {
      sessionKey: session.sessionKey,
      serverPublicKey: session.serverPublicKey,
      clientPrivateKey: keyPair?.privateKey,
      aesPassword: this.read<string>('aesPassword'),
    };
  }

  private async keyPair(): Promise<RsaKeyPair> {
    const stored = this.read<RsaKeyPair>('keyPair');
    if (stored?.publicKey && stored.privateKey) return stored;
    const generated = await this.config.generateKeyPair();
    this.write('keyPair', generated);
    return generated;
  }

  private async create(): Promise<StoredSession> {
    const localNow = nowSeconds(this.config.now());
    const { response } = await this.config.send({
      path: SESSION_PATHS.createSession,
      biz: {},
      encryptBiz: false,
      // No client key: the server does not check a createSession signature, so signing it was wasted work.
      keys: { sessionKey: '', serverPublicKey: this.config.pinnedServerPublicKey },
      timestamp: localNow,
      trustServerKeyInResponse: !this.config.pinnedServerPublicKey,
    });
    const result = expectSuccess<CreateSessionResult>(response);
    if (this.config.pinnedServerPublicKey && result.serverPublicKey !== this.config.pinnedServerPublicKey) {
      throw new SecureTransportError(SESSION_RESET_ON_PIN_MISMATCH, 'server key does not match the pinned key');
    }
    const session: StoredSession = {
      sessionKey: result.sessionKey,
      serverPublicKey: result.serverPublicKey,
      renewTime: result.renewTime,
      expireTime: result.expireTime,
      clockOffset: result.serverTime - localNow,
    };
    this.clearAesPassword();
    this.write('session', session);
    return session;
  }

  private async handshake(session: StoredSession, keyPair: RsaKeyPair): Promise<void> {
    const { response } = await this.config.send({
      path: SESSION_PATHS.handshake,
      biz: { clientPublicKey: keyPair.publicKey },
      encryptBiz: false,
      keys: { sessionKey: session.sessionKey, serverPublicKey: session.serverPublicKey, clientPrivateKey: keyPair.privateKey },
      timestamp: this.serverNow(session),
    });
    const result = expectSuccess<HandshakeResult>(response);
    const aesKey = await this.config.decryptWithClientKey(keyPair.privateKey, base64ToBytes(result.aesPassword));
    this.write('aesPassword', bytesToBase64(aesKey));
  }

  private async renew(session: StoredSession, keyPair: RsaKeyPair | undefined): Promise<StoredSession> {
    const { response } = await this.config.send({
      path: SESSION_PATHS.renewSession,
      biz: {},
      encryptBiz: true,
      keys: {
        sessionKey: session.sessionKey,
        serverPublicKey: session.serverPublicKey,
        clientPrivateKey: keyPair?.privateKey,
        aesPassword: this.read<string>('aesPassword'),
      },
      timestamp: this.serverNow(session),
    });
    const result = expectSuccess<RenewSessionResult>(response);
    const renewed: StoredSession = {
      ...session,
      renewTime: result.renewTime,
      expireTime: result.expireTime,
      clockOffset: result.serverTime - nowSeconds(this.config.now()),
    };
    this.write('session', renewed);
    return renewed;
  }
}

/** A pinned-key mismatch means someone else answered: treat it like a forged response. */
const SESSION_RESET_ON_PIN_MISMATCH = ClientCodes.FORGED_RESPONSE;

function expectSuccess<T>(response: { code: string; msg: string; data: unknown; errInfo?: { value?: string } }): T {
  if (response.code !== SUCCESS_CODE) throw new SecureTransportError(response.code, response.msg, response.errInfo);
  if (typeof response.data !== 'object' || response.data === null) {
    throw new SecureTransportError(ClientCodes.BAD_RESPONSE, 'session call returned no data');
  }
  return response.data as T;
}
