#!/usr/bin/env node
// Installs whatever is missing on a fresh clone, so that `npm start` and `npm test` are the only
// commands a developer needs. Safe to run repeatedly: it does nothing when the install is current.
//
// Why `npm install --prefer-offline` and not `npm ci`: with npm 11 on this registry mirror, `npm ci`
// rejects the lock's placeholder entries for other platforms' native binaries (see ../TOOLCHAIN notes
// in docs/operations.md). `npm install` leaves the lock as it is.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync, readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (msg) => console.log(`[bootstrap] ${msg}`);

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    console.error(`[bootstrap] Node ${process.versions.node} is too old: this workspace needs Node >= 20.19 (Vite 8).`);
    process.exit(1);
  }
}

/** Fingerprint of everything that decides the installed tree. */
function installFingerprint() {
  const hash = createHash('sha256');
  const manifests = ['package.json', 'package-lock.json'];
  for (const group of ['apps', 'libs']) {
    for (const name of readdirSync(path.join(root, group))) manifests.push(`${group}/${name}/package.json`);
  }
  manifests.push('e2e/package.json');
  for (const file of manifests) {
    const full = path.join(root, file);
    if (existsSync(full)) hash.update(file).update(readFileSync(full));
  }
  return hash.digest('hex');
}

export function ensureDependencies() {
  const marker = path.join(root, 'node_modules', '.merchant-install-fingerprint');
  const wanted = installFingerprint();
  if (existsSync(marker) && readFileSync(marker, 'utf8') === wanted && existsSync(path.join(root, 'node_modules', '.bin', 'nx'))) {
    log('dependencies are up to date');
    return;
  }
  log('installing dependencies (npm install --prefer-offline) ...');
  const result = spawnSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('[bootstrap] npm install failed; see the output above.');
    process.exit(result.status ?? 1);
  }
  writeFileSync(marker, installFingerprint());
}

/** Debian's chromium drives the e2e suite; Playwright's own browser download does not work offline. */
export function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) {
    log(`chromium found at ${CHROMIUM_PATH}`);
    return;
  }
  log('chromium is missing: installing Debian package "chromium" ...');
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const cmd = asRoot ? ['apt-get', ['install', '-y', 'chromium']] : ['sudo', ['-n', 'apt-get', 'install', '-y', 'chromium']];
  let result = spawnSync(cmd[0], cmd[1], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (result.status !== 0) {
    // The package lists may be missing on a fresh machine.
    spawnSync(asRoot ? 'apt-get' : 'sudo', asRoot ? ['update'] : ['-n', 'apt-get', 'update'], { stdio: 'inherit' });
    result = spawnSync(cmd[0], cmd[1], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  }
  if (result.status !== 0 || !existsSync(CHROMIUM_PATH)) {
    console.error(`[bootstrap] could not install chromium. Install it with "apt-get install -y chromium" or set CHROMIUM_PATH.`);
    process.exit(1);
  }
}

/** Debian's haproxy, the round-robin balancer of the two-instance e2e (docs/decisions/0017-two-instance-balancer.md). */
export const HAPROXY_PATH = process.env.HAPROXY_PATH || '/usr/sbin/haproxy';

/**
 * Installs Debian's `haproxy` package when the binary is missing and this process may (root, or sudo without a
 * password); answers null when haproxy is there afterwards, else the reason in one line (the caller fails with it).
 */
export function ensureHaproxy() {
  if (existsSync(HAPROXY_PATH)) return null;
  log('haproxy is missing: installing Debian package "haproxy" ...');
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const aptGet = (args) =>
    spawnSync(asRoot ? 'apt-get' : 'sudo', asRoot ? args : ['-n', 'apt-get', ...args], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  let result = aptGet(['install', '-y', '--no-install-recommends', 'haproxy']);
  if (result.status !== 0) {
    // The package lists may be missing on a fresh machine.
    aptGet(['update']);
    result = aptGet(['install', '-y', '--no-install-recommends', 'haproxy']);
  }
  if (result.status !== 0 || !existsSync(HAPROXY_PATH)) {
    return `haproxy is not installed at ${HAPROXY_PATH} and could not be installed${asRoot ? '' : ' (not root, and sudo asked for a password)'}: run "apt-get install -y haproxy" as root, or set HAPROXY_PATH`;
  }
  return null;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  checkNode();
  ensureDependencies();
  if (process.argv.includes('--browser')) ensureChromium();
}

export { checkNode, root };
