import type { FastifyBaseLogger } from 'fastify';
import { KickReason, kickReasonText, type CommandName } from '../protocol';
import type { Router, RoutedEvent } from '../routing/router';
import { CloseCode, type ClientLink } from './client-link';
import { COMMAND_HANDLERS } from './command-handlers';
import { GatewayConnection, encodePush, type ConnectionHost } from './connection';
import { FrequencyLimiter, type RateRules } from './frequency-limiter';
import type { CommandHandlers, ImServices } from './handler-types';
import { loginPortRecord } from './records';
import { chatroomConnectionClosed } from './chatroom-login';

export interface GatewayOptions {
  appKey: string;
  tokenSecret: string;
  /** A logged-in link silent this long is closed; must exceed heartbeat interval + grace. */
  idleTimeoutMs: number;
  /** A link that has not logged in this long after opening is closed. */
  loginTimeoutMs: number;
  rateRules: RateRules;
  /** Malformed frames tolerated on one link before it is closed. */
  maxMalformedFrames: number;
  /** Unsent bytes tolerated on one link before it is cut as a slow consumer. */
  maxBufferedBytes: number;
}

/**
 * Holds this node's connections, indexes logged-in ones by account, delivers routed events to
 * them and closes links that go idle. One sweep timer serves every link, so 10k idle sockets
 * cost no timers of their own.
 */
export class ImGateway implements ConnectionHost {
  readonly limiter: FrequencyLimiter;
  /** Given to every connection: the gateway, not the connection, knows the handler modules. */
  readonly handlers: CommandHandlers = COMMAND_HANDLERS;
  private readonly connections = new Set<GatewayConnection>();
  private readonly byAccount = new Map<string, Set<GatewayConnection>>();
  private readonly sweepTimer: NodeJS.Timeout;

  constructor(
    readonly services: ImServices,
    readonly router: Router,
    readonly options: GatewayOptions,
    readonly log: FastifyBaseLogger,
    readonly now: () => number = Date.now,
  ) {
    this.limiter = new FrequencyLimiter(options.rateRules, now);
    router.onEvent((account, event) => this.deliver(account, event));
    router.onRoutesRestored(() => this.resyncAll());
    const sweepEvery = Math.max(50, Math.min(5_000, Math.floor(Math.min(options.idleTimeoutMs, options.loginTimeoutMs) / 4)));
    this.sweepTimer = setInterval(() => this.sweep(), sweepEvery);
    this.sweepTimer.unref();
  }

  accept(link: ClientLink): GatewayConnection {
    const connection = new GatewayConnection(link, this);
    this.connections.add(connection);
    return connection;
  }

  connectionLoggedIn(connection: GatewayConnection): void {
    const account = connection.port?.account;
    if (!account) return;
    let set = this.byAccount.get(account);
    if (!set) this.byAccount.set(account, (set = new Set()));
    set.add(connection);
  }

  connectionClosed(connection: GatewayConnection, wasLoggedIn: boolean): void {
    this.connections.delete(connection);
    const port = connection.port;
    if (!wasLoggedIn || !port) return;
    const set = this.byAccount.get(port.account);
    set?.delete(connection);
    if (set?.size === 0) this.byAccount.delete(port.account);
    const chatroom = connection.chatroom;
    if (chatroom) {
      chatroomConnectionClosed(this, chatroom, port).catch((error: unknown) => this.log.warn({ err: error }, 'could not unregister a closed chat-room socket'));
      return;
    }
    void (async () => {
      try {
        await this.router.removePort(port);
        await this.router.publish(port.account, {
          kind: 'push',
          command: 'multiPortLogin',
          body: { state: 'logout', ports: [{ ...loginPortRecord(port), online: false }] },
        });
      } catch (error) {
        this.log.warn({ err: error }, 'could not unregister a closed port');
      }
    })();
  }

  stats(): { connections: number; loggedIn: number; accounts: number } {
    let loggedIn = 0;
    for (const set of this.byAccount.values()) loggedIn += set.size;
    return { connections: this.connections.size, loggedIn, accounts: this.byAccount.size };
  }

  /**
   * Closes every link (server shutdown). Logged-in clients are first advised to reconnect
   * (kicked with silentlyKick, §4): they reconnect at once, without a kicked event and without
   * the backoff a lost socket gets, so behind a load balancer they move to another node.
   */
  closeAll(): void {
    clearInterval(this.sweepTimer);
    for (const connection of [...this.connections]) {
      if (connection.state === 'loggedIn') {
        connection.sendPush('kicked', { reason: KickReason.silentlyKick, clientType: 0, message: kickReasonText(KickReason.silentlyKick) });
      }
      connection.close(CloseCode.GOING_AWAY, 'server shutting down');
    }
  }

  /**
   * Routing between nodes is back after an outage (Redis restarted): pushes other nodes published
   * meanwhile never arrived, and only a sync finds them (its cursors are sequence numbers). The IM links
   * are advised to reconnect (silentlyKick, §4): they log in again at once and sync; what their outboxes
   * still hold goes out again. Chat-room links stay: a chat room has no sync to run.
   */
  private resyncAll(): void {
    let advised = 0;
    for (const connection of [...this.connections]) {
      if (connection.state !== 'loggedIn' || connection.chatroom) continue;
      connection.sendPush('kicked', { reason: KickReason.silentlyKick, clientType: 0, message: kickReasonText(KickReason.silentlyKick) });
      connection.close(CloseCode.GOING_AWAY, 'routing restored: log in again to sync');
      advised++;
    }
    this.log.warn({ advised }, 'routing between nodes restored; IM links advised to reconnect and sync');
  }

  /** Each push event's frame, encoded at its first delivery and reused for every other socket. */
  private readonly encodedPushes = new WeakMap<RoutedEvent, Uint8Array>();

  private deliver(account: string, event: RoutedEvent): void {
    const set = this.byAccount.get(account);
    if (!set) return;
    for (const connection of [...set]) {
      const port = connection.port;
      if (!port) continue;
      if (event.kind === 'push') {
        if (port.connectionId === event.exceptConnectionId) continue;
        const bytes = this.encodedPush(event);
        if (bytes) connection.sendEncodedPush(bytes);
        else connection.sendPush(event.command as CommandName, event.body as never);
      } else if (event.connectionIds.includes(port.connectionId)) {
        connection.sendPush('kicked', { reason: event.reason, clientType: event.byClientType, message: kickReasonText(event.reason) });
        connection.close(CloseCode.KICKED, 'kicked');
      }
    }
  }

  /** Undefined when the event cannot be encoded: sendPush then logs it and sends the error frame. */
  private encodedPush(event: RoutedEvent & { kind: 'push' }): Uint8Array | undefined {
    let bytes = this.encodedPushes.get(event);
    if (!bytes) {
      try {
        bytes = encodePush(event.command as CommandName, event.body);
      } catch {
        return undefined;
      }
      this.encodedPushes.set(event, bytes);
    }
    return bytes;
  }

  private sweep(): void {
    const now = this.now();
    for (const connection of [...this.connections]) {
      const loggedIn = connection.state === 'loggedIn';
      if (loggedIn && now - connection.lastSeen > this.options.idleTimeoutMs) {
        connection.close(CloseCode.IDLE_TIMEOUT, 'idle timeout');
      } else if (!loggedIn && now - connection.openedAt > this.options.loginTimeoutMs) {
        connection.close(CloseCode.LOGIN_FAILED, 'no login in time');
      }
    }
    this.limiter.sweep();
  }
}
