// The im-server child process of bench/im-messaging/run.mjs: the real server (bundled from source by
// run.mjs) on PostgreSQL, with the write design under test and frequency control out of the way
// (the limiter still runs on every command, with a 1 ms window, as in bench/im-protocol).
//   IM_BENCH_BUNDLE=<bundle> PORT=<port> DATABASE_URL=<url> IM_WRITE_MODE=group-commit|per-message node server.mjs
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
  tokenSecret: env.IM_TOKEN_SECRET,
  appKey: 'merchant-im',
  writeMode: env.IM_WRITE_MODE,
  writeBatchMax: env.IM_WRITE_BATCH_MAX ? Number(env.IM_WRITE_BATCH_MAX) : undefined,
  writesInFlight: env.IM_WRITES_IN_FLIGHT ? Number(env.IM_WRITES_IN_FLIGHT) : undefined,
  rateRules: { '*': unlimited },
  logger: { level: 'warn' },
});
// IM_BENCH_CPU_PROFILE=<file> (run.mjs --server-profile): a V8 CPU profile from start to stop.
const profiler = env.IM_BENCH_CPU_PROFILE ? new Session() : undefined;
if (profiler) {
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.start');
}
const { url } = await server.listen();
console.log(`im-bench-server listening on ${url}`);
const stop = async () => {
  await server.close();
  if (profiler) writeFileSync(env.IM_BENCH_CPU_PROFILE, JSON.stringify((await profiler.post('Profiler.stop')).profile));
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
