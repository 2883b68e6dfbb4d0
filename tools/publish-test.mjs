#!/usr/bin/env node
/* global AbortSignal */
// Publish test (ARCHITECTURE.md "Each library"): builds the five libraries, releases them with
// `npm run release` (tools/release.mjs, on a copy of the workspace) to a throwaway local registry
// (verdaccio), after checking that the release refuses a removed API line with a patch note, installs
// the released versions into a fresh project outside the workspace,
// and checks that each entry point loads through ESM `import` and CJS `require` and type-checks
// under `module: nodenext` and `moduleResolution: bundler`. Exits non-zero with a clear message.
//
// Usage: node tools/publish-test.mjs [--skip-build] [--libs=ui-kit,media-library] [--keep]
//   --libs   publish and check only these libraries (their @merchant dependencies must be listed too)
//   --keep   leave the temp dir for inspection
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const verdaccioDir = path.join(root, 'tools', 'verdaccio');
const args = new Set(process.argv.slice(2));
const libsArg = process.argv.find((a) => a.startsWith('--libs='));

/** Dependency order: a library is published after the @merchant libraries it depends on. */
const ALL_LIBS = ['ui-kit', 'im-core', 'secure-transport', 'media-library', 'im-db'];
const libs = libsArg ? ALL_LIBS.filter((lib) => libsArg.slice(7).split(',').includes(lib)) : ALL_LIBS;

/** Exports each entry point must have at runtime (names from docs/decisions/0001 and the lib READMEs). */
const EXPECTED_EXPORTS = {
  '@merchant/ui-kit': ['DataTable', 'useDataTable', 'formatCents', 'maskPhone', 'exportToExcel', 'ActionButtons', 'PermissionButton'],
  '@merchant/ui-kit/format': ['formatCents', 'formatSecondsTimestamp', 'maskPhone', 'sanitizeExportFileName', 'statusLabel', 'statusOptions', 'statusColour'],
  '@merchant/im-core': ['createImClient', 'MemoryStore'],
  '@merchant/im-core/server': ['signImToken', 'verifyImToken'],
  '@merchant/im-core/testing': ['FakeConnection', 'FaultProxy', 'STORE_CONFORMANCE_CASES', 'encodeRequest'],
  '@merchant/im-core/validation': ['MAX_TEXT_LENGTH', 'ACCOUNT_ID_PATTERN', 'validateSignalInvite', 'processedImageUrl'],
  '@merchant/secure-transport': ['createSecureClient', 'SecureTransportError'],
  '@merchant/secure-transport/server': ['EnvelopeError'],
  '@merchant/media-library': [
    'hashFile', 'runUploadBatch', 'UploadQueue', 'checkCandidateFile', 'createMd5WorkerClient', 'installMd5WorkerHandler',
    'mediaLibraryPaths', 'uploadWithTickets', 'readVideoDuration', 'watermarkImage', 'libraryPathFor',
  ],
  '@merchant/media-library/react': ['UploadDialog', 'Picker', 'MediaPicker', 'SelectImageDialog', 'MediaPreviewDialog', 'Thumbnail', 'pickerFiles', 'useMediaText'],
  '@merchant/im-db': [],
};
const ENTRY_POINTS = {
  'ui-kit': ['@merchant/ui-kit', '@merchant/ui-kit/format'],
  'im-core': ['@merchant/im-core', '@merchant/im-core/server', '@merchant/im-core/testing', '@merchant/im-core/validation'],
  'secure-transport': ['@merchant/secure-transport', '@merchant/secure-transport/server'],
  'media-library': ['@merchant/media-library', '@merchant/media-library/react'],
  'im-db': ['@merchant/im-db'],
};
/** Third-party packages the fresh project needs for peers and type checks (versions of TOOLCHAIN.md). */
const CONSUMER_PACKAGES = [
  'react@19.3.1', 'react-dom@19.3.1', '@mui/material@9.5.0', '@mui/icons-material@9.5.0',
  '@emotion/react@11.14.0', '@emotion/styled@11.14.1', 'typescript@5.9.3', '@types/react@19.3.0', '@types/node@20',
  // Optional peers a consumer of the server entry points provides.
  'fastify@5.12.8', 'ws@8.23.0', '@types/ws@8.18.1',
  // ui-kit's peers at the workspace's versions (a newer MUI X 9.14.x needs packages this registry lacks).
  '@mui/x-data-grid@9.14.0', '@mui/x-date-pickers@9.14.0', 'notistack@3.0.2', 'react-router@7.18.5', 'zod@4.6.7',
  'react-hook-form@7.92.0', '@hookform/resolvers@7.0.7', 'dayjs@1.11.23',
];

const MINUTE = 60_000;
let step = 'start';
const log = (message) => console.log(`[publish-test] ${message}`);

