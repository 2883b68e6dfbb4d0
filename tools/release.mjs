#!/usr/bin/env node
// Release of the published libraries (docs/decisions/0013-releases.md): versions the libraries named in the
// change notes (nx release version plans in .nx/version-plans/*.md, written with `npx nx release plan`),
// updates the @merchant/* ranges of their dependants, writes each library's CHANGELOG.md from the notes,
// commits and tags `<package>@<version>`, and publishes to the registry given.
//
// Before nx release runs, it refuses when:
//   - there is no change note;
//   - no registry is given (`--registry <url>` or MERCHANT_NPM_REGISTRY), or it is the public npm registry;
//   - a library's API report (libs/<name>/api/*.api.md) removes or changes a line of the report at its last
//     release tag (`<package>@<version>`, or `--api-baseline <git ref | workspace folder>`) and its bump is not major; or only
//     adds lines and its bump is patch (tools/release/api-change.mjs).
//
// Usage: npm run release -- [--dry-run] [--registry <url>] [--api-baseline <git ref | folder>] [--skip-build] [--no-git]
//   --dry-run       prints the versions, ranges, CHANGELOG entries and the publish, changes nothing
//   --skip-build    the libraries are built and their reports checked already (skips build + api:check)
//   --no-git        no commit, no tag, no package-lock.json update (for a throwaway copy of the workspace)
// Run it on a clean checkout of main: the release commit takes every staged change.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUMPS, refusals } from './release/api-change.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const option = (name) => {
  const i = argv.findIndex((a) => a === name || a.startsWith(`${name}=`));
  if (i === -1) return undefined;
  return argv[i].includes('=') ? argv[i].slice(name.length + 1) : argv[i + 1];
};
const dryRun = flag('--dry-run');
const registry = option('--registry') ?? process.env.MERCHANT_NPM_REGISTRY;
const apiBaseline = option('--api-baseline');
const PLANS_DIR = path.join(root, '.nx', 'version-plans');

function refuse(message) {
  console.error(`[release] refused: ${message}`);
  process.exit(1);
}
const log = (message) => console.log(`[release] ${message}`);
const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** The libraries nx release versions (nx.json release.projects): package name → folder, version, @merchant deps. */
function publishedLibraries() {
  const names = JSON.parse(fs.readFileSync(path.join(root, 'nx.json'), 'utf8')).release.projects;
  const libs = new Map();
  for (const dir of fs.readdirSync(path.join(root, 'libs'))) {
    const file = path.join(root, 'libs', dir, 'package.json');
    if (!fs.existsSync(file)) continue;
    const pkg = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (!names.includes(pkg.name)) continue;
    const deps = Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies }).filter((dep) => dep.startsWith('@merchant/'));
    libs.set(pkg.name, { name: pkg.name, dir, version: pkg.version, deps });
  }
  return libs;
}

/** Change notes: the highest bump per package over all version plans (front matter `'<package>': <bump>`). */
function plannedBumps(libs) {
  const files = fs.existsSync(PLANS_DIR) ? fs.readdirSync(PLANS_DIR).filter((f) => f.endsWith('.md')) : [];
  const bumps = new Map();
  for (const file of files) {
    const text = fs.readFileSync(path.join(PLANS_DIR, file), 'utf8');
    const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
    if (!front) refuse(`.nx/version-plans/${file} has no front matter ('---' / '<package>': <bump> / '---')`);
    for (const line of front[1].split('\n').filter((l) => l.trim())) {
      const entry = /^\s*['"]?([^'":]+)['"]?\s*:\s*(\w+)\s*$/.exec(line);
      if (!entry) refuse(`.nx/version-plans/${file}: cannot read "${line}"`);
      const [, name, bump] = entry;
      if (!libs.has(name)) refuse(`.nx/version-plans/${file} names ${name}, which is not a published library (${[...libs.keys()].join(', ')})`);
      if (!BUMPS.includes(bump)) refuse(`.nx/version-plans/${file} gives ${name} "${bump}"; use one of ${BUMPS.join(', ')}`);
      if (BUMPS.indexOf(bump) > BUMPS.indexOf(bumps.get(name) ?? 'patch') || !bumps.has(name)) bumps.set(name, bump);
    }
  }
  return { files, bumps };
}

