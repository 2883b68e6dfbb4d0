#!/usr/bin/env node
// `npm test` step: the API document as a consuming team's tools see it (issue 37). Lints the built
// libs/api-contracts/dist/openapi.json (the same document store-server serves at /openapi.json) with
// Redocly CLI's recommended rules: no errors, no warnings, nothing ignored; the only rules turned off are
// the accepted ones in libs/api-contracts/redocly.yaml, each with its reason. Reads the first stage's build.
// docs/api-document.md; docs/decisions/0015-api-document-tools.md.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { root } from './stack.mjs';

const documentPath = path.join(root, 'libs/api-contracts/dist/openapi.json');
const configPath = path.join(root, 'libs/api-contracts/redocly.yaml');
if (!existsSync(documentPath)) {
  console.error(`${path.relative(root, documentPath)} is missing: build @merchant/api-contracts first (npx nx build @merchant/api-contracts)`);
  process.exit(1);
}

const started = Date.now();
const run = spawnSync(
  path.join(root, 'node_modules/.bin/redocly'),
  ['lint', documentPath, '--config', configPath, '--format=json', '--max-problems=100000'],
  { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
);
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  console.error(`redocly lint gave no JSON report (exit ${run.status}):\n${run.stdout}\n${run.stderr}`);
  process.exit(1);
}
const { errors, warnings, ignored } = report.totals;
for (const problem of report.problems) {
  const where = problem.location?.[0]?.pointer ?? '';
  console.log(`${problem.severity} ${problem.ruleId}: ${problem.message} ${where}`);
}
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`redocly ${report.version} lint (recommended, ${path.relative(root, configPath)}): ${errors} errors, ${warnings} warnings, ${ignored} ignored (${seconds} s)`);
process.exit(errors + warnings + ignored === 0 && run.status === 0 ? 0 : 1);