/** Runs a command; rejects with its output on a non-zero exit or after `timeoutMs`. */
function run(command, commandArgs, { cwd = root, env = process.env, timeoutMs = 5 * MINUTE, quiet = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (chunk) => {
      output += chunk;
      if (!quiet) process.stdout.write(chunk);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${command} ${commandArgs.join(' ')} timed out after ${timeoutMs / 1000}s\n${output.slice(-4000)}`));
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else reject(new Error(`${command} ${commandArgs.join(' ')} exited with ${code}\n${output.slice(-4000)}`));
    });
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForRegistry(url, child, timeoutMs = MINUTE) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`verdaccio exited early with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}-/ping`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`verdaccio did not answer ${url}-/ping within ${timeoutMs / 1000}s`);
}

function startVerdaccio(tempDir, port) {
  const template = fs.readFileSync(path.join(verdaccioDir, 'config.yaml'), 'utf8');
  const config = template
    .replace(/^storage: .*$/m, `storage: ${JSON.stringify(path.join(tempDir, 'storage'))}`)
    .replace(/^(\s+file: ).*htpasswd$/m, `$1${JSON.stringify(path.join(tempDir, 'htpasswd'))}`)
    .replace(/^listen: .*$/m, `listen: 127.0.0.1:${port}`);
  const configPath = path.join(tempDir, 'verdaccio.yaml');
  fs.writeFileSync(configPath, config);
  const bin = path.join(verdaccioDir, 'node_modules', 'verdaccio', 'bin', 'verdaccio');
  const child = spawn(process.execPath, [bin, '--config', configPath, '--listen', `127.0.0.1:${port}`], {
    cwd: tempDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: false,
  });
  child.stdout.on('data', (chunk) => fs.appendFileSync(path.join(tempDir, 'verdaccio.log'), chunk));
  child.stderr.on('data', (chunk) => fs.appendFileSync(path.join(tempDir, 'verdaccio.log'), chunk));
  return child;
}

async function stopVerdaccio(child) {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

async function createUser(registryUrl) {
  const password = `ci-${Math.random().toString(36).slice(2)}`;
  const response = await fetch(`${registryUrl}-/user/org.couchdb.user:ci`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ _id: 'org.couchdb.user:ci', name: 'ci', password, type: 'user', roles: [] }),
    signal: AbortSignal.timeout(15_000),
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok || !body.token) throw new Error(`could not create the ci user: HTTP ${response.status} ${JSON.stringify(body)}`);
  return body.token;
}

function writeConsumerProject(projectDir, entryPoints) {
  fs.mkdirSync(projectDir, { recursive: true });
  fs.writeFileSync(path.join(projectDir, 'package.json'), JSON.stringify({ name: 'merchant-publish-check', version: '1.0.0', private: true }, null, 2));
  const expectations = Object.fromEntries(entryPoints.map((entry) => [entry, EXPECTED_EXPORTS[entry] ?? []]));
  const checker = (loader) => `
const expectations = ${JSON.stringify(expectations)};
const failures = [];
for (const [entry, names] of Object.entries(expectations)) {
  let mod;
  try { mod = ${loader}; } catch (error) { failures.push(entry + ': cannot be loaded: ' + (error && error.message)); continue; }
  const keys = Object.keys(mod).filter((key) => key !== 'default' && key !== '__esModule');
  if (keys.length === 0) failures.push(entry + ': exports nothing');
  for (const name of names) if (mod[name] === undefined) failures.push(entry + ': missing export ' + name);
}
if (failures.length) { console.error(failures.join('\\n')); process.exit(1); }
console.log('loaded ' + Object.keys(expectations).length + ' entry points');
`;
  fs.writeFileSync(path.join(projectDir, 'check-esm.mjs'), checker('await import(entry)'));
  fs.writeFileSync(path.join(projectDir, 'check-cjs.cjs'), checker('require(entry)'));
  const imports = entryPoints.map((entry, i) => `import * as entry${i} from '${entry}';`).join('\n');
  const uses = entryPoints
    .map((entry, i) => (EXPECTED_EXPORTS[entry] ?? []).map((name) => `void entry${i}.${name};`).join('\n') || `void entry${i};`)
    .join('\n');
  const source = `${imports}\n${uses}\nexport {};\n`;
  fs.writeFileSync(path.join(projectDir, 'check-types.mts'), source);
  fs.writeFileSync(path.join(projectDir, 'check-types.cts'), source);
  fs.writeFileSync(path.join(projectDir, 'check-types-bundler.ts'), source);
  const strict = { strict: true, noEmit: true, skipLibCheck: false, target: 'ES2022', lib: ['ES2023', 'DOM', 'DOM.Iterable'], types: ['node'] };
  fs.writeFileSync(
    path.join(projectDir, 'tsconfig.nodenext.json'),
    JSON.stringify({ compilerOptions: { ...strict, module: 'nodenext', moduleResolution: 'nodenext' }, files: ['check-types.mts', 'check-types.cts'] }, null, 2),
  );
  fs.writeFileSync(
    path.join(projectDir, 'tsconfig.bundler.json'),
    JSON.stringify({ compilerOptions: { ...strict, module: 'esnext', moduleResolution: 'bundler' }, files: ['check-types-bundler.ts'] }, null, 2),
  );
}

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

/** A copy of what `npm run release` reads: root manifests, nx.json, the release tools and the libraries with their builds. */
function copyWorkspaceForRelease(tempDir) {
  const releaseDir = path.join(tempDir, 'release');
  fs.mkdirSync(path.join(releaseDir, 'tools'), { recursive: true });
  for (const file of ['package.json', 'nx.json', 'tsconfig.base.json', 'tools/release.mjs', 'tools/release']) fs.cpSync(path.join(root, file), path.join(releaseDir, file), { recursive: true });
  for (const lib of ALL_LIBS) {
    fs.cpSync(path.join(root, 'libs', lib), path.join(releaseDir, 'libs', lib), { recursive: true, filter: (src) => path.basename(src) !== 'node_modules' });
  }
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(releaseDir, 'node_modules'), 'dir');
  // nx release reads git for the changelog; one commit of the copy is enough.
  const git = (...gitArgs) => spawnSync('git', gitArgs, { cwd: releaseDir, stdio: 'ignore' });
  git('init', '-q');
  git('add', '-A');
  git('-c', 'user.name=publish-test', '-c', 'user.email=publish-test@localhost', 'commit', '-q', '-m', 'copy');
  return releaseDir;
}

function writeChangeNote(releaseDir, name, noteLibs, bump) {
  const dir = path.join(releaseDir, '.nx', 'version-plans');
  fs.mkdirSync(dir, { recursive: true });
  const front = noteLibs.map((lib) => `'@merchant/${lib}': ${bump}`).join('\n');
  fs.writeFileSync(path.join(dir, `${name}.md`), `---\n${front}\n---\n\nRelease made by tools/publish-test.mjs.\n`);
}

async function main() {
  if (libs.length === 0) throw new Error(`--libs matched none of ${ALL_LIBS.join(', ')}`);
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'merchant-publish-'));
  const npmEnv = { ...process.env, NPM_CONFIG_USERCONFIG: path.join(tempDir, 'npmrc'), NPM_CONFIG_UPDATE_NOTIFIER: 'false', NPM_CONFIG_FUND: 'false', NPM_CONFIG_AUDIT: 'false' };
  let verdaccio;
  try {
    step = 'install verdaccio';
    if (!fs.existsSync(path.join(verdaccioDir, 'node_modules', 'verdaccio', 'package.json'))) {
      log('installing verdaccio into tools/verdaccio');
      await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: verdaccioDir, timeoutMs: 10 * MINUTE });
    }

    step = 'build the libraries';
    if (!args.has('--skip-build')) {
      log(`building ${libs.join(', ')}`);
      for (const lib of libs) await run('npx', ['tsup'], { cwd: path.join(root, 'libs', lib), timeoutMs: 5 * MINUTE, quiet: true });
    }
    for (const lib of libs) {
      if (!fs.existsSync(path.join(root, 'libs', lib, 'dist'))) throw new Error(`libs/${lib}/dist is missing: build it first`);
    }

    step = 'start verdaccio';
    const port = await freePort();
    const registryUrl = `http://127.0.0.1:${port}/`;
    verdaccio = startVerdaccio(tempDir, port);
    await waitForRegistry(registryUrl, verdaccio);
    log(`verdaccio listening on ${registryUrl}`);

    step = 'create the ci user';
    const token = await createUser(registryUrl);
    fs.writeFileSync(npmEnv.NPM_CONFIG_USERCONFIG, `//127.0.0.1:${port}/:_authToken=${token}\n@merchant:registry=${registryUrl}\n`);

    // Published through the release command (tools/release.mjs), on a copy of the workspace so no version
    // bump, CHANGELOG entry or removed change note reaches the working tree.
    step = 'copy the workspace for the release';
    const releaseDir = copyWorkspaceForRelease(tempDir);
    const release = (extra) =>
      run(process.execPath, [path.join(releaseDir, 'tools', 'release.mjs'), '--registry', registryUrl, '--skip-build', '--no-git', '--api-baseline', root, ...extra], {
        cwd: releaseDir,
        env: { ...npmEnv, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
        timeoutMs: 5 * MINUTE,
        quiet: true,
      });

    step = 'the release guard refuses a breaking change without a major bump';
    const [guardLib] = libs;
    const reportPath = path.join(releaseDir, 'libs', guardLib, 'api', `${guardLib}.api.md`);
    const report = fs.readFileSync(reportPath, 'utf8');
    const removedLine = report.split('\n').find((line) => /^export (declare )?(function|const|class|interface|type) /.test(line));
    fs.writeFileSync(reportPath, report.replace(`${removedLine}\n`, ''));
    writeChangeNote(releaseDir, 'guard-check', [guardLib], 'patch');
    const refusal = await release([]).then(
      () => null,
      (error) => error.message,
    );
    if (refusal === null || !refusal.includes(`@merchant/${guardLib}: the change removes or changes exported API, so it needs a major bump`) || !refusal.includes(removedLine)) {
      throw new Error(`a patch note for @merchant/${guardLib} with "${removedLine}" removed from its report was not refused by name:\n${refusal}`);
    }
    log(`passed: a patch note with a removed API line is refused (@merchant/${guardLib}: ${removedLine})`);
    fs.writeFileSync(reportPath, report);
    fs.rmSync(path.join(releaseDir, '.nx', 'version-plans'), { recursive: true });

    step = 'release the libraries with npm run release';
    writeChangeNote(releaseDir, 'publish-test', libs, 'minor');
    log(`releasing ${libs.join(', ')} (minor) to verdaccio`);
    await release([]);
    const released = Object.fromEntries(ALL_LIBS.map((lib) => [`@merchant/${lib}`, readJson(path.join(releaseDir, 'libs', lib, 'package.json')).version]));
    const dependencyRange = readJson(path.join(releaseDir, 'libs', 'im-db', 'package.json')).dependencies['@merchant/im-core'];
    if (libs.includes('im-core') && dependencyRange !== released['@merchant/im-core']) {
      throw new Error(`im-db's range on @merchant/im-core is ${dependencyRange}, not the released ${released['@merchant/im-core']}`);
    }

    step = 'install into a fresh project';
    const projectDir = path.join(tempDir, 'consumer');
    const entryPoints = libs.flatMap((lib) => ENTRY_POINTS[lib]);
    writeConsumerProject(projectDir, entryPoints);
    // Only @merchant/* comes from verdaccio (scoped registry in the user config); everything else
    // comes from the machine's npm registry, so verdaccio needs no uplinks.
    const packages = libs.map((lib) => `@merchant/${lib}`);
    log(`installing ${packages.join(' ')} into ${projectDir}`);
    await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', ...packages, ...CONSUMER_PACKAGES], {
      cwd: projectDir,
      env: npmEnv,
      timeoutMs: 10 * MINUTE,
      quiet: true,
    });

    for (const lib of libs) {
      const installed = readJson(path.join(projectDir, 'node_modules', '@merchant', lib, 'package.json')).version;
      if (installed !== released[`@merchant/${lib}`]) throw new Error(`installed @merchant/${lib}@${installed}, not the released ${released[`@merchant/${lib}`]}`);
    }
    log(`installed the released versions: ${libs.map((lib) => `@merchant/${lib}@${released[`@merchant/${lib}`]}`).join(', ')}`);

    // Run every check, so one report lists all problems rather than only the first.
    const tsc = path.join(projectDir, 'node_modules', 'typescript', 'bin', 'tsc');
    const checks = [
      ['ESM import', [process.execPath, ['check-esm.mjs']]],
      ['CJS require', [process.execPath, ['check-cjs.cjs']]],
      ['tsc --noEmit (module nodenext)', [process.execPath, [tsc, '-p', 'tsconfig.nodenext.json']]],
      ['tsc --noEmit (moduleResolution bundler)', [process.execPath, [tsc, '-p', 'tsconfig.bundler.json']]],
    ];
    const failed = [];
    for (const [name, [command, commandArgs]] of checks) {
      step = name;
      try {
        await run(command, commandArgs, { cwd: projectDir, timeoutMs: 3 * MINUTE });
        log(`passed: ${name}`);
      } catch (error) {
        failed.push(`${name}: ${error.message}`);
      }
    }
    if (failed.length) {
      step = 'consumer checks';
      throw new Error(`${failed.length} of ${checks.length} checks failed\n${failed.join('\n')}`);
    }
    log(`OK: ${libs.length} libraries published, installed, imported (ESM + CJS) and type-checked (nodenext + bundler)`);
  } finally {
    log('stopping verdaccio and removing the temp dir');
    await stopVerdaccio(verdaccio);
    if (args.has('--keep')) log(`kept ${tempDir}`);
    else fs.rmSync(tempDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`[publish-test] FAILED at step "${step}": ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
