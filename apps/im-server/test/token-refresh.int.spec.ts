import { FaultProxy } from '@merchant/im-core/testing';
import type { GetTokenContext, ImClient } from '@merchant/im-core';
import { imCoreClient, sleep, waitFor } from './support/im-core-clients';
import { tokenFor } from './support/raw-client';
import { account, startServer, usingPostgres, type StartedServer } from './support/test-server';

/**
 * Token expiry (issue 10): the IM token lives a fixed time; with getToken the client asks the app
 * for a fresh one when the server refuses the old one at a reconnect, and carries on. The real
 * im-server checks expiry; the fault proxy cuts the socket to force the reconnect.
 */
describe(`IM token refresh with getToken against the real im-server (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let started: StartedServer;
  let proxy: FaultProxy;
  const clients: ImClient[] = [];

  beforeAll(async () => {
    proxy = await new FaultProxy(() => started.wsUrl).listen();
    started = await startServer({ publicWsUrl: proxy.url });
  });
  afterAll(async () => {
    for (const client of clients) await client.destroy();
    await proxy?.close();
    await started?.server.close();
  });

  it('a token that expired while connected is replaced through getToken at the next login, and messages flow again', async () => {
    const name = account('token_exp');
    const peer = account('token_peer');
    const nowSeconds = () => Math.floor(Date.now() / 1000);
    const expiresAt = nowSeconds() + 2;
    const shortLived = tokenFor(name, { iat: nowSeconds(), exp: expiresAt });
    const asked: GetTokenContext[] = [];
    const client = imCoreClient(started.url, name, {
      token: shortLived,
      getToken: async (context) => {
        asked.push(context);
        return tokenFor(name); // the store-server's 12 h token
      },
    });
    clients.push(client);
    await client.connect();
    expect(asked).toEqual([]);

    await waitFor(() => nowSeconds() > expiresAt, 5000, 'the short token to expire');
    const loggedInAgain = new Promise<void>((resolve) => client.on('syncDone', () => resolve()));
    proxy.cutAll();
    await loggedInAgain;
    expect(asked).toEqual([{ account: name, reason: 'refused' }]);
    const sent = await client.messages.sendText({ scene: 'p2p', to: peer, text: 'still here' });
    expect(sent).toMatchObject({ status: 'success' });
  });

  it('without getToken, the same expiry stops the client (a refused login is final)', async () => {
    const name = account('token_fixed');
    const nowSeconds = () => Math.floor(Date.now() / 1000);
    const expiresAt = nowSeconds() + 2;
    const client = imCoreClient(started.url, name, { token: tokenFor(name, { iat: nowSeconds(), exp: expiresAt }) });
    clients.push(client);
    await client.connect();
    await waitFor(() => nowSeconds() > expiresAt, 5000, 'the short token to expire');
    const states: string[] = [];
    client.on('state', (state) => states.push(state));
    proxy.cutAll();
    await waitFor(() => states.includes('connected') && states.at(-1) === 'disconnected', 10_000, 'the refused login');
    // fixed wait: no further login may follow the refusal; the window is longer than the largest back-off
    await sleep(1000);
    expect(states.at(-1)).toBe('disconnected');
    expect(states.filter((s) => s === 'connected')).toHaveLength(1);
  });
});
