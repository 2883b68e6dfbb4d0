/** createSecureClient: the console's single way to call store-server (console-spec §7, §8). */
import {
  AES_PASSWORD_INVALID,
  CAPTCHA_REQUIRED,
  ClientCodes,
  DEFAULT_MESSAGES,
  MessageKeys,
  REQUEST_TIMEOUT_MS,
  SESSION_RESET_CODES,
  SESSION_SETUP_DELAY_MS,
  SUCCESS_CODE,
  TOKEN_INVALID,
} from '../constants';
import type { CryptoProvider } from '../crypto/provider';
import { createDefaultCryptoProvider } from '../crypto/select';
import { randomId } from '../encoding';
import type { ResponseEnvelope, SecurityMode, SysHeader } from '../envelope';
import { SecureTransportError } from '../errors';
import { nowSeconds } from '../wire';
import { SessionManager } from './session';
import { createMemoryStorage, type KeyValueStorage } from './storage';
import { type CallKeys, type FetchLike, sendEnvelope, type TransportConfig } from './transport';

/** How the app reacts to the codes of console-spec §8; navigation and messages belong to the app. */
export interface ClientReactions {
  goToLogin(): void;
  /** `code` lets an app show its own text for the code instead of the server's msg. */
  showError(message: string, code?: string): void;
  showCaptcha(image: string): void;
  /** Called on timeout instead of showError(translated 'request timed out') when given. */
  onTimeout?(): void;
  /** The token was reset by a §8 code; the app clears its stored copy. */
  onTokenReset?(): void;
}

export interface SecureClientOptions {
  baseUrl: string;
  mode?: SecurityMode;
  fetch?: FetchLike;
  /** Where session data, the client key pair and the AES password are kept. Default: memory. */
  storage?: KeyValueStorage;
  storagePrefix?: string;
  timeoutMs?: number;
  reactions?: Partial<ClientReactions>;
  /** Default: WebCrypto when crypto.subtle exists, node-forge otherwise. */
  crypto?: CryptoProvider;
  /** Turns message keys (MessageKeys) into the user's language. Default: en-US texts. */
  translate?: (key: string) => string;
  /**
   * The user's current language (e.g. i18next's `language`), read on every call and sent as the
   * `Accept-Language` header so the server answers `msg` in it. Default: no header (server default).
   */
  getLanguage?: () => string;
  accessToken?: string | null;
  deviceId?: string;
  safeAccessDebug?: boolean;
  /** Pin the server's public key (base64 SPKI) to defeat an active man in the middle during set-up. */
  serverPublicKey?: string;
  /** Clock in milliseconds; injectable for tests. */
  now?: () => number;
}

export interface RequestOptions {
  /** Codes besides 00000000 that resolve instead of reject; login passes [CAPTCHA_REQUIRED]. */
  acceptCodes?: readonly string[];
  timeoutMs?: number;
  /** Do not call showError for this call (the caller shows its own message). */
  silent?: boolean;
  signal?: AbortSignal;
}

/** One request/response pair as the app sees it (plaintext), for the error reporter. */
export interface ExchangeRecord {
  path: string;
  /** sys is absent when the call failed before an envelope was built (e.g. session set-up). */
  request: { sys?: SysHeader; biz: unknown };
  response?: ResponseEnvelope<unknown>;
  errorCode?: string;
  startedAt: number;
  durationMs: number;
}

export interface SecureClient {
  readonly mode: SecurityMode;
  /** Resolves data on success (or an accepted code); rejects with SecureTransportError otherwise. */
  post<T = unknown>(path: string, biz?: unknown, options?: RequestOptions): Promise<T>;
  /** Like post but resolves the whole envelope of successful and accepted codes. */
  request<T = unknown>(path: string, biz?: unknown, options?: RequestOptions): Promise<ResponseEnvelope<T>>;
  setAccessToken(token: string | null): void;
  getAccessToken(): string | null;
  /** Creates, handshakes or renews the session if needed; concurrent callers share one set-up. */
  ensureSession(): Promise<void>;
  clearAesPassword(): void;
  resetSession(): void;
  onExchange(listener: (record: ExchangeRecord) => void): () => void;
  /** Cancels the pending delayed set-up. */
  dispose(): void;
}

const DEVICE_ID_KEY = 'deviceId';

