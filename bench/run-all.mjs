#!/usr/bin/env node
// `npm run bench`: builds the libraries the benchmarks import, then runs every benchmark in turn
// (or only the scripts named: `npm run bench -- bench/im-upload/run.mjs`).
// Each prints its own markdown table with ratios against a baseline measured in the same run.
// Results and commands are recorded in docs/performance.md.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd, args) => {
  console.log(`\n$ ${[cmd, ...args].join(' ')}`);
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, NX_DAEMON: 'false' } });
  if (result.status !== 0) process.exitCode = 1;
};

run('npx', ['nx', 'run-many', '-t', 'build', '--projects=tag:type:lib,im-server,console,im-frame', '--outputStyle=static']);
for (const script of process.argv.slice(2).length ? process.argv.slice(2) : [
  // Browser-side first, while nothing else has warmed the machine up.
  'bench/console-load/initial-js.mjs',
  'bench/console-load/lighthouse.mjs',
  'bench/ui-kit/run.mjs',
  'bench/media/run.mjs',
  'bench/console-goods/run.mjs',
  'bench/secure-transport/run.mjs',
  'bench/secure-transport/chromium.mjs',
  'bench/store-api/run.mjs',
  'bench/order-list/run.mjs',
  'bench/store-load/run.mjs',
  'bench/order-notify/run.mjs',
  'bench/marketing/pricing.bench.mjs',
  'bench/marketing/claims.bench.mjs',
  'bench/im-protocol/run.mjs',
  'bench/im-sync-idb/run.mjs',
  // These start im-server processes on PostgreSQL (DATABASE_URL, default 127.0.0.1:5432) and Redis.
  'bench/im-messaging/run.mjs',
  'bench/im-groups/run.mjs',
  'bench/im-cross-node/run.mjs',
  'bench/im-upload/run.mjs',
]) {
  run('node', [script]);
}
