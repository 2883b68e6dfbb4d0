import type { Redis as RedisClient } from 'ioredis';
import type { PortRecord, RoutedEvent, RoutedEventHandler, Router, RoutesRestoredHandler } from './router';

/** A node that stops refreshing its liveness key is presumed dead and its ports are ignored. */
const NODE_TTL_MS = 15_000;
const NODE_REFRESH_MS = 5_000;
/** Reconnect attempts to Redis back off to at most this (plus jitter), so routing returns within about a second of Redis. */
const RECONNECT_MAX_DELAY_MS = 1_000;
/** Pushes a node keeps while it cannot publish; past it the oldest are dropped (a sync finds them). */
const MAX_HELD = 10_000;
/** Channels per SUBSCRIBE when a node subscribes again to every account it holds. */
const SUBSCRIBE_BATCH = 1_000;

const accountChannel = (account: string) => `im:acc:${account}`;
const portsKey = (account: string) => `im:ports:${account}`;
const nodeKey = (nodeId: string) => `im:node:${nodeId}`;
/** Every node listens here: events for all logged-in ports (broadcast messages). */
const ALL_CHANNEL = 'im:all';

interface WireEnvelope {
  origin: string;
  account: string;
  event: RoutedEvent;
  /** Sent on ALL_CHANNEL: for every local port. */
  toAll?: boolean;
  /** Sent on ALL_CHANNEL: for the local ports of these accounts (publishToMany). */
  accounts?: string[];
}

/**
 * Multi-node routing over Redis: each node subscribes to the channels of the accounts it holds
 * sockets for, so a message reaches only the nodes that need it; ports live in one hash per
 * account, next to a liveness key per node so a crashed node's ports are not reported.
 */
export class RedisRouter implements Router {
  private handler: RoutedEventHandler = () => {};
  private restoredHandler: RoutesRestoredHandler = () => {};
  /** The subscriber lost its connection since routing was last whole: pushes may have been missed. */
  private subscriberLost = false;
  /** Ports and liveness key not yet written again to a Redis that may have come back empty. */
  private announcePending = false;
  private closing = false;
  /** Pushes this node could not publish, oldest first; published when it can again (flushHeld). */
  private held: { channel: string; payload: string }[] = [];
  /** Ports closed while Redis could not be told; deleted from it by the next announce. */
  private removedWhileAway: PortRecord[] = [];
  private readonly localPorts = new Map<string, Map<string, PortRecord>>();
  private readonly refreshTimer: NodeJS.Timeout;

  private constructor(
    readonly nodeId: string,
    private readonly pub: RedisClient,
    private readonly sub: RedisClient,
  ) {
    sub.on('messageBuffer', (_channel: Buffer, payload: Buffer) => this.receive(payload));
    // Redis restarted or out of reach (issue 34 §1, test/redis-restart.int.spec.ts): publishes meanwhile
    // reached no subscriber, and a restarted Redis has forgotten every port and liveness key.
    sub.on('close', () => {
      if (!this.closing) this.subscriberLost = this.announcePending = true;
    });
    sub.on('ready', () => {
      if (this.subscriberLost) void this.restore();
    });
    pub.on('close', () => {
      if (!this.closing) this.announcePending = true;
    });
    pub.on('ready', () => {
      this.flushHeld();
      if (this.announcePending) void this.announce();
    });
    this.refreshTimer = setInterval(() => {
      if (this.pub.status === 'ready') this.flushHeld();
      void (this.announcePending ? this.announce() : this.refreshLiveness());
    }, NODE_REFRESH_MS);
    this.refreshTimer.unref();
  }

  static async connect(redisUrl: string, nodeId: string): Promise<RedisRouter> {
    const { Redis } = await import('ioredis');
    const options = {
      maxRetriesPerRequest: 3,
      lazyConnect: true,
      // While Redis is away a command fails at once instead of waiting in ioredis's queue: a push published
      // then is lost either way (the sync after restore() finds it), and a waiting publish would hold up its
      // connection's next frames, heartbeats included, until the client gave up on the socket.
      enableOfflineQueue: false,
      // ioredis's default backs off to 5 s; a node out of Redis routes nothing between nodes, so retry sooner.
      retryStrategy: (attempt: number) => Math.min(50 * 2 ** (attempt - 1), RECONNECT_MAX_DELAY_MS) + Math.floor(Math.random() * 100),
    };
    // Auto-pipelining: the publishes of one fan-out (one per team member) leave in one socket write
    // instead of one write each, which cost more than the delivery itself (docs/performance.md, issue 12).
    const pub = new Redis(redisUrl, { ...options, enableAutoPipelining: true });
    const sub = new Redis(redisUrl, options);
    // Errors surface on the commands that fail; without a listener ioredis logs every retry.
    pub.on('error', () => {});
    sub.on('error', () => {});
    await Promise.all([pub.connect(), sub.connect()]);
    const router = new RedisRouter(nodeId, pub, sub);
    await sub.subscribe(ALL_CHANNEL);
    await router.refreshLiveness();
    return router;
  }

