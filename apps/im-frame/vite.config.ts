import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const fromHere = (relativePath: string): string => fileURLToPath(new URL(relativePath, import.meta.url));

// Libraries resolve to their sources so the frame builds without a library prebuild.
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      // Only the frame protocol of the contracts is used here; the rest is tree-shaken (sideEffects: false).
      '@merchant/api-contracts': fromHere('../../libs/api-contracts/src/index.ts'),
      // Before '@merchant/im-core': the first matching entry wins, and that one also matches its subpaths.
      '@merchant/im-core/validation': fromHere('../../libs/im-core/src/validation/index.ts'),
      '@merchant/im-core': fromHere('../../libs/im-core/src/index.ts'),
      '@merchant/im-db': fromHere('../../libs/im-db/src/index.ts'),
      '@merchant/ui-kit': fromHere('../../libs/ui-kit/src/index.ts'),
    },
  },
  // Contract 0001: the frame lives on its own origin, 127.0.0.1:4300.
  server: { host: '127.0.0.1', port: 4300, strictPort: true },
  preview: { host: '127.0.0.1', port: 4300, strictPort: true },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Vendor code changes less often than the app: separate chunks cache better.
        codeSplitting: {
          groups: [
            { name: 'mui', test: /node_modules[\\/](@mui|@emotion|@popperjs|react-transition-group)/ },
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|i18next|react-i18next|dayjs)[\\/]/ },
          ],
        },
      },
    },
  },
});
