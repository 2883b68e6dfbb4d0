import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer, RawData } from 'ws';

export type Direction = 'toServer' | 'toClient';

interface ProxiedLink {
  client: WebSocket;
  upstream: WebSocket;
}

/**
 * In-process fault proxy (STYLE.md "Deterministic fault tests"): a WebSocket server that forwards
 * every frame to an upstream WebSocket and back, and on request drops, delays, duplicates or cuts
 * (truncates) frames, black-holes the sockets (they stay open but nothing passes), cuts them off,
 * or refuses new connections. The test chooses the failure, not chance.
 */
export class FaultProxy {
  private readonly server = http.createServer((_req, res) => res.writeHead(404).end());
  private readonly wss = new WebSocketServer({ server: this.server });
  private readonly links = new Set<ProxiedLink>();
  private readonly dropCount: Record<Direction, number> = { toServer: 0, toClient: 0 };
  private readonly truncateCount: Record<Direction, number> = { toServer: 0, toClient: 0 };
  delayMs = 0;
  duplicate = false;
  blackHoled = false;
  refusing = false;
  connections = 0;
  url = '';

  constructor(private readonly upstreamUrl: string) {
    this.wss.on('connection', (client) => this.accept(client));
  }

  async listen(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `ws://127.0.0.1:${(this.server.address() as AddressInfo).port}/ws`;
    return this;
  }

  get openLinks(): number {
    return this.links.size;
  }

  dropNext(direction: Direction, count = 1): void {
    this.dropCount[direction] += count;
  }

  truncateNext(direction: Direction, count = 1): void {
    this.truncateCount[direction] += count;
  }

  /** Stops all forwarding without closing anything: a socket that silently died. */
  blackHole(on = true): void {
    this.blackHoled = on;
  }

  /** Closes every proxied socket abruptly (no close frame). */
  cutAll(): void {
    for (const link of [...this.links]) {
      link.client.terminate();
      link.upstream.terminate();
    }
  }

  async close(): Promise<void> {
    this.cutAll();
    this.wss.close();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: WebSocket): void {
    this.connections++;
    if (this.refusing) {
      client.terminate();
      return;
    }
    const upstream = new WebSocket(this.upstreamUrl);
    const link: ProxiedLink = { client, upstream };
    this.links.add(link);
    const early: RawData[] = [];
    upstream.on('open', () => {
      for (const data of early.splice(0)) this.forward('toServer', data, upstream);
    });
    client.on('message', (data) => {
      if (upstream.readyState === WebSocket.CONNECTING) early.push(data);
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

  private forward(direction: Direction, data: RawData, to: WebSocket): void {
    if (this.blackHoled) return;
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
      if (to.readyState !== WebSocket.OPEN || this.blackHoled) return;
      to.send(bytes);
      if (this.duplicate) to.send(bytes);
    };
    if (this.delayMs > 0) setTimeout(send, this.delayMs);
    else send();
  }
}
