import { ImError, ImErrorName } from '../errors';
import type { ImMessage, ImScene } from '../store/entities';
import type { ServiceContext } from './service-context';
import { classifySendFailure, markSent } from '../model/message-state';
import { applyMessage, markRead } from '../model/session-state';
import { toWireMessage } from '../model/wire-mapping';

/** How long an outbox entry may wait for a connection before it ends as fail (docs/im-outbox.md). */
export const OUTBOX_MAX_WAIT_MS = 60 * 60 * 1000;
/** Pause before sending again after the server said "busy" (500, 501, 503) or "too fast" (416). */
export const OUTBOX_BUSY_RETRY_MS = 1000;

const SEND_COMMAND: Readonly<Record<ImScene, 'sendMsg' | 'sendTeamMsg' | 'sendSuperTeamMsg'>> = {
  p2p: 'sendMsg',
  team: 'sendTeamMsg',
  superTeam: 'sendSuperTeamMsg',
};


export interface OutboxOptions {
  /** false: no outbox (NIM-compatible): a send that fails on the way ends as fail at once. */
  enabled: boolean;
  maxWaitMs: number;
  setTimer(callback: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
}

/** How one attempt ended. */
type Outcome =
  | { kind: 'settled'; message: ImMessage }
  | { kind: 'refused'; message: ImMessage; error: ImError }
  | { kind: 'wait'; error: ImError; retryAt?: number };

interface Waiter {
  resolve(message: ImMessage): void;
  reject(error: unknown): void;
}

/**
 * The persistent outbox (docs/im-outbox.md). A message accepted by sendText is stored as sending
 * with an outbox place, in the same store as every message (IndexedDB, or memory without a
 * database), and sent one at a time in outbox order, so each session keeps its order. A failure on
 * the way (no connection, timeout, socket cut) leaves it waiting: it goes out again after the next
 * login, with the same idClient, and the server and the receiver keep it once (§4 dedupe). Only a
 * server answer settles it: success, 7101 (success + isInBlackList), or a refusal, which §4 says
 * does not make it fail (it records sendError and leaves the outbox; the next sync start makes it
 * fail). An entry that waited longer than maxWaitMs ends as fail.
 */
export class Outbox {
  private readonly waiters = new Map<string, Waiter[]>();
  private flushing: Promise<void> | undefined;
  private online = false;
  private retryTimer: unknown;
  private expiryTimer: unknown;
  private expiryAt = Infinity;
  private nextOrder = 0;

  constructor(
    private readonly context: ServiceContext,
    private readonly options: OutboxOptions,
  ) {}

  get enabled(): boolean {
    return this.options.enabled;
  }

  /** Places a new sending message in the outbox, stores it and resolves once it is settled. */
  async add(sending: ImMessage): Promise<ImMessage> {
    const store = this.context.store();
    if (this.nextOrder === 0) this.nextOrder = (await this.pending()).reduce((max, m) => Math.max(max, m.outbox?.order ?? 0), 0) + 1;
    const queued: ImMessage = { ...sending, status: 'sending', sendError: undefined, outbox: { order: this.nextOrder++, deadline: this.context.now() + this.options.maxWaitMs } };
    await store.putMessages([queued]);
    await this.updateSession(queued);
    this.context.emit('msgUpdate', queued);
    const settled = new Promise<ImMessage>((resolve, reject) => {
      const list = this.waiters.get(queued.idClient) ?? [];
      list.push({ resolve, reject });
      this.waiters.set(queued.idClient, list);
    });
    this.scheduleExpiry(queued.outbox?.deadline ?? 0);
    this.kick();
    return settled;
  }

  /**
   * A new message refused before it was sent (the client anti-spam filter's result 2, §5): stored as
   * fail, so the conversation shows it, and never sent. Rejects with `error`.
   */
  async refuse(message: ImMessage, error: ImError): Promise<never> {
    const failed: ImMessage = { ...message, status: 'fail', outbox: undefined };
    await this.context.store().putMessages([failed]);
    await this.updateSession(failed);
    this.context.emit('msgUpdate', failed);
    throw error;
  }

  /** The connection is logged in and synced: send what waits. */
  resume(): void {
    this.online = true;
    this.kick();
  }

  /** The connection dropped: stop after the send in flight. */
  pause(): void {
    this.online = false;
    if (this.retryTimer !== undefined) this.options.clearTimer(this.retryTimer);
    this.retryTimer = undefined;
  }

  /** Waits for the flush in flight, if any (tests, destroy). */
  async idle(): Promise<void> {
    await this.flushing;
  }

  stop(): void {
    this.pause();
    if (this.expiryTimer !== undefined) this.options.clearTimer(this.expiryTimer);
    this.expiryTimer = undefined;
    this.expiryAt = Infinity;
  }

  /** Without the outbox a send is tried at once, connected or not (and fails when it cannot go). */
  private canSend(): boolean {
    return this.online || !this.options.enabled;
  }

  /**
   * §4 "sending at sync start": without an outbox every sending message becomes fail; with it,
   * only what can no longer be sent does (past its deadline, refused by the server, or sending
   * without an outbox place, e.g. from before the outbox). Returns the messages made fail.
   */
  async failAtSyncStart(): Promise<ImMessage[]> {
    const now = this.context.now();
    const sending = await this.context.store().getMessagesByStatus('sending');
    const failing = sending.filter((m) => !this.options.enabled || !m.outbox || m.sendError !== undefined || m.outbox.deadline <= now);
    return this.fail(failing, new ImError(ImErrorName.Error_Timeout, 'the message could no longer be sent'));
  }

