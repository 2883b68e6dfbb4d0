// Route tables name a permission code through PERMISSIONS, never through a call's contract, whose zod
// schema would come along (26 KB gzip): the public tables are part of /login's JavaScript, and the
// signed-in ones are loaded before the first signed-in page (docs/performance.md, initial JS of /login).
// These tests keep each screen's code equal to its contract's, and the route tables' run-time imports
// from the contracts to the modules without zod.
import fs from 'node:fs';
import path from 'node:path';
import { deregistrationEndpoints, imEndpoints } from '@merchant/api-contracts';
import { routeManifest } from './manifest';
import type { ManifestRoute } from './routeHandle';
import { joinPaths } from './routeHandle';

function permissionAt(routes: readonly ManifestRoute[], wanted: string, parent = ''): string | undefined {
  for (const route of routes) {
    const full = joinPaths(parent, route.path);
    if (route.path && full === wanted) return route.handle?.permission;
    const inner = permissionAt(route.children ?? [], wanted, route.path ? full : parent);
    if (inner !== undefined) return inner;
  }
  return undefined;
}

describe('a screen needs the code of the call it is built on', () => {
  it.each([
    ['/message/message', imEndpoints.getCccUserImToken.permission],
    ['/shop/logout', deregistrationEndpoints.checkStoreCanLogout.permission],
  ])('%s needs %s', (screenPath, code) => {
    expect(permissionAt(routeManifest, screenPath)).toBe(code);
  });
});

const consoleSource = path.resolve(__dirname, '..');
const contractsSource = path.resolve(__dirname, '../../../../libs/api-contracts/src');
/** Contract modules a route table may import at run time: codes and tables, no zod. */
const ZOD_FREE_MODULES = ['permissions.ts', 'status-tables.ts', 'languages.ts'];

function routeTables(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return routeTables(full);
    return /^(r|publicR)outes\.tsx$/.test(entry.name) ? [full] : [];
  });
}

const startModules = [
  ...routeTables(path.join(consoleSource, 'features')),
  ...fs
    .readdirSync(path.join(consoleSource, 'routes'))
    .filter((name) => /\.tsx?$/.test(name) && !name.includes('.spec.'))
    .map((name) => path.join(consoleSource, 'routes', name)),
];

/** Names a module imports at run time (not `import type`, not `type X` members) from the contracts. */
function runtimeContractImports(source: string): string[] {
  return [...source.matchAll(/import\s+(?!type\b)\{([^}]*)\}\s+from\s+'@merchant\/api-contracts'/g)].flatMap((match) =>
    match[1]
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name && !name.startsWith('type ')),
  );
}

function exportedNames(file: string): string[] {
  return [...fs.readFileSync(file, 'utf8').matchAll(/export\s+(?:const|function)\s+(\w+)/g)].map((match) => match[1]);
}

describe('route tables import no contract at run time', () => {
  const allowed = new Set(ZOD_FREE_MODULES.flatMap((name) => exportedNames(path.join(contractsSource, name))));

  it('finds the route tables and the allowed names', () => {
    expect(startModules.length).toBeGreaterThan(10);
    expect(allowed).toContain('PERMISSIONS');
    expect(allowed).toContain('STORE_STATUS');
  });

  it.each(ZOD_FREE_MODULES)('%s imports no zod and no contract', (name) => {
    const source = fs.readFileSync(path.join(contractsSource, name), 'utf8');
    expect(source).not.toMatch(/from\s+'zod/);
    expect(source).not.toMatch(/import\s+(?!type\b)[^;]*from\s+'\.\/(endpoint|endpoints|rules)/);
  });

  it.each(startModules.map((file) => [path.relative(consoleSource, file), file]))('%s', (_name, file) => {
    const imported = runtimeContractImports(fs.readFileSync(file, 'utf8'));
    expect(imported.filter((name) => !allowed.has(name))).toEqual([]);
  });
});
