import WebSocket from 'ws';
import { signImToken } from '@merchant/im-core/server';
import { CLIENT_TYPE_WEB } from '@merchant/im-core';
import {
  FrameFlag, decodeFrame, decodeFrameHeader, encodeRequest, type FrameHeader, type CommandName, type CommandTable, type DecodedFrame, type RequestBodyOf, type ResponseBodyOf,
} from '@merchant/im-core/testing';

export const TEST_SECRET = 'test-im-secret';
export const TEST_APP_KEY = 'merchant-im';

export function tokenFor(accid: string, extra: { nick?: string; avatar?: string; exp?: number; iat?: number } = {}, secret = TEST_SECRET): string {
  return signImToken({ accid, appKey: TEST_APP_KEY, ...extra }, secret);
}

export interface Answer<N extends CommandName> {
  code: number;
  body: ResponseBodyOf<CommandTable[N]>;
}

/**
 * A bare protocol client for integration tests: real WebSocket, real codec, no reconnect logic,
 * so the tests see exactly what the server sends.
 */
export class RawImClient {
  readonly pushes: DecodedFrame[] = [];
  readonly responses: DecodedFrame[] = [];
  /** Answers whose command is not in the table (header only), e.g. 999 for an unknown pair. */
  readonly headerOnly: FrameHeader[] = [];
  closeInfo: { code: number; reason: string } | undefined;
  private serial = 0;
  private readonly waiters = new Set<() => void>();
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => {
      const bytes = new Uint8Array(data);
      try {
        const frame = decodeFrame(bytes);
        if (frame.flags & FrameFlag.PUSH) this.pushes.push(frame);
        else this.responses.push(frame);
      } catch {
        this.headerOnly.push(decodeFrameHeader(bytes));
      }
      for (const wake of [...this.waiters]) wake();
    });
    this.closed = new Promise((resolve) =>
      socket.on('close', (code: number, reason: Buffer) => {
        this.closeInfo = { code, reason: reason.toString() };
        for (const wake of [...this.waiters]) wake();
        resolve(this.closeInfo);
      }),
    );
  }

  static async open(wsUrl: string): Promise<RawImClient> {
    const socket = new WebSocket(wsUrl);
    socket.binaryType = 'nodebuffer';
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return new RawImClient(socket);
  }

  static async loggedIn(wsUrl: string, account: string, options: { clientType?: number; nick?: string; deviceId?: string } = {}) {
    const client = await RawImClient.open(wsUrl);
    const answer = await client.login(account, tokenFor(account, { nick: options.nick }), options);
    if (answer.code !== 200) throw new Error(`login of ${account} answered ${answer.code}`);
    return Object.assign(client, { connectionId: answer.body.connectionId as string });
  }

  login(account: string, token: string, options: { clientType?: number; deviceId?: string; appKey?: string } = {}) {
    return this.request('login', {
      appKey: options.appKey ?? TEST_APP_KEY,
      account,
      token,
      clientType: options.clientType ?? CLIENT_TYPE_WEB,
      deviceId: options.deviceId ?? `device-${account}`,
      sdkVersion: 'test',
      protocolVersion: 1,
    });
  }

  async request<N extends CommandName>(name: N, body: RequestBodyOf<CommandTable[N]>, timeoutMs = 5000): Promise<Answer<N>> {
    this.serial = (this.serial % 32767) + 1;
    const serialId = this.serial;
    this.sendRaw(encodeRequest(name, serialId, body));
    const frame = await this.waitFor(() => this.responses.find((f) => f.serialId === serialId && f.name === name), timeoutMs, `${name} response`);
    this.responses.splice(this.responses.indexOf(frame), 1);
    return { code: frame.code, body: frame.body as ResponseBodyOf<CommandTable[N]> };
  }

  sendRaw(bytes: Uint8Array | string): void {
    this.socket.send(bytes);
  }

  /** Resolves with the first push of `name` matching `where` (already received or future). */
  waitForPush<N extends CommandName>(name: N, where: (body: ResponseBodyOf<CommandTable[N]>) => boolean = () => true, timeoutMs = 5000) {
    return this.waitFor(
      () => this.pushes.find((f) => f.name === name && where(f.body as ResponseBodyOf<CommandTable[N]>)),
      timeoutMs,
      `${name} push`,
    ).then((f) => f.body as ResponseBodyOf<CommandTable[N]>);
  }

  pushesNamed(name: CommandName): DecodedFrame[] {
    return this.pushes.filter((f) => f.name === name);
  }

  waitFor<T>(find: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const check = () => {
        const found = find();
        if (found !== undefined) {
          cleanup();
          resolve(found);
        } else if (this.closeInfo) {
          cleanup();
          reject(new Error(`socket closed (${this.closeInfo.code} ${this.closeInfo.reason}) while waiting for ${what}`));
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`timed out waiting for ${what}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.waiters.delete(check);
      };
      this.waiters.add(check);
      check();
    });
  }

  close(): void {
    this.socket.close();
  }

  /** Sends heartbeats every `everyMs` until the returned function is called (keeps idle timers quiet). */
  keepAlive(everyMs = 100): () => void {
    const timer = setInterval(() => {
      if (this.socket.readyState === WebSocket.OPEN) void this.request('heartbeat', {}).catch(() => {});
    }, everyMs);
    return () => clearInterval(timer);
  }
}

export function wsUrlOf(httpUrl: string): string {
  return `${httpUrl.replace(/^http/, 'ws')}/ws`;
}
