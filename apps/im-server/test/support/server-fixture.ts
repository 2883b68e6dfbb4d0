import { RawImClient } from './raw-client';
import { account, startServer, type StartedServer } from './test-server';
import type { ImServerConfig } from '../../src/server';

/**
 * One im-server for a describe block (started in beforeAll, closed in afterAll) and raw clients logged in
 * as per-run accounts, closed with it. Call it at the top of a describe block.
 */
export function useImServer(overrides: ImServerConfig = {}): { readonly server: StartedServer; login(name: string): Promise<RawImClient> } {
  let started: StartedServer | undefined;
  const clients: RawImClient[] = [];
  beforeAll(async () => {
    started = await startServer(overrides);
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await started?.server.close();
  });
  return {
    get server(): StartedServer {
      if (!started) throw new Error('the server starts in beforeAll');
      return started;
    },
    async login(name: string): Promise<RawImClient> {
      const client = await RawImClient.loggedIn(this.server.wsUrl, account(name));
      clients.push(client);
      return client;
    },
  };
}
