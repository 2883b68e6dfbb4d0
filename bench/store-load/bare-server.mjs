// Child process of bench/store-load/run.mjs: the baseline, a bare Fastify POST route that parses the JSON body
// and answers a fixed JSON body of the same shape and size as the measured endpoint's page (BODY_FILE).
// Prints "READY <url>".
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const answer = JSON.parse(readFileSync(process.env.BODY_FILE, 'utf8'));
const app = Fastify({ logger: false });
app.post('/bare', async () => answer);
const url = await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`READY ${url}`);
process.on('SIGTERM', async () => {
  await app.close();
  process.exit(0);
});