  onEvent(handler: RoutedEventHandler): void {
    this.handler = handler;
  }

  onRoutesRestored(handler: RoutesRestoredHandler): void {
    this.restoredHandler = handler;
  }

  async addPort(port: PortRecord): Promise<void> {
    let byConnection = this.localPorts.get(port.account);
    if (!byConnection) this.localPorts.set(port.account, (byConnection = new Map()));
    byConnection.set(port.connectionId, port);
    try {
      if (byConnection.size === 1) await this.sub.subscribe(accountChannel(port.account));
      await this.pub.hset(portsKey(port.account), port.connectionId, JSON.stringify(port));
    } catch (error) {
      // Redis away: the login fails and its client tries again; no port of it may stay behind.
      byConnection.delete(port.connectionId);
      if (byConnection.size === 0 && this.localPorts.get(port.account) === byConnection) this.localPorts.delete(port.account);
      throw error;
    }
  }

  async removePort(port: PortRecord): Promise<void> {
    const byConnection = this.localPorts.get(port.account);
    byConnection?.delete(port.connectionId);
    if (byConnection && byConnection.size === 0) {
      this.localPorts.delete(port.account);
      // A lost subscriber has nothing to drop, and restore() subscribes only the accounts still held.
      await this.sub.unsubscribe(accountChannel(port.account)).catch(() => undefined);
    }
    try {
      await this.pub.hdel(portsKey(port.account), port.connectionId);
    } catch {
      // Redis away: removed once it is back (announce), or a kept Redis would list the port for good.
      this.removedWhileAway.push(port);
      this.announcePending = true;
    }
  }

  async listPorts(account: string): Promise<PortRecord[]> {
    const stored = Object.values(await this.pub.hgetall(portsKey(account))).flatMap((json) => {
      try {
        return [JSON.parse(json) as PortRecord];
      } catch {
        return [];
      }
    });
    const nodes = [...new Set(stored.map((p) => p.nodeId))];
    if (nodes.length === 0) return [];
    const alive = await this.pub.mget(nodes.map(nodeKey));
    const liveNodes = new Set(nodes.filter((_n, i) => alive[i] !== null));
    return stored.filter((p) => liveNodes.has(p.nodeId));
  }

  async publish(account: string, event: RoutedEvent): Promise<void> {
    // Local sockets get it at once; other nodes through Redis (our own echo is skipped).
    if (this.localPorts.has(account)) this.handler(account, event);
    const envelope: WireEnvelope = { origin: this.nodeId, account, event };
    await this.send(accountChannel(account), envelope);
  }

  async publishToMany(accounts: readonly string[], event: RoutedEvent): Promise<void> {
    this.deliverToLocal(accounts, event);
    // One message every node reads and filters by its own accounts: for a team of 2,000 this replaced
    // 2,000 publishes (about 96 ms of the sending node's CPU per message, bench/im-groups).
    const envelope: WireEnvelope = { origin: this.nodeId, account: '', event, accounts: [...accounts] };
    await this.send(ALL_CHANNEL, envelope);
  }

  /**
   * Publishes, or holds a push Redis would not take and publishes it once it does. Without that, a push
   * published while this node's connection was still coming back would be lost for a receiver whose node
   * had already restored and had its clients sync (test/redis-restart.int.spec.ts). Receivers keep one
   * copy per idClient, so one that arrives late after a sync is not shown twice. A kick is not held: its
   * caller learns it failed.
   */
  private async send(channel: string, envelope: WireEnvelope): Promise<void> {
    const payload = JSON.stringify(envelope);
    if (this.held.length > 0 && this.pub.status === 'ready') this.flushHeld();
    // Behind the held ones, in order.
    if (this.held.length > 0 && envelope.event.kind === 'push') return this.hold(channel, payload);
    try {
      await this.pub.publish(channel, payload);
    } catch (error) {
      if (envelope.event.kind !== 'push' || this.closing) throw error;
      this.hold(channel, payload);
    }
  }

