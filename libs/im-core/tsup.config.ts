import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { 'index': 'src/index.ts', 'server/index': 'src/server/index.ts', 'testing/index': 'src/testing/index.ts', 'validation/index': 'src/validation/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
  tsconfig: 'tsconfig.lib.json',
});
