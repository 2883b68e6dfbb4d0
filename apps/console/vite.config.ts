import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const libSource = (name: string): string => fileURLToPath(new URL(`../../libs/${name}/src/index.ts`, import.meta.url));

// Vendor groups keep the entry chunk small (TOOLCHAIN.md "Vite chunk size"): MUI + node-forge
// in one chunk weigh ~800 kB. node-forge only serves the RSA fallback path of secure-transport,
// so it gets a chunk of its own and never lands in the entry chunk.
const vendorGroups = [
  { name: 'vendor-node-forge', test: /node_modules[\\/]node-forge[\\/]/ },
  { name: 'vendor-mui', test: /node_modules[\\/](@mui|@emotion|@popperjs|react-transition-group)[\\/]/ },
  { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|react-router|scheduler|react-redux|@reduxjs|redux|immer|reselect)[\\/]/ },
  { name: 'vendor-forms', test: /node_modules[\\/](react-hook-form|@hookform|zod)[\\/]/ },
  { name: 'vendor-i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
];

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@merchant/secure-transport': libSource('secure-transport'),
      '@merchant/ui-kit': libSource('ui-kit'),
      '@merchant/media-library': libSource('media-library'),
      '@merchant/api-contracts': libSource('api-contracts'),
    },
  },
  server: { port: 4200, strictPort: true, host: 'localhost' },
  preview: { port: 4200, strictPort: true, host: 'localhost' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
});