  private hold(channel: string, payload: string): void {
    this.held.push({ channel, payload });
    if (this.held.length > MAX_HELD) this.held.shift();
  }

  private flushHeld(): void {
    const held = this.held;
    this.held = [];
    for (const { channel, payload } of held) this.pub.publish(channel, payload).catch(() => this.hold(channel, payload));
  }

  private deliverToLocal(accounts: readonly string[], event: RoutedEvent): void {
    for (const account of accounts) if (this.localPorts.has(account)) this.handler(account, event);
  }

  async publishToAll(event: RoutedEvent): Promise<void> {
    this.deliverToAllLocal(event);
    const envelope: WireEnvelope = { origin: this.nodeId, account: '', event, toAll: true };
    await this.send(ALL_CHANNEL, envelope);
  }

  private deliverToAllLocal(event: RoutedEvent): void {
    for (const account of [...this.localPorts.keys()]) this.handler(account, event);
  }

  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.refreshTimer);
    try {
      for (const [account, ports] of this.localPorts) {
        if (ports.size > 0) await this.pub.hdel(portsKey(account), ...ports.keys());
      }
      await this.pub.del(nodeKey(this.nodeId));
    } catch {
      // Best effort: the liveness key expires on its own.
    }
    this.localPorts.clear();
    this.sub.disconnect();
    this.pub.disconnect();
  }

  private receive(payload: Buffer): void {
    let envelope: WireEnvelope;
    try {
      envelope = JSON.parse(payload.toString('utf8')) as WireEnvelope;
    } catch {
      return;
    }
    if (envelope.origin === this.nodeId) return;
    if (envelope.toAll) return this.deliverToAllLocal(envelope.event);
    if (Array.isArray(envelope.accounts)) return this.deliverToLocal(envelope.accounts.filter((account): account is string => typeof account === 'string'), envelope.event);
    if (!this.localPorts.has(envelope.account)) return;
    this.handler(envelope.account, envelope.event);
  }

  /**
   * After the subscriber reconnected: subscribe again to every channel this node needs (ioredis's
   * autoResubscribe repeats only what it had confirmed, not a subscribe that failed while Redis was away,
   * and the answer to ours comes after its own, so once ours is answered every channel is in place),
   * announce the ports again, then tell the gateway: anything published before now may have been lost.
   */
  private async restore(): Promise<void> {
    const accounts = [...this.localPorts.keys()];
    try {
      await this.sub.subscribe(ALL_CHANNEL);
      for (let i = 0; i < accounts.length; i += SUBSCRIBE_BATCH) await this.sub.subscribe(...accounts.slice(i, i + SUBSCRIBE_BATCH).map(accountChannel));
    } catch {
      return; // lost again: the next 'ready' restores
    }
    // An account whose last socket left during the subscribe above needs no channel.
    const gone = accounts.filter((account) => !this.localPorts.has(account)).map(accountChannel);
    if (gone.length > 0) await this.sub.unsubscribe(...gone).catch(() => undefined);
    this.subscriberLost = false;
    await this.announce();
    this.restoredHandler();
  }

  /** Writes this node's ports and liveness key again; on failure the refresh timer or the next 'ready' retries. */
  private async announce(): Promise<void> {
    this.announcePending = false;
    const removed = this.removedWhileAway;
    this.removedWhileAway = [];
    try {
      const writes = [...this.localPorts].map(([account, ports]) =>
        ports.size > 0 ? this.pub.hset(portsKey(account), Object.fromEntries([...ports].map(([id, port]) => [id, JSON.stringify(port)]))) : undefined,
      );
      const deletes = removed.map((port) => this.pub.hdel(portsKey(port.account), port.connectionId));
      await Promise.all([...writes, ...deletes, this.pub.set(nodeKey(this.nodeId), '1', 'PX', NODE_TTL_MS)]);
    } catch {
      this.removedWhileAway.unshift(...removed);
      this.announcePending = true;
    }
  }

  private async refreshLiveness(): Promise<void> {
    try {
      await this.pub.set(nodeKey(this.nodeId), '1', 'PX', NODE_TTL_MS);
    } catch {
      // Redis briefly unreachable: ioredis reconnects; the next refresh retries.
    }
  }
}
