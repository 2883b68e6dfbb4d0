import { defineConfig } from 'tsup';

// Workspace libraries are bundled from source so the built server runs without building them first;
// every other dependency stays an ordinary node_modules import.
export default defineConfig({
  entry: { main: 'src/main.ts', server: 'src/server.ts', 'operator-cli': 'src/modules/operator/operator.cli.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  dts: false,
  // Bundle only the workspace libraries; every other bare import stays external.
  skipNodeModulesBundle: true,
  noExternal: [/^@merchant\//],
});
