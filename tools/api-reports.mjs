#!/usr/bin/env node
// API reports of the published libraries (issue 33 §3; docs/decisions/0012-api-reports.md).
// For each library, one report per entry point of its package.json "exports", read by
// @microsoft/api-extractor from the built declarations (libs/<name>/dist, so build first) and kept in
// libs/<name>/api/<name>[-<subpath>].api.md.
//
// Usage: node tools/api-reports.mjs [--check | --update] [--libs=im-core,ui-kit]
//   --check   (default) exits non-zero naming each report that differs from the checked-in one, with a short diff
//   --update  rewrites the reports
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CompilerState, Extractor, ExtractorConfig } from '@microsoft/api-extractor';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const PUBLISHED_LIBS = ['secure-transport', 'im-core', 'im-db', 'media-library', 'ui-kit'];
/** Lines of diff shown per changed report; the rest is counted, not printed. */
const DIFF_LINES = 40;

const update = process.argv.includes('--update');
const libsArg = process.argv.find((a) => a.startsWith('--libs='));
const libs = libsArg ? libsArg.slice('--libs='.length).split(',') : PUBLISHED_LIBS;

/** Entry points of a package.json "exports": [subpath, declaration file] for each, from the CommonJS types. */
function entryPointsOf(libDir) {
  const pkg = JSON.parse(fs.readFileSync(path.join(libDir, 'package.json'), 'utf8'));
  return Object.entries(pkg.exports)
    .filter(([, target]) => typeof target === 'object' && target.require?.types)
    .map(([subpath, target]) => [subpath, path.join(libDir, target.require.types)]);
}

/** `im-core` + `./server` → `im-core-server`; `.` → `im-core`. */
const reportNameOf = (lib, subpath) => (subpath === '.' ? lib : `${lib}-${subpath.slice(2).replaceAll('/', '-')}`);

/**
 * The report without what changes when nothing public does: api-extractor ends a report with its findings
 * located in the built files (`// dist/super-team-rules-DidxR0Sz.d.ts:50:9 - (ae-forgotten-export) …`), and
 * both the chunk's content hash and the line move with any internal edit. The finding itself stays.
 */
export const withoutBuildLocations = (report) => report.replace(/^\/\/ dist\/\S+:\d+:\d+ - /gm, '// ');

function shortDiff(checkedIn, fresh) {
  const result = spawnSync('diff', ['-u', checkedIn, fresh], { encoding: 'utf8' });
  const lines = result.stdout.split('\n').slice(2).filter((line) => line !== '');
  const shown = lines.slice(0, DIFF_LINES).map((line) => `      ${line}`).join('\n');
  return lines.length > DIFF_LINES ? `${shown}\n      … ${lines.length - DIFF_LINES} more diff lines` : shown;
}

const problems = [];
const started = Date.now();
for (const lib of libs) {
  const libDir = path.join(root, 'libs', lib);
  const configPath = path.join(libDir, 'api-extractor.json');
  if (!fs.existsSync(configPath)) {
    problems.push(`${lib}: no api-extractor.json (is it a published library? ${PUBLISHED_LIBS.join(', ')})`);
    continue;
  }
  const entries = entryPointsOf(libDir);
  const missing = entries.filter(([, dts]) => !fs.existsSync(dts));
  if (missing.length) {
    problems.push(`${lib}: ${missing.map(([, dts]) => path.relative(root, dts)).join(', ')} missing; build first (npx nx run @merchant/${lib}:build)`);
    continue;
  }
  if (update) fs.mkdirSync(path.join(libDir, 'api'), { recursive: true });
  const baseConfig = ExtractorConfig.loadFile(configPath);
  let compilerState;
  const reportNames = new Set();
  for (const [subpath, dts] of entries) {
    const reportName = reportNameOf(lib, subpath);
    reportNames.add(`${reportName}.api.md`);
    const config = ExtractorConfig.prepare({
      configObject: { ...baseConfig, mainEntryPointFilePath: dts, apiReport: { ...baseConfig.apiReport, reportFileName: reportName } },
      configObjectFullPath: configPath,
      packageJsonFullPath: path.join(libDir, 'package.json'),
    });
    // One TypeScript program per library, shared by its entry points.
    compilerState ??= CompilerState.create(config, { additionalEntryPoints: entries.map(([, file]) => file) });
    const messages = [];
    // Never a local build: api-extractor writes the fresh report to its temp folder, and the comparison and
    // the update below go through withoutBuildLocations.
    Extractor.invoke(config, {
      localBuild: false,
      compilerState,
      messageCallback: (message) => {
        message.handled = true;
        if ((message.logLevel === 'error' || message.logLevel === 'warning') && !message.messageId.startsWith('console-api-report-')) messages.push(message.formatMessageWithLocation(libDir));
      },
    });
    const checkedIn = path.join(config.reportFolder, `${reportName}.api.md`);
    const label = `${lib} (${subpath === '.' ? `@merchant/${lib}` : `@merchant/${lib}/${subpath.slice(2)}`}) ${path.relative(root, checkedIn)}`;
    const fresh = path.join(config.reportTempFolder, `${reportName}.api.md`);
    const freshReport = withoutBuildLocations(fs.readFileSync(fresh, 'utf8'));
    fs.writeFileSync(fresh, freshReport);
    const checkedInReport = fs.existsSync(checkedIn) ? fs.readFileSync(checkedIn, 'utf8') : null;
    const changed = checkedInReport === null || withoutBuildLocations(checkedInReport) !== freshReport;
    if (update) {
      if (changed || checkedInReport !== freshReport) fs.writeFileSync(checkedIn, freshReport);
      console.log(`${changed ? 'updated  ' : 'unchanged'} ${label}`);
    } else if (changed) {
      problems.push(checkedInReport !== null
        ? `${label} differs from the built API:\n${shortDiff(checkedIn, fresh)}`
        : `${label} is missing`);
    }
    if (messages.length) problems.push(`${label}: api-extractor reported\n${messages.map((m) => `      ${m}`).join('\n')}`);
  }
  // A report whose entry point was removed from "exports" goes too.
  const reportDir = path.join(libDir, 'api');
  for (const file of fs.existsSync(reportDir) ? fs.readdirSync(reportDir) : []) {
    if (!file.endsWith('.api.md') || reportNames.has(file)) continue;
    if (update) {
      fs.rmSync(path.join(reportDir, file));
      console.log(`removed   ${lib} ${path.relative(root, path.join(reportDir, file))}`);
    } else {
      problems.push(`${lib}: ${path.relative(root, path.join(reportDir, file))} has no entry point in package.json "exports"`);
    }
  }
}

const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (problems.length) {
  console.error(`API reports: ${problems.length} problem(s) (${seconds} s)\n`);
  for (const problem of problems) console.error(`  ✗ ${problem}\n`);
  if (!update) console.error('If the API change is intended, run `npm run api:update` and commit the reports with it.');
  process.exit(1);
}
console.log(`API reports ${update ? 'written' : 'match the built declarations'}: ${libs.join(', ')} (${seconds} s)`);
