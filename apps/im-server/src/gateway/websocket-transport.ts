import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { MAX_FRAME_BYTES } from '../protocol';
import { CloseCode, type ClientLink } from './client-link';
import type { ImGateway } from './gateway';

export const WEBSOCKET_PATH = '/ws';

function toBytes(data: RawData): Uint8Array {
  if (Array.isArray(data)) return new Uint8Array(Buffer.concat(data));
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

class WebSocketLink implements ClientLink {
  readonly transport = 'websocket';
  constructor(
    private readonly socket: WebSocket,
    readonly remoteAddress: string,
  ) {}
  get bufferedBytes(): number {
    return this.socket.bufferedAmount;
  }
  send(frame: Uint8Array): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(frame, { binary: true });
  }
  close(code: number, reason: string): void {
    if (this.socket.readyState === this.socket.OPEN || this.socket.readyState === this.socket.CONNECTING) {
      this.socket.close(code, reason);
      // A peer that never answers the close handshake must not hold the socket open.
      setTimeout(() => this.socket.terminate(), 2_000).unref();
    }
  }
}

/**
 * Attaches the WebSocket endpoint to the node http server (upgrade requests on /ws only).
 * `isAccepting` turns upgrades away while the server shuts down: a client reconnecting during
 * close() would otherwise open a socket nobody closes, and close() would wait on it forever.
 */
export function attachWebSocketTransport(server: Server, gateway: ImGateway, isAccepting: () => boolean = () => true): WebSocketServer {
  // Frames beyond MAX_FRAME_BYTES close the socket with 1009 inside ws, before any allocation of ours.
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false });

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== WEBSOCKET_PATH || !isAccepting()) {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
  });

  wss.on('connection', (ws: WebSocket, request: IncomingMessage) => {
    const connection = gateway.accept(new WebSocketLink(ws, request.socket.remoteAddress ?? ''));
    ws.on('message', (data: RawData, isBinary: boolean) => {
      // Text frames are not part of the protocol: handled as malformed input.
      connection.receive(isBinary ? toBytes(data) : new Uint8Array(0));
    });
    ws.on('close', () => connection.linkClosed());
    ws.on('error', () => {
      // ws closes the socket itself after a protocol error (e.g. 1009 too big); 'close' follows.
      connection.linkClosed();
    });
  });
  return wss;
}

export { CloseCode };
