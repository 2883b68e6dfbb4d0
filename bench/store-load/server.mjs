// Child process of bench/store-load/run.mjs: a real store-server on 127.0.0.1 (DATABASE_URL, demo data seeded
// at start as by `npm start`), topped up to GOODS goods for the demo store when asked. Prints "READY <url>".
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importFromSource } from '../lib/source-bundle.mjs';
import { seedGoods } from '../store-api/seed-goods.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const { openStoreDatabase, createStoreServer } = await importFromSource(here, path.join(here, '../store-api/harness.ts'));

const handle = await openStoreDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: 'memory://', schema: 'store' });
// As in production: the aes floor the console uses, answers not re-checked against their contracts (a
// development aid), no test hooks; logs off: the bench measures the calls, not the logger.
const server = await createStoreServer(
  { host: '127.0.0.1', port: 0, logLevel: 'silent', minSecurityMode: 'aes', production: true, imTokenSecret: randomBytes(36).toString('base64') },
  { database: handle },
);
const goods = Number(process.env.GOODS ?? 0);
if (goods > 0) await seedGoods(handle.db, { storeId: 1001, total: goods });
const { url } = await server.listen();
console.log(`READY ${url}`);

const stop = async () => {
  await server.close();
  await handle.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
