import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { pwa } from './pwa.config.ts';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const backend = 'http://localhost:3000';
// The dev server's Host reaches the BFF unchanged (no changeOrigin): the BFF refuses writes whose Origin names
// another host than the one the browser used.
const proxy = {
  '/api': { target: backend },
  '/ws': { target: backend, ws: true },
};

export default defineConfig({
  root: fromHere('.'),
  plugins: [react(), tailwindcss(), pwa()],
  resolve: {
    alias: {
      '@tip/identity/domain': fromHere('../services/identity/src/domain/index.ts'),
      '@tip/wallet/domain': fromHere('../services/wallet/src/domain/index.ts'),
      '@tip/content/domain': fromHere('../services/content/src/domain/index.ts'),
      '@tip/messaging/domain': fromHere('../services/messaging/src/domain/index.ts'),
      '@': fromHere('./src'),
    },
  },
  build: {
    outDir: fromHere('dist'),
    emptyOutDir: true,
    // Hashed names under assets/ let the BFF serve them with long-lived cache headers.
    assetsDir: 'assets',
    rolldownOptions: {
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        // React and the router change rarely: a chunk of their own stays cached across app releases.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
            },
            { name: 'forms', test: /[\\/]node_modules[\\/](zod|react-hook-form|@hookform)[\\/]/ },
          ],
        },
      },
    },
  },
  server: { proxy },
  preview: { proxy },
});
