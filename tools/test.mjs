#!/usr/bin/env node
// `npm test`: install what is missing (Debian's chromium included), then run every suite:
// lint, typecheck, build, unit, integration (embedded PGlite; PostgreSQL + Redis multi-node when
// DATABASE_URL / REDIS_URL are set), e2e (Playwright + chromium) and the registry-publish test.
// It runs all suites even when one fails, prints a summary, and exits non-zero on any failure.
import { spawnSync } from 'node:child_process';
import { checkNode, ensureDependencies, ensureChromium } from './bootstrap.mjs';
import { root } from './stack.mjs';

checkNode();
ensureDependencies();
ensureChromium();

const nxEnv = { NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };
const { DATABASE_URL, REDIS_URL, ...envWithoutServices } = process.env;

const servicesReachable = Boolean(DATABASE_URL && REDIS_URL);
/** `npm test -- --both-databases` runs every integration suite on PGlite as well as on PostgreSQL. */
const bothDatabases = process.argv.includes('--both-databases');

// Integration runs once, on the production shape (PostgreSQL + Redis, multi-node) when those are
// reachable, else on the embedded PGlite a fresh machine has. With PostgreSQL present, PGlite keeps
// its own database-layer suite, and the e2e stack runs on PGlite as `npm start` does, so the
// embedded engine stays covered end to end (docs/decisions/0007-integration-databases.md).
const integrationSuites = servicesReachable && !bothDatabases
  ? [
      {
        name: 'integration (embedded PGlite: database layer)',
        cmd: ['npx', 'nx', 'run', '@merchant/server-db:integration', '--outputStyle=static'],
        env: envWithoutServices,
      },
      {
        name: 'integration (PostgreSQL + Redis, multi-node)',
        cmd: ['npx', 'nx', 'run-many', '-t', 'integration', '--outputStyle=static', '--parallel=1'],
        env: { ...process.env },
      },
    ]
  : [
      {
        name: 'integration (embedded PGlite, single node)',
        cmd: ['npx', 'nx', 'run-many', '-t', 'integration', '--outputStyle=static', '--parallel=1'],
        env: envWithoutServices,
      },
      {
        name: 'integration (PostgreSQL + Redis, multi-node)',
        cmd: ['npx', 'nx', 'run-many', '-t', 'integration', '--outputStyle=static', '--parallel=1'],
        env: { ...process.env },
        skip: servicesReachable
          ? null
          : `needs DATABASE_URL and REDIS_URL (unset: ${[!DATABASE_URL && 'DATABASE_URL', !REDIS_URL && 'REDIS_URL'].filter(Boolean).join(', ')}); .ci/run sets them when PostgreSQL and Redis are reachable`,
      },
    ];

const suites = [
  {
    // Every test docs/spec-coverage.md cites must exist with that title (a second, instant check).
    name: 'spec coverage: cited tests exist',
    cmd: ['node', 'tools/check-spec-coverage.mjs'],
    env: envWithoutServices,
  },
  {
    name: 'lint, typecheck, build, unit',
    cmd: ['npx', 'nx', 'run-many', '-t', 'lint', 'typecheck', 'build', 'test', '--outputStyle=static', '--parallel=2'],
    env: envWithoutServices,
  },
  ...integrationSuites,
  {
    name: 'e2e (Playwright, Debian chromium)',
    cmd: ['npx', 'nx', 'run', 'e2e:e2e', '--outputStyle=static'],
    env: envWithoutServices,
  },
  {
    name: 'registry publish (verdaccio)',
    cmd: ['node', 'tools/publish-test.mjs'],
    env: envWithoutServices,
  },
];

const results = [];
for (const suite of suites) {
  if (suite.skip) {
    console.log(`\n=== SKIP ${suite.name}: ${suite.skip}`);
    results.push({ name: suite.name, status: 'skipped', detail: suite.skip });
    continue;
  }
  console.log(`\n=== RUN  ${suite.name}\n    $ ${suite.cmd.join(' ')}`);
  const started = Date.now();
  const run = spawnSync(suite.cmd[0], suite.cmd.slice(1), { cwd: root, stdio: 'inherit', env: { ...suite.env, ...nxEnv } });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  results.push({ name: suite.name, status: run.status === 0 ? 'passed' : 'FAILED', detail: `${seconds} s` });
}

console.log('\n=== Summary');
for (const r of results) console.log(`  ${r.status.padEnd(8)} ${r.name}  (${r.detail})`);
const failed = results.filter((r) => r.status === 'FAILED');
process.exit(failed.length ? 1 : 0);
