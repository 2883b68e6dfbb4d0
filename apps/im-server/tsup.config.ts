import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { main: 'src/main.ts', server: 'src/server.ts', operator: 'src/operator-main.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  clean: true,
  sourcemap: true,
  // Library sources are bundled (they are workspace TypeScript); real npm packages stay external.
  noExternal: [/^@merchant\//],
  // Everything else from node_modules stays external (PGlite must load its wasm from its own folder).
  external: [/^(?!@merchant\/)[^./]/],
  tsconfig: 'tsconfig.json',
});