/** Libraries nx release will publish: those with notes, and (with a patch) every library depending on one. */
function releasedWith(libs, bumps) {
  const released = new Map(bumps);
  let grew = true;
  while (grew) {
    grew = false;
    for (const lib of libs.values()) {
      if (!released.has(lib.name) && lib.deps.some((dep) => released.has(dep))) {
        released.set(lib.name, 'patch');
        grew = true;
      }
    }
  }
  return released;
}

/** Report file name → text, at a git ref, in another workspace folder (`{ dir }`), or (ref undefined) here. */
function reportsOf(lib, ref) {
  const dir = `libs/${lib.dir}/api`;
  if (ref === undefined || typeof ref === 'object') {
    const abs = path.join(ref?.dir ?? root, dir);
    const files = fs.existsSync(abs) ? fs.readdirSync(abs).filter((f) => f.endsWith('.api.md')) : [];
    return Object.fromEntries(files.map((f) => [f, fs.readFileSync(path.join(abs, f), 'utf8')]));
  }
  const listed = git('ls-tree', '--name-only', ref, `${dir}/`).split('\n').filter((f) => f.endsWith('.api.md'));
  return Object.fromEntries(listed.map((f) => [path.basename(f), git('show', `${ref}:${f}`)]));
}

function baselineRef(lib) {
  if (apiBaseline) return fs.existsSync(apiBaseline) && fs.statSync(apiBaseline).isDirectory() ? { dir: path.resolve(apiBaseline) } : apiBaseline;
  const tag = `${lib.name}@${lib.version}`;
  try {
    git('rev-parse', '--verify', '--quiet', `refs/tags/${tag}`);
    return tag;
  } catch {
    return refuse(`${lib.name}: no release tag ${tag} to compare its API reports with; pass --api-baseline <git ref> (the commit ${lib.version} was released from)`);
  }
}

async function main() {
  if (!registry) refuse('no registry: pass --registry <url> or set MERCHANT_NPM_REGISTRY to the private registry');
  if (/registry\.npmjs\.(org|com)|registry\.yarnpkg\.com/.test(registry)) refuse(`${registry} is the public npm registry; the libraries go to the private registry only`);

  const libs = publishedLibraries();
  const { files, bumps } = plannedBumps(libs);
  if (files.length === 0) refuse('no change notes in .nx/version-plans/. Write one with `npx nx release plan` (it asks which library and which bump)');
  const released = releasedWith(libs, bumps);
  log(`change notes: ${files.join(', ')}`);
  log(`to release: ${[...released].map(([name, bump]) => `${name} (${bump}${bumps.has(name) ? '' : ', a dependency changed'})`).join(', ')}`);

  const problems = refusals(
    [...released].map(([name, bump]) => {
      const lib = libs.get(name);
      const why = bumps.has(name) ? undefined : 'it has no change note and gets a patch only because a dependency is released';
      return { name, bump, why, baseline: reportsOf(lib, baselineRef(lib)), current: reportsOf(lib) };
    }),
  );
  if (problems.length) {
    refuse(`the API change is bigger than the bump in the change notes. Add a note or raise its bump in .nx/version-plans/, or restore the API.\n\n${problems.join('\n\n')}`);
  }
  log('API reports: each bump covers its API change');

  if (!flag('--skip-build')) {
    const projects = [...released.keys()].join(',');
    log(`building ${projects}`);
    execFileSync('npx', ['nx', 'run-many', '-t', 'build', '-p', projects], { cwd: root, stdio: 'inherit' });
    execFileSync(process.execPath, ['tools/api-reports.mjs', '--check', `--libs=${[...released.keys()].map((n) => libs.get(n).dir).join(',')}`], { cwd: root, stdio: 'inherit' });
  }

  // nx reads the workspace root from the working directory when it loads.
  process.chdir(root);
  const { ReleaseClient } = createRequire(path.join(root, 'package.json'))('nx/release');
  // A throwaway copy has no history worth a commit, and no lock file worth updating.
  const noGit = flag('--no-git');
  const client = new ReleaseClient(noGit ? { git: { commit: false, tag: false, stageChanges: false } } : {});
  await client.release({
    yes: true,
    dryRun,
    registry,
    verbose: flag('--verbose'),
    versionActionsOptionsOverrides: noGit ? { skipLockFileUpdate: true } : undefined,
  });
  log(dryRun ? 'dry run: nothing was changed or published' : `released to ${registry}`);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(`[release] FAILED: ${error instanceof Error ? error.stack : error}`);
    process.exit(1);
  },
);