export function createSecureClient(options: SecureClientOptions): SecureClient {
  const mode = options.mode ?? 'none';
  const storage = options.storage ?? createMemoryStorage();
  const prefix = options.storagePrefix ?? 'merchant.secure.';
  const now = options.now ?? Date.now;
  const crypto = options.crypto ?? createDefaultCryptoProvider();
  const translate = options.translate ?? ((key: string) => DEFAULT_MESSAGES[key] ?? key);
  const reactions = options.reactions ?? {};
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const listeners = new Set<(record: ExchangeRecord) => void>();
  let accessToken: string | null = options.accessToken ?? null;
  let setUpTimer: ReturnType<typeof setTimeout> | undefined;

  const fetchImpl: FetchLike = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const transport: TransportConfig = {
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    fetch: fetchImpl,
    crypto,
    deviceId: options.deviceId ?? deviceIdFrom(storage, `${prefix}${DEVICE_ID_KEY}`),
    safeAccessDebug: options.safeAccessDebug ?? false,
    translate,
    getLanguage: options.getLanguage,
  };
  const sessions = new SessionManager({
    mode,
    storage,
    storagePrefix: prefix,
    now,
    pinnedServerPublicKey: options.serverPublicKey,
    generateKeyPair: () => crypto.generateRsaKeyPair(),
    decryptWithClientKey: (privateKey, ciphertext) => crypto.rsaOaepDecrypt(privateKey, ciphertext),
    send: (call) => sendEnvelope(transport, { ...call, mode, accessToken: accessToken ?? '', timeoutMs }),
  });

  function resetToken(): void {
    accessToken = null;
    reactions.onTokenReset?.();
  }

  /** console-spec §8, applied once for every failed call. */
  function react(error: SecureTransportError, callOptions: RequestOptions, sessionKey: string): void {
    const { code } = error;
    if (SESSION_RESET_CODES.includes(code)) {
      sessions.clearSessionIfCurrent(sessionKey);
      resetToken();
      reactions.goToLogin?.();
      if (mode !== 'none') sessions.ensure().catch(() => undefined); // a fresh session for the next sign-in
    } else if (code === TOKEN_INVALID) {
      resetToken();
      reactions.goToLogin?.();
    } else if (code === CAPTCHA_REQUIRED) {
      reactions.showCaptcha?.(error.errInfo?.value ?? '');
    } else if (code === AES_PASSWORD_INVALID) {
      sessions.clearAesPasswordIfCurrent(sessionKey);
    } else if (code === ClientCodes.TIMEOUT) {
      if (reactions.onTimeout) reactions.onTimeout();
      else if (!callOptions.silent) reactions.showError?.(translate(MessageKeys.requestTimedOut));
    } else if (!callOptions.silent) {
      reactions.showError?.(error.msg, code);
    }
  }

  function emit(record: ExchangeRecord): void {
    for (const listener of listeners) {
      try {
        listener(record);
      } catch {
        // an observer must never break a request
      }
    }
  }

  async function request<T>(path: string, biz: unknown = {}, callOptions: RequestOptions = {}): Promise<ResponseEnvelope<T>> {
    const startedAt = now();
    let requestEnvelope: ExchangeRecord['request'] | undefined;
    let sessionKey = '';
    try {
      const keys: CallKeys = mode === 'none' ? { sessionKey: '' } : await sessions.ensure();
      sessionKey = keys.sessionKey;
      const { sys, response } = await sendEnvelope(transport, {
        path,
        biz,
        mode,
        encryptBiz: mode !== 'none',
        keys,
        accessToken: accessToken ?? '',
        timestamp: mode === 'none' ? nowSeconds(now()) : sessions.serverNow(),
        timeoutMs: callOptions.timeoutMs ?? timeoutMs,
        signal: callOptions.signal,
      });
      requestEnvelope = { sys, biz };
      emit({ path, request: requestEnvelope, response, startedAt, durationMs: now() - startedAt });
      const accepted = response.code === SUCCESS_CODE || (callOptions.acceptCodes ?? []).includes(response.code);
      if (accepted) {
        if (response.code === CAPTCHA_REQUIRED) reactions.showCaptcha?.(response.errInfo?.value ?? '');
        return response as ResponseEnvelope<T>;
      }
      throw new SecureTransportError(response.code, response.msg, response.errInfo);
    } catch (caught) {
      const error =
        caught instanceof SecureTransportError
          ? caught
          : new SecureTransportError(ClientCodes.BAD_RESPONSE, caught instanceof Error ? caught.message : String(caught));
      if (!requestEnvelope) {
        emit({ path, request: { biz }, errorCode: error.code, startedAt, durationMs: now() - startedAt });
      }
      react(error, callOptions, sessionKey);
      throw error;
    }
  }

  return {
    mode,
    request,
    async post<T>(path: string, biz?: unknown, callOptions?: RequestOptions): Promise<T> {
      return (await request<T>(path, biz, callOptions)).data;
    },
    setAccessToken(token) {
      accessToken = token;
      if (setUpTimer) clearTimeout(setUpTimer);
      setUpTimer = undefined;
      if (token && mode !== 'none') {
        // console-spec §4: set-up starts about 1 s after the token is set, off the sign-in's critical path.
        setUpTimer = setTimeout(() => {
          setUpTimer = undefined;
          sessions.ensure().catch(() => undefined);
        }, SESSION_SETUP_DELAY_MS);
        (setUpTimer as { unref?: () => void }).unref?.();
      }
    },
    getAccessToken: () => accessToken,
    async ensureSession() {
      if (mode !== 'none') await sessions.ensure();
    },
    clearAesPassword: () => sessions.clearAesPassword(),
    resetSession: () => sessions.clearSession(),
    onExchange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    dispose() {
      if (setUpTimer) clearTimeout(setUpTimer);
      setUpTimer = undefined;
      listeners.clear();
    },
  };
}

function deviceIdFrom(storage: KeyValueStorage, key: string): string {
  let deviceId: string | null = null;
  try {
    deviceId = storage.getItem(key);
    if (!deviceId) {
      deviceId = randomId();
      storage.setItem(key, deviceId);
    }
  } catch {
    deviceId ??= randomId();
  }
  return deviceId;
}
