/**
 * What makes the app installable: the web app manifest, its icons (drawn from the favicon at build time) and a
 * service worker (Workbox, through vite-plugin-pwa) that keeps the app shell so a returning visit starts at once.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { Plugin, PluginOption } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const LOGO = fileURLToPath(new URL('public/favicon.svg', import.meta.url));
const THEME_COLOR = '#2a1035';
/** The page's --background, so the splash screen an installed app opens on matches the first paint. */
const BACKGROUND_COLOR = '#fbf8fb';

const ICONS = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'maskable-512.png', size: 512, maskable: true },
] as const;

/** A notification's badge: the logo's glyph alone, since Android draws only a badge's opaque pixels, in one colour. */
const BADGE = { file: 'badge-96.png', size: 96 } as const;

/** Renders at `size` pixels square from an SVG drawn on the logo's 64-unit viewBox (not scaled up afterwards). */
const rasterise = (svg: string, size: number) =>
  sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png()
    .toBuffer();

/**
 * Renders the logo into the PNGs the manifest names (a maskable icon fills its square, the platform cuts its shape)
 * and the notifications' badge (web/public/push-worker.js).
 */
function iconsFromLogo(): Plugin {
  return {
    name: 'tip:pwa-icons',
    apply: 'build',
    async generateBundle() {
      const logo = await readFile(LOGO, 'utf8');
      const fullBleed = logo.replace(/ rx="[^"]*"/, '');
      if (fullBleed === logo) throw new Error(`${LOGO}: no rounded corner (rx) to square off for the maskable icon`);
      const glyph = logo.replace(/<rect [^>]*\/>/, '');
      if (glyph === logo) throw new Error(`${LOGO}: no background (rect) to leave out of the badge`);
      for (const { file, size, maskable } of ICONS)
        this.emitFile({
          type: 'asset',
          fileName: `icons/${file}`,
          source: await rasterise(maskable ? fullBleed : logo, size),
        });
      this.emitFile({ type: 'asset', fileName: `icons/${BADGE.file}`, source: await rasterise(glyph, BADGE.size) });
    },
  };
}

export function pwa(): PluginOption[] {
  return [
    iconsFromLogo(),
    VitePWA({
      // skipWaiting and clientsClaim below: a new release's worker takes over at once, without a reload.
      registerType: 'autoUpdate',
      // A script file of its own: the CSP admits no inline script.
      injectRegister: 'script',
      manifest: {
        id: '/',
        name: 'Tip',
        short_name: 'Tip',
        description: 'La community riservata ai membri verificati',
        lang: 'it',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: THEME_COLOR,
        background_color: BACKGROUND_COLOR,
        icons: ICONS.map(({ file, size, maskable }) => ({
          src: `/icons/${file}`,
          sizes: `${size}x${size}`,
          type: 'image/png',
          purpose: maskable ? 'maskable' : 'any',
        })),
      },
      workbox: {
        // The shell: index.html, the hashed scripts and styles, the icons. Nothing under /api is a file of the build.
        globPatterns: ['**/*.{html,js,css,svg,png,woff2}'],
        // Pages come from the network, so a new release's index.html (and through it its assets) is what the next
        // visit loads; the precached shell answers when the network fails. Not NetworkFirst: that would keep a copy
        // of index.html per address visited (/profile/<id>...), and every one of them is the shell.
        navigateFallback: null,
        // Nor from the precache by way of / -> /index.html, which would answer the home page before the network.
        directoryIndex: null,
        runtimeCaching: [
          {
            // Written out whole: Workbox copies the function's source into the worker, without this module around it.
            // Navigations to the API (Google sign-in, a data export), the socket or uploaded files stay the network's.
            urlPattern: ({ request, url }) =>
              request.mode === 'navigate' && !/^\/(?:api|ws|media|uploads)(?:\/|$)/.test(url.pathname),
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: '/index.html' } },
          },
        ],
        // Web Push: showing a push and opening its screen when tapped.
        importScripts: ['push-worker.js'],
        cleanupOutdatedCaches: true,
        skipWaiting: true,
        clientsClaim: true,
      },
    }),
  ];
}
