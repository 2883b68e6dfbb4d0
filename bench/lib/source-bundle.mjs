// Benchmarks run the product's code as it is in the working tree, without a build step: esbuild bundles
// a bench's TypeScript harness with the workspace libraries (@merchant/*) from source, through the
// tsconfig paths, and leaves every npm package an import resolved from the repository's node_modules.
// The bundle lives in `<bench folder>/.build-<pid>/` (inside the repository, so those imports resolve)
// and is removed when the process exits.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Bundles `entries` ({ name: path to a .ts file }) for Node; answers the folder and each bundle's
 * path (`<name>.mjs`). Child processes may run the bundles too.
 */
export async function bundleFromSource(benchDir, entries) {
  const outdir = path.join(benchDir, `.build-${process.pid}`);
  process.on('exit', () => rmSync(outdir, { recursive: true, force: true }));
  await build({
    entryPoints: entries,
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    tsconfig: path.join(root, 'tsconfig.base.json'),
    logLevel: 'warning',
    // CommonJS packages bundled into ESM still call require().
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    plugins: [
      {
        name: 'externals',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@merchant/') ? undefined : { path: args.path, external: true }));
        },
      },
    ],
  });
  return { outdir, file: (name) => path.join(outdir, `${name}.mjs`) };
}

/** Bundles one harness (see bundleFromSource) and imports it. */
export async function importFromSource(benchDir, entry) {
  const { file } = await bundleFromSource(benchDir, { harness: entry });
  return import(pathToFileURL(file('harness')).href);
}
