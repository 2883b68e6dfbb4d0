import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, WebSocket } from 'ws';
import {
  CODE_NOT_SUPPORTED, CommandName, decodeFrame, encodeFrame, encodePush, encodeResponse, FrameFlag, FrameSocket, LongPollHub,
  ProtocolError, ProtocolRecord, UnknownCommandError,
} from '../src/server';

/**
 * A minimal IM server for im-core's own tests, built only on the server half of the codec
 * (@merchant/im-core/server), so these tests do not depend on apps/im-server. It serves
 * GET /lbs, WebSocket /ws and long-polling /lp like the real server (docs/protocol.md).
 */
export interface TestServerOptions {
  /** What /lbs answers as common.link (e.g. a fault proxy's URL); defaults to this server's /ws. */
  link?: () => string;
  /** Tokens equal to this are refused with 302. */
  badToken?: string;
  /** What getServerTime answers; defaults to the real clock 60 s ahead. */
  serverTime?: () => number;
}

interface ClientLink {
  socket: FrameSocket;
  account?: string;
  connectionId?: string;
}

export class ImTestServer {
  readonly received: Array<{ name: CommandName; serialId: number; token?: unknown }> = [];
  logins = 0;
  heartbeatsAnswered = true;
  lbsAnswers: 'ok' | 'fail' = 'ok';
  lbsRequests: URL[] = [];
  private readonly links = new Set<ClientLink>();
  private readonly rateLimits = new Map<string, number>();
  private readonly server = http.createServer((req, res) => this.handleHttp(req, res));
  private readonly wss = new WebSocketServer({ noServer: true });
  private readonly hub = new LongPollHub({ onSession: (session) => this.accept(session), pollTimeoutMs: 1000 });
  private nextConnection = 1;
  private nextMessage = 1;
  url = '';

  constructor(private readonly options: TestServerOptions = {}) {
    this.server.on('upgrade', (req, socket, head) => {
      if (!req.url?.startsWith('/ws')) return socket.destroy();
      this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(wsFrameSocket(ws)));
    });
  }

  /** Fixes what getServerTime answers from now on. */
  setServerTime(serverTime: () => number): void {
    this.options.serverTime = serverTime;
  }

  async listen(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  get wsUrl(): string {
    return `${this.url.replace('http', 'ws')}/ws`;
  }

  get openLinks(): number {
    return this.links.size;
  }

  /** Rejects the command with 416 and `seconds` for its next call. */
  rateLimitNext(name: CommandName, seconds: number): void {
    this.rateLimits.set(name, seconds);
  }

  kick(account: string, reason: number): void {
    for (const link of this.links) if (link.account === account) link.socket.send(encodePush('kicked', { reason }));
  }

  push(account: string, frame: Uint8Array): void {
    for (const link of this.links) if (link.account === account) link.socket.send(frame);
  }

  dropAllLinks(): void {
    for (const link of [...this.links]) link.socket.close();
  }

  async close(): Promise<void> {
    this.dropAllLinks();
    this.hub.closeAll();
    for (const ws of this.wss.clients) ws.terminate();
    this.wss.close();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handleHttp(req: http.IncomingMessage, res: http.ServerResponse): void {
    const url = new URL(req.url ?? '/', this.url);
    if (url.pathname === '/lbs') {
      this.lbsRequests.push(url);
      if (this.lbsAnswers === 'fail') return void res.writeHead(503).end();
      const link = this.options.link?.() ?? this.wsUrl;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ common: { link, 'link.default': link, 'lbs.backup': [] } }));
      return;
    }
    if (url.pathname.startsWith('/lp/')) return this.hub.handle(url.pathname.slice(4), req, res);
    res.writeHead(404).end();
  }

  private accept(socket: FrameSocket): void {
    const link: ClientLink = { socket };
    this.links.add(link);
    socket.onClose(() => this.links.delete(link));
    socket.onFrame((bytes) => this.handleFrame(link, bytes));
  }

  private handleFrame(link: ClientLink, bytes: Uint8Array): void {
    let frame;
    try {
      frame = decodeFrame(bytes);
    } catch (error) {
      if (error instanceof UnknownCommandError) link.socket.send(Uint8Array.of(1, FrameFlag.RESPONSE, error.header.serviceId, error.header.commandId, 0, error.header.serialId, 0x03, 0xe7));
      else if (!(error instanceof ProtocolError)) throw error;
      return;
    }
    this.received.push({ name: frame.name, serialId: frame.serialId, ...(frame.name === 'login' ? { token: frame.body.token } : {}) });
    const reply = (code: number, body: ProtocolRecord = {}) =>
      link.socket.send(encodeFrame({ name: frame.name, serialId: frame.serialId, code, flags: FrameFlag.RESPONSE, body }));
    const limited = this.rateLimits.get(frame.name);
    if (limited !== undefined) {
      this.rateLimits.delete(frame.name);
      return reply(416, { retryAfterSeconds: limited, errMsg: 'too frequent' });
    }
    switch (frame.name) {
      case 'heartbeat':
        if (this.heartbeatsAnswered) reply(200);
        return;
      case 'login': {
        if (frame.body.token === this.options.badToken) return reply(302, { errMsg: 'bad token' });
        this.logins++;
        link.account = String(frame.body.account);
        link.connectionId = `conn-${this.nextConnection++}`;
        const others = [...this.links].filter((l) => l !== link && l.account === link.account && l.connectionId);
        reply(200, { connectionId: link.connectionId, loginPorts: others.map((l) => ({ type: 16, online: true, connectionId: l.connectionId })) });
        return;
      }
      case 'getServerTime':
        return reply(200, { time: this.options.serverTime?.() ?? Date.now() + 60_000 });
      case 'sendMsg': {
        const msg: ProtocolRecord = { ...(frame.body.msg as ProtocolRecord), idServer: String(this.nextMessage++), time: Date.now() };
        link.socket.send(encodeResponse('sendMsg', frame.serialId, 200, { msg: msg as never }));
        this.push(String(msg.to), encodePush('msg', { msg: msg as never }));
        return;
      }
      case 'logout':
        reply(200);
        link.socket.close();
        return;
      default:
        return reply(CODE_NOT_SUPPORTED, { errMsg: 'not supported' });
    }
  }
}

function wsFrameSocket(ws: WebSocket): FrameSocket {
  return {
    send: (frame) => {
      if (ws.readyState === WebSocket.OPEN) ws.send(frame);
    },
    close: () => ws.close(),
    onFrame: (listener) => ws.on('message', (data: Buffer, isBinary: boolean) => isBinary && listener(new Uint8Array(data.buffer, data.byteOffset, data.length))),
    onClose: (listener) => ws.on('close', listener),
  };
}
