/**
 * Where the server keeps sessions and the nonces it has seen. Keeping them behind this interface lets a
 * second instance, or the same one after a restart, continue a session (store-server provides a Kysely one).
 */
export interface SessionRecord {
  sessionKey: string;
  /** Seconds. */
  createdAt: number;
  renewTime: number;
  expireTime: number;
  /** base64 SPKI, set by the handshake. */
  clientPublicKey?: string;
  /** base64 of the 32-byte AES key, set by the handshake. Secret: never log it. */
  aesPassword?: string;
}

export interface SessionStore {
  get(sessionKey: string): Promise<SessionRecord | undefined>;
  /** Creates or replaces the record. */
  save(record: SessionRecord): Promise<void>;
  delete(sessionKey: string): Promise<void>;
  /**
   * Atomically records a nonce for a session, to be kept until keepUntil (seconds).
   * Resolves false when the nonce was already recorded (a replay).
   */
  claimNonce(sessionKey: string, nonce: string, keepUntil: number): Promise<boolean>;
}

/** In-memory SessionStore for tests and single-process use. Share one instance to simulate a restart. */
export class MemorySessionStore implements SessionStore {
  private readonly sessions = new Map<string, SessionRecord>();
  private readonly nonces = new Map<string, number>();
  private lastPrune = 0;

  constructor(private readonly now: () => number = Date.now) {}

  async get(sessionKey: string): Promise<SessionRecord | undefined> {
    const record = this.sessions.get(sessionKey);
    return record ? { ...record } : undefined;
  }

  async save(record: SessionRecord): Promise<void> {
    this.sessions.set(record.sessionKey, { ...record });
  }

  async delete(sessionKey: string): Promise<void> {
    this.sessions.delete(sessionKey);
    for (const key of this.nonces.keys()) if (key.startsWith(`${sessionKey}\n`)) this.nonces.delete(key);
  }

  async claimNonce(sessionKey: string, nonce: string, keepUntil: number): Promise<boolean> {
    this.prune();
    const key = `${sessionKey}\n${nonce}`;
    if (this.nonces.has(key)) return false;
    this.nonces.set(key, keepUntil);
    return true;
  }

  /** Number of remembered nonces (lets tests check that expired ones are forgotten). */
  get nonceCount(): number {
    return this.nonces.size;
  }

  private prune(): void {
    const nowSeconds = Math.floor(this.now() / 1000);
    if (nowSeconds === this.lastPrune) return;
    this.lastPrune = nowSeconds;
    for (const [key, keepUntil] of this.nonces) if (keepUntil < nowSeconds) this.nonces.delete(key);
    for (const [key, record] of this.sessions) if (record.expireTime < nowSeconds) this.sessions.delete(key);
  }
}
