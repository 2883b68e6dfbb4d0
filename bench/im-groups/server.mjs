// The im-server child process of bench/im-groups/run.mjs: the real server (bundled from source by run.mjs)
// on PostgreSQL, on Redis routing when REDIS_URL is set (IM_NODE_ID names the node), frequency control
// out of the way and no idle cut (the bench's sockets send no heartbeats).
//   IM_BENCH_BUNDLE=<bundle> PORT=<port> DATABASE_URL=<url> [REDIS_URL=<url> IM_NODE_ID=<id>] node server.mjs
// With IM_BENCH_PROFILE=<file.cpuprofile>, SIGUSR2 starts a CPU profile and SIGTERM writes it before exit,
// so the profile covers only what the bench measures.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import process from 'node:process';
import { pathToFileURL } from 'node:url';

const env = process.env;
const { createImServer } = await import(pathToFileURL(env.IM_BENCH_BUNDLE).href);
const unlimited = { limit: Number.MAX_SAFE_INTEGER, windowMs: 1 };
const server = createImServer({
  host: '127.0.0.1',
  port: Number(env.PORT),
  dataDir: 'memory://',
  databaseUrl: env.DATABASE_URL,
  redisUrl: env.REDIS_URL || undefined,
  nodeId: env.IM_NODE_ID || undefined,
  tokenSecret: env.IM_TOKEN_SECRET,
  appKey: 'merchant-im',
  idleTimeoutMs: 3_600_000,
  rateRules: { '*': unlimited },
  logger: { level: 'warn' },
});
const { url } = await server.listen();

let profiler;
process.on('SIGUSR2', () => {
  void (async () => {
    profiler = new Session();
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
    console.log('im-bench-server profiling');
  })();
});
const stop = async () => {
  if (profiler && env.IM_BENCH_PROFILE) {
    const { profile } = await profiler.post('Profiler.stop');
    writeFileSync(env.IM_BENCH_PROFILE, JSON.stringify(profile));
  }
  await server.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
console.log(`im-bench-server listening on ${url}`);
