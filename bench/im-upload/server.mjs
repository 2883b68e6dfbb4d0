// The child process of bench/im-upload/run.mjs: the real im-server (bundled from source by run.mjs),
// objects in a folder on disk, and beside it the baseline, a bare HTTP server that takes one PUT of the
// whole file and writes it to the same disk (the body piped into a file, one fsync at the end).
// Both in one process, so both uploads are received by the same Node process on the same disk.
//   IM_BENCH_BUNDLE=<bundle> IM_OBJECT_DIR=<dir> IM_TOKEN_SECRET=<s> [DATABASE_URL=<url>] node server.mjs
import { createServer } from 'node:http';
import { createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import process from 'node:process';
import { pathToFileURL } from 'node:url';

const env = process.env;
const { createImServer } = await import(pathToFileURL(env.IM_BENCH_BUNDLE).href);
const unlimited = { limit: Number.MAX_SAFE_INTEGER, windowMs: 1 };
const server = createImServer({
  host: '127.0.0.1',
  port: 0,
  dataDir: 'memory://',
  objectDir: env.IM_OBJECT_DIR,
  databaseUrl: env.DATABASE_URL,
  tokenSecret: env.IM_TOKEN_SECRET,
  appKey: env.IM_APP_KEY,
  rateRules: { '*': unlimited },
  logger: { level: 'warn' },
});
const { url } = await server.listen();

let putCount = 0;
const raw = createServer(async (request, response) => {
  if (request.method !== 'PUT') {
    response.writeHead(405).end();
    return;
  }
  // As fast as Node writes a request to disk: the body piped into a file stream (reads and writes
  // overlap), then one fsync, so the answer means the bytes are on disk, as the im-server's does.
  const target = path.join(env.IM_OBJECT_DIR, `raw-put-${putCount++}`);
  let received = 0;
  request.on('data', (chunk) => (received += chunk.length));
  await pipeline(request, createWriteStream(target, { highWaterMark: 1024 * 1024 }));
  const file = await open(target, 'r+');
  await file.sync();
  await file.close();
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ received }));
});
await new Promise((resolve) => raw.listen(0, '127.0.0.1', resolve));
console.log(`im-upload-bench listening ${JSON.stringify({ url, raw: `http://127.0.0.1:${raw.address().port}` })}`);

const stop = async () => {
  raw.close();
  await server.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
