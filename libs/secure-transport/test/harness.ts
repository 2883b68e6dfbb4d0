/** Starts a real Fastify server on loopback port 0 with the plugin, and builds clients against it. */
import Fastify, { type FastifyInstance } from 'fastify';
import { Writable } from 'node:stream';
import { createSecureClient, createMemoryStorage, type SecureClientOptions, type SecureClient, type SecurityMode } from '../src';
import { EnvelopeError, MemorySessionStore, secureTransportPlugin, type SecureTransportPluginOptions } from '../src/server';
import type { RsaKeyPair } from '../src/crypto/provider';

export interface TestServer {
  app: FastifyInstance;
  url: string;
  logLines: string[];
  close(): Promise<void>;
}

export async function startServer(options: Partial<SecureTransportPluginOptions> & { sessionStore: MemorySessionStore; serverKeys: RsaKeyPair }): Promise<TestServer> {
  const logLines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream }, forceCloseConnections: true });
  await app.register(secureTransportPlugin, options);
  app.secureRoute('/v1/test/echo', async ({ biz, accessToken, session }) => ({ biz, accessToken, sessionKey: session?.sessionKey ?? null }));
  app.secureRoute('/v1/test/fail', async ({ biz }) => {
    const { code, value } = biz as { code: string; value?: string };
    throw new EnvelopeError(code, `failure ${code}`, value === undefined ? undefined : { value });
  });
  app.secureRoute('/v1/test/crash', async () => {
    throw new Error('handler bug');
  });
  // fixed wait: a route that answers late, for the client's request timeout under test.
  app.secureRoute('/v1/test/slow', async () => new Promise((resolve) => setTimeout(() => resolve('late'), 300)));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url, logLines, close: () => app.close() };
}

export function reactionsSpy() {
  const calls: string[] = [];
  return {
    calls,
    reactions: {
      goToLogin: () => calls.push('goToLogin'),
      showError: (msg: string, code?: string) => calls.push(code ? `showError:${msg} [${code}]` : `showError:${msg}`),
      showCaptcha: (image: string) => calls.push(`showCaptcha:${image}`),
      onTokenReset: () => calls.push('onTokenReset'),
    },
  };
}

export function clientFor(server: TestServer, mode: SecurityMode, extra: Partial<SecureClientOptions> = {}): SecureClient {
  return createSecureClient({ baseUrl: server.url, mode, storage: createMemoryStorage(), ...extra });
}

let sharedKeys: Promise<RsaKeyPair> | undefined;
/** One server key pair per test file: RSA key generation is the slow part. */
export function testServerKeys(): Promise<RsaKeyPair> {
  sharedKeys ??= globalThis.crypto.subtle
    ? import('../src/crypto/webcrypto').then((m) => m.createWebCryptoProvider().generateRsaKeyPair())
    : Promise.reject(new Error('no WebCrypto'));
  return sharedKeys;
}
