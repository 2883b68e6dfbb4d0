import http from 'node:http';
import type { AddressInfo } from 'node:net';
// Types only at load time: `ws` (an optional peer) is loaded in listen(), so importing
// @merchant/im-core/server for signImToken & co. does not require it.
import type { RawData, WebSocket, WebSocketServer } from 'ws';

/** WebSocket readyState values (the same in `ws` and browsers). */
const CONNECTING = 0;
const OPEN = 1;

/** Which way a frame travels through the proxy. */
export type FaultDirection = 'toServer' | 'toClient';

/** Where the proxy forwards to: a WebSocket URL, or a function read on every new connection. */
export type FaultProxyUpstream = string | (() => string);

export interface FaultProxyListenOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0 (a free port). */
  port?: number;
  /** Path put into `url` (the proxy itself accepts any path). Default `/ws`. */
  path?: string;
}

interface ProxiedLink {
  client: WebSocket;
  upstream: WebSocket;
}

/**
 * In-process WebSocket fault proxy for tests (Node only; needs `ws`). Put it between an IM client
 * and a server (`@merchant/im-core/server` based, or apps/im-server) and choose the failure
 * instead of waiting for chance: drop, delay, duplicate or cut (truncate) frames in either
 * direction, black-hole the sockets (they stay open but nothing passes), cut every socket off
 * abruptly, or refuse new connections.
 *
 * ```ts
 * const proxy = await new FaultProxy('ws://127.0.0.1:3200/ws').listen();
 * // hand proxy.url to the client (e.g. as the server's public link in the lbs answer)
 * proxy.blackHole();          // heartbeats now go unanswered
 * proxy.refusing = true;      // reconnect attempts fail
 * proxy.cutAll();             // drop every live socket
 * await proxy.close();
 * ```
 */
export class FaultProxy {
  private readonly server = http.createServer((_req, res) => res.writeHead(404).end());
  private wss: WebSocketServer | undefined;
  private WebSocketImpl: typeof WebSocket | undefined;
  private readonly links = new Set<ProxiedLink>();
  private readonly dropCount: Record<FaultDirection, number> = { toServer: 0, toClient: 0 };
  private readonly truncateCount: Record<FaultDirection, number> = { toServer: 0, toClient: 0 };
  /** Every forwarded frame waits this long (0 = forward at once). */
  delayMs = 0;
  /** Every forwarded frame is sent twice. */
  duplicate = false;
  /** Nothing is forwarded; sockets stay open (see blackHole()). */
  blackHoled = false;
  /** New client sockets are closed at once (the upgrade succeeds, then the socket dies). */
  refusing = false;
  /**
   * Decides per frame: true cuts every link instead of forwarding it (then the hook is cleared).
   * Used to cut a socket at an exact point, e.g. in the middle of a paged sync.
   */
  cutWhen: ((direction: FaultDirection, bytes: Uint8Array) => boolean) | undefined;
  /** Client sockets accepted so far, refused ones included. */
  connections = 0;
  /** The proxy's WebSocket URL; set by listen(). */
  url = '';

  constructor(private readonly upstream: FaultProxyUpstream) {}

  async listen(options: FaultProxyListenOptions = {}): Promise<this> {
    const host = options.host ?? '127.0.0.1';
    if (!this.wss) {
      const ws = await import('ws');
      this.WebSocketImpl = ws.WebSocket;
      this.wss = new ws.WebSocketServer({ server: this.server });
      this.wss.on('connection', (client) => this.accept(client));
    }
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(options.port ?? 0, host, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    const address = this.server.address() as AddressInfo;
    const hostInUrl = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    this.url = `ws://${hostInUrl}:${address.port}${options.path ?? '/ws'}`;
    return this;
  }

  /** Live proxied socket pairs. */
  get openLinks(): number {
    return this.links.size;
  }

  /** Silently drops the next `count` frames going `direction`. */
  dropNext(direction: FaultDirection, count = 1): void {
    this.dropCount[direction] += count;
  }

  /** Forwards only the first half of the next `count` frames going `direction`. */
  truncateNext(direction: FaultDirection, count = 1): void {
    this.truncateCount[direction] += count;
  }

  /** Stops all forwarding without closing anything: a socket that silently died. */
  blackHole(on = true): void {
    this.blackHoled = on;
  }

  /** Closes every proxied socket abruptly (no close frame) on both sides. */
  cutAll(): void {
    for (const link of [...this.links]) {
      link.client.terminate();
      link.upstream.terminate();
    }
  }

  async close(): Promise<void> {
    this.cutAll();
    this.wss?.close();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: WebSocket): void {
    this.connections++;
    if (this.refusing) {
      client.terminate();
      return;
    }
    const upstream = new (this.WebSocketImpl as typeof WebSocket)(typeof this.upstream === 'function' ? this.upstream() : this.upstream);
    const link: ProxiedLink = { client, upstream };
    this.links.add(link);
    const early: RawData[] = [];
    upstream.on('open', () => {
      for (const data of early.splice(0)) this.forward('toServer', data, upstream);
    });
    client.on('message', (data) => {
      if (upstream.readyState === CONNECTING) early.push(data);
      else this.forward('toServer', data, upstream);
    });
    upstream.on('message', (data) => this.forward('toClient', data, client));
    const end = () => {
      this.links.delete(link);
      client.terminate();
      upstream.terminate();
    };
    client.on('close', end);
    upstream.on('close', end);
    client.on('error', end);
    upstream.on('error', end);
  }

  private forward(direction: FaultDirection, data: RawData, to: WebSocket): void {
    if (this.blackHoled) return;
    if (this.cutWhen?.(direction, new Uint8Array(data as Buffer))) {
      this.cutWhen = undefined;
      this.cutAll();
      return;
    }
    if (this.dropCount[direction] > 0) {
      this.dropCount[direction]--;
      return;
    }
    let bytes = data as Buffer;
    if (this.truncateCount[direction] > 0) {
      this.truncateCount[direction]--;
      bytes = bytes.subarray(0, Math.max(1, Math.floor(bytes.length / 2)));
    }
    const send = () => {
      if (to.readyState !== OPEN || this.blackHoled) return;
      to.send(bytes);
      if (this.duplicate) to.send(bytes);
    };
    if (this.delayMs > 0) setTimeout(send, this.delayMs);
    else send();
  }
}