  private async pending(): Promise<ImMessage[]> {
    const sending = await this.context.store().getMessagesByStatus('sending');
    return sending.filter((m) => m.outbox && m.sendError === undefined).sort((a, b) => (a.outbox?.order ?? 0) - (b.outbox?.order ?? 0));
  }

  private kick(): void {
    if (!this.canSend() || this.flushing) return;
    this.flushing = this.flush().finally(() => {
      this.flushing = undefined;
    });
  }

  private async flush(): Promise<void> {
    for (;;) {
      if (!this.canSend()) return;
      const [next] = await this.pending();
      if (!next) return;
      if ((next.outbox?.deadline ?? 0) <= this.context.now()) {
        await this.fail([next], new ImError(ImErrorName.Error_Timeout, 'the message waited too long in the outbox'));
        continue;
      }
      const outcome = await this.sendOnce(next);
      if (outcome.kind === 'wait') {
        if (!this.options.enabled) {
          await this.fail([next], outcome.error);
          continue;
        }
        // Stay first in line; a busy server gets a pause, a lost connection the next login.
        if (outcome.retryAt !== undefined && this.online) this.scheduleRetry(outcome.retryAt - this.context.now());
        return;
      }
      await this.settle(outcome);
    }
  }

  private async sendOnce(message: ImMessage): Promise<Outcome> {
    try {
      const answer = await this.context.connection.request(SEND_COMMAND[message.scene], { msg: toWireMessage(message) });
      return { kind: 'settled', message: markSent(message, { idServer: answer.msg?.idServer, time: answer.msg?.time, text: answer.msg?.text, yidunAntiSpamRes: answer.msg?.yidunAntiSpamRes }) };
    } catch (cause) {
      const error = cause instanceof ImError ? cause : new ImError(ImErrorName.Error_Connection_Socket_State_not_Match, String(cause), { cause });
      const failure = classifySendFailure(message, error, this.context.now() + OUTBOX_BUSY_RETRY_MS);
      if (failure.kind === 'wait') return { kind: 'wait', error, retryAt: failure.retryAt };
      if (failure.kind === 'delivered') return { kind: 'settled', message: failure.message };
      return { kind: 'refused', message: failure.message, error };
    }
  }

  private async settle(outcome: Exclude<Outcome, { kind: 'wait' }>): Promise<void> {
    const message: ImMessage = { ...outcome.message, outbox: undefined };
    await this.context.store().putMessages([message]);
    await this.updateSession(message, message.status === 'success' && message.from === message.to);
    this.context.emit('msgUpdate', message);
    const waiters = this.takeWaiters(message.idClient);
    if (outcome.kind === 'refused') waiters.forEach((w) => w.reject(outcome.error));
    else waiters.forEach((w) => w.resolve(message));
  }

  private async fail(messages: readonly ImMessage[], error: ImError): Promise<ImMessage[]> {
    if (messages.length === 0) return [];
    const failed = messages.map((m) => ({ ...m, status: 'fail' as const, outbox: undefined }));
    await this.context.store().putMessages(failed);
    for (const message of failed) {
      this.context.emit('msgUpdate', message);
      this.takeWaiters(message.idClient).forEach((w) => w.reject(error));
    }
    return failed;
  }

  private takeWaiters(idClient: string): Waiter[] {
    const list = this.waiters.get(idClient) ?? [];
    this.waiters.delete(idClient);
    return list;
  }

  private scheduleRetry(ms: number): void {
    if (this.retryTimer !== undefined) return;
    this.retryTimer = this.options.setTimer(() => {
      this.retryTimer = undefined;
      this.kick();
    }, Math.max(0, ms));
  }

  /** Ends entries as fail when their deadline passes, connected or not: one timer, for the earliest deadline. */
  private scheduleExpiry(deadline: number): void {
    if (deadline >= this.expiryAt) return;
    if (this.expiryTimer !== undefined) this.options.clearTimer(this.expiryTimer);
    this.expiryAt = deadline;
    this.expiryTimer = this.options.setTimer(() => {
      this.expiryTimer = undefined;
      this.expiryAt = Infinity;
      void this.expire();
    }, Math.max(0, deadline - this.context.now()) + 1);
  }

  private async expire(): Promise<void> {
    const now = this.context.now();
    const pending = await this.pending();
    await this.fail(pending.filter((m) => (m.outbox?.deadline ?? 0) <= now), new ImError(ImErrorName.Error_Timeout, 'the message waited too long in the outbox'));
    const remaining = pending.filter((m) => (m.outbox?.deadline ?? 0) > now);
    if (remaining.length > 0) this.scheduleExpiry(Math.min(...remaining.map((m) => m.outbox?.deadline ?? 0)));
  }

  /** Own messages move lastMsg; a successful message to oneself is read at once (§4). */
  private async updateSession(message: ImMessage, markAsRead = false): Promise<void> {
    const store = this.context.store();
    let session = applyMessage(await store.getSession(message.sessionId), message, this.context);
    if (markAsRead) session = markRead(session, message.time);
    await store.putSessions([session]);
    this.context.emit('sessions', [session]);
  }
}
