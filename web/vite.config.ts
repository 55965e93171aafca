import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { constants } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { routeLoads, routeTable } from './build/first-load.ts';
import { pwa } from './pwa.config.ts';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** After a build: what each route loads on a first visit, compressed (build/first-load.ts). */
function firstLoadReport(): Plugin {
  let outDir = '';
  return {
    name: 'tip:first-load',
    apply: 'build',
    configResolved: (config) => void (outDir = config.build.outDir),
    closeBundle: () => console.log(`\n${routeTable(routeLoads(outDir))}\n`),
  };
}

const backend = 'http://localhost:3000';
// The dev server's Host reaches the BFF unchanged (no changeOrigin): the BFF refuses writes whose Origin names
// another host than the one the browser used.
const proxy = {
  '/api': { target: backend },
  '/ws': { target: backend, ws: true },
};

export default defineConfig({
  root: fromHere('.'),
  plugins: [
    react(),
    tailwindcss(),
    pwa(),
    // Every text file of the build also as .br and .gz beside it, compressed once at their best: the BFF sends the
    // one the browser accepts (bff/src/web-app/web-app.ts), nginx passes it on.
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      include: /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/,
      exclude: /^\.vite\//,
      logLevel: 'silent',
    }),
    firstLoadReport(),
  ],
  resolve: {
    alias: {
      '@tip/identity/domain': fromHere('../services/identity/src/domain/index.ts'),
      '@tip/wallet/domain': fromHere('../services/wallet/src/domain/index.ts'),
      '@tip/content/domain': fromHere('../services/content/src/domain/index.ts'),
      '@tip/messaging/domain': fromHere('../services/messaging/src/domain/index.ts'),
      '@tip/notifications/domain': fromHere('../services/notifications/src/domain/index.ts'),
      '@': fromHere('./src'),
    },
  },
  build: {
    outDir: fromHere('dist'),
    emptyOutDir: true,
    // .vite/manifest.json: which chunks each module's chunk imports, for the first-load report and budget.
    manifest: true,
    // Hashed names under assets/ let the BFF serve them with long-lived cache headers.
    assetsDir: 'assets',
    rolldownOptions: {
      // The services' domain modules (@tip/*/domain) are pure, as their index says: one whose exports a chunk does not
      // use is left out of it, zod schemas and all (the composer uses content's rules, not its schemas, at first).
      treeshake: {
        moduleSideEffects: [
          { test: /[\\/]services[\\/][\w-]+[\\/]src[\\/]domain[\\/]/, sideEffects: false },
          // The app's components and features too: a feature's index that routes.tsx imports for a lazy loader then
          // brings none of its other exports' modules (their Radix parts, say) into the first chunk. (A module whose
          // exports are unused loses its top-level statements: what runs for its effect lives in app/, realtime/, i18n/.)
          { test: /[\\/]web[\\/]src[\\/](components|features)[\\/]/, sideEffects: false },
          // The list of the services' rules the browser runs re-exports them all: a chunk keeps only those it uses.
          { test: /[\\/]web[\\/]src[\\/]lib[\\/]rules\.ts$/, sideEffects: false },
        ],
      },
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
            { name: 'app', tags: ['$initial'] },
          ],
        },
      },
    },
  },
  server: { proxy },
  preview: { proxy },
});
