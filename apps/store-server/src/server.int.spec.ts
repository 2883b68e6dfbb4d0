import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSecureClient } from '@merchant/secure-transport';
import pg from 'pg';
import { createStoreServer } from './server';

const USER = '/v1/store/eshop/store/user';

/** Uses DATA_DIR (PGlite on disk) or DATABASE_URL with its own schema, as main.ts does. */
describe('createStoreServer life cycle', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'store-server-'));
  const schema = `store_life_${process.pid}`;
  const config = { port: 0, dataDir, databaseUrl: process.env.DATABASE_URL || undefined, databaseSchema: schema, logLevel: 'silent' };
  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    if (config.databaseUrl) {
      const pool = new pg.Pool({ connectionString: config.databaseUrl });
      await pool.query(`drop schema if exists ${schema} cascade`);
      await pool.end();
    }
  });

  it('keeps data, tokens and envelope sessions across a restart, and seeds only once', async () => {
    const first = await createStoreServer(config);
    const { url } = await first.listen();
    const client = createSecureClient({ baseUrl: url, mode: 'aes' });
    const login = await client.post<{ accessToken: string }>(`${USER}/login`, { userName: 'demo_merchant', password: 'Demo12345' });
    client.setAccessToken(login.accessToken);
    await client.post(`${USER}/updatePasswordByToken`, { oldPassword: 'Demo12345', newPassword: 'Kept12345' });
    await first.close();

    const second = await createStoreServer({ ...config, port: Number(new URL(url).port) });
    await second.listen();
    try {
      // Same client, same AES session: the session store and the server keys survived.
      const stores = await client.post<{ storeName: string }>(`${USER}/getStoreInfo`, {});
      expect(stores.storeName).toBe('Demo Flagship Store');
      // The changed password survived, and the seed did not put the demo password back.
      const again = await client.post<{ accessToken: string }>(`${USER}/login`, { userName: 'demo_merchant', password: 'Kept12345' });
      expect(again.accessToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    } finally {
      client.dispose();
      await second.close();
    }
  });

  it('refuses to start in production with the development IM token secret, before opening anything', async () => {
    const production = { ...config, dataDir: join(dataDir, 'never-created'), production: true };
    await expect(createStoreServer(production)).rejects.toThrow(
      /store-server refuses to start with NODE_ENV=production: IM_TOKEN_SECRET is the development default/,
    );
    expect(existsSync(production.dataDir)).toBe(false);
  });

  it('refuses the test hooks when NODE_ENV is production', async () => {
    const server = await createStoreServer({ ...config, enableTestHooks: true, production: true, imTokenSecret: 'p'.repeat(40) });
    const { url } = await server.listen();
    try {
      const response = await fetch(`${url}/__test__/check-codes?target=13800001001`);
      expect(response.status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
