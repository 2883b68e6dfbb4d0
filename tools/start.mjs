#!/usr/bin/env node
// `npm start`: install what is missing, build, start both servers (embedded PGlite under ./.data,
// demo data seeded on first start) and serve both apps on two origins. Ctrl-C stops everything.
import { spawnSync } from 'node:child_process';
import { checkNode, ensureDependencies } from './bootstrap.mjs';
import { startStack, root, DEMO_SIGN_IN } from './stack.mjs';

checkNode();
ensureDependencies();

console.log('[start] building apps and libraries (cached after the first run) ...');
const build = spawnSync('npx', ['nx', 'run-many', '-t', 'build', '--projects=store-server,im-server,console,im-frame', '--outputStyle=static'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
});
if (build.status !== 0) process.exit(build.status ?? 1);

// A demo customer places and pays an order every few minutes (docs/orders.md); DEMO_ORDER_SIMULATOR=0 turns it off.
// im-server seeds the chat's demo team (apps/im-server/src/demo/demo-seed.ts).
// The demo store's bills and settlements get seven months of earlier trade (docs/trade.md "Demo history").
const stack = await startStack({ quiet: false, env: { DEMO_ORDER_SIMULATOR: process.env.DEMO_ORDER_SIMULATOR ?? '1', IM_DEMO_SEED: '1', DEMO_LEDGER_HISTORY_MONTHS: process.env.DEMO_LEDGER_HISTORY_MONTHS ?? '7' } });
console.log(`
  Merchant console   ${stack.urls.console}
  Chat frame         ${stack.urls.frame}   (embedded by the console at /message/message)
  store-server       ${stack.urls.store}
  im-server          ${stack.urls.im}   (WebSocket ${stack.urls.im.replace('http', 'ws')}/ws)

  Demo sign-in       user "${DEMO_SIGN_IN.userName}"   password "${DEMO_SIGN_IN.password}"
  Data               ./.data (delete it to start from a fresh seed)

  Press Ctrl-C to stop.
`);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  console.log('\n[start] stopping ...');
  await stack.stop();
  console.log('[start] stopped.');
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
for (const child of stack.children) {
  child.on('exit', (code) => {
    if (!stopping) {
      console.error(`[start] a server exited unexpectedly (code ${code}); stopping the rest.`);
      void shutdown();
    }
  });
}
