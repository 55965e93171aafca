/**
 * What each route loads on a first visit, read from the build's manifest (web/dist/.vite/manifest.json), and how
 * much script that is compressed: `npm run build` prints it, first-load.test.ts fails when the landing page or a
 * member's feed goes over FIRST_LOAD_BUDGET, and web/e2e/first-load.e2e.test.ts checks in Chromium that a first visit
 * loads exactly the chunks named here.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Compressed script a first visit to the landing page or a member's feed may load (issue 17: a phone on 4G). */
export const FIRST_LOAD_BUDGET = 170 * 1024;
/** The routes held to FIRST_LOAD_BUDGET. */
export const BUDGETED_ROUTES = ['/ (visitor)', '/ (member)'] as const;

/** A chunk named by the module it was made from: a manifest key, or a package whose entry it is. */
type Source = string | { package: string };

const MEMBER_AREA = 'src/app/member-area.ts';
/** Loaded when a member's frame opens its realtime connection (web/src/realtime/socket.ts). */
const SOCKET: Source = { package: 'socket.io-client' };
/** The home feed's composer, for a member who may post: a chunk of its own, loaded as the feed renders. */
const COMPOSER = 'src/features/feed/components/composer/post-composer.tsx';
const memberScreen = (page: string): Source[] => [MEMBER_AREA, SOCKET, page];

/**
 * Each route's chunks beyond the entry's and the language's texts: the lazy screens it renders at once. A member's
 * route loads the member's frame (and with it the home page) and opens the realtime connection.
 */
export const ROUTES: Record<string, readonly Source[]> = {
  '/ (visitor)': ['src/features/landing/index.ts'],
  '/ (member)': [MEMBER_AREA, SOCKET, COMPOSER],
  '/login': ['src/features/auth/pages/login-page.tsx'],
  '/register': ['src/features/auth/pages/register-page.tsx'],
  '/privacy': ['src/app/pages/legal-page.tsx'],
  '/messages': memberScreen('src/features/messages/pages/messages-page.tsx'),
  '/profile': memberScreen('src/features/profile/pages/profile-page.tsx'),
  '/checkout': memberScreen('src/features/wallet/pages/checkout-page.tsx'),
  '/admin': memberScreen('src/features/admin/pages/admin-page.tsx'),
};

/** The default language's texts, which a first visit loads (web/src/i18n). */
const TEXTS = 'src/i18n/texts/it.ts';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface Size {
  raw: number;
  gzip: number;
  brotli: number;
}

export interface RouteLoad {
  route: string;
  /** The script files it loads, as the page asks for them (/assets/...). */
  files: string[];
  size: Size;
}

/** A build's manifest; throws when the build wrote none (vite's build.manifest). */
export function readManifest(dist: string): Manifest {
  const path = join(dist, '.vite', 'manifest.json');
  if (!existsSync(path)) throw new Error(`${path} is missing: build the web app first (npm run build)`);
  return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
}

function keyOf(manifest: Manifest, source: Source): string {
  if (typeof source === 'string') {
    if (!manifest[source]) throw new Error(`the web build has no chunk for ${source}: update web/build/first-load.ts`);
    return source;
  }
  const folder = `node_modules/${source.package}/`;
  const key = Object.keys(manifest).find((name) => name.includes(folder) && manifest[name]?.isDynamicEntry);
  if (!key) throw new Error(`the web build has no chunk for ${source.package}: update web/build/first-load.ts`);
  return key;
}

/** The chunks a key's chunk needs before it runs: itself and its static imports, all the way down. */
function withImports(manifest: Manifest, key: string, into: Set<string>): Set<string> {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of manifest[key]?.imports ?? []) withImports(manifest, imported, into);
  return into;
}

/**
 * Scripts the page names itself besides the app's entry (the service worker's registration): every route loads them,
 * and no chunk imports them.
 */
function pageScripts(dist: string, manifest: Manifest): string[] {
  const chunks = new Set(Object.values(manifest).map((chunk) => `/${chunk.file}`));
  const page = readFileSync(join(dist, 'index.html'), 'utf8');
  return [...page.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)]
    .map((match) => String(match[1]))
    .filter((src) => src.startsWith('/') && !chunks.has(src));
}

/**
 * Every route's script: what index.html names, the entry and the language's texts, and its own chunks, each with
 * what it imports.
 */
export function routeLoads(dist: string): RouteLoad[] {
  const manifest = readManifest(dist);
  const ownScripts = pageScripts(dist, manifest).map((src) => src.slice(1));
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error(`${dist}: the manifest names no entry`);
  const sizes = new Map<string, Size>();
  const sizeOf = (file: string) => {
    let size = sizes.get(file);
    if (!size) {
      size = compressedSize(readFileSync(join(dist, file)));
      sizes.set(file, size);
    }
    return size;
  };
  return Object.entries(ROUTES).map(([route, sources]) => {
    const keys = new Set<string>();
    for (const key of [entry, TEXTS, ...sources.map((source) => keyOf(manifest, source))])
      withImports(manifest, key, keys);
    const chunks = [...keys].map((key) => (manifest[key] as ManifestChunk).file).filter((file) => file.endsWith('.js'));
    const files = [...ownScripts, ...chunks];
    const size = files
      .map(sizeOf)
      .reduce(
        (sum, each) => ({ raw: sum.raw + each.raw, gzip: sum.gzip + each.gzip, brotli: sum.brotli + each.brotli }),
        { raw: 0, gzip: 0, brotli: 0 },
      );
    return { route, files: files.map((file) => `/${file}`).sort(), size };
  });
}

/** A file's size as sent: as it is, and compressed as the build compresses it (vite.config.ts). */
export function compressedSize(content: Buffer): Size {
  return {
    raw: content.length,
    gzip: Math.min(content.length, gzipSync(content, { level: 9 }).length),
    brotli: Math.min(
      content.length,
      brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    ),
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The table `npm run build` prints: each route's script, as it is and compressed, and the budget. */
export function routeTable(loads: RouteLoad[]): string {
  const lines = [
    `first visit, script per route (budget ${kb(FIRST_LOAD_BUDGET)} brotli for ${BUDGETED_ROUTES.join(' and ')}):`,
    `${'route'.padEnd(14)}${'files'.padStart(6)}${'raw'.padStart(11)}${'gzip'.padStart(11)}${'brotli'.padStart(11)}`,
  ];
  for (const { route, files, size } of loads) {
    const budgeted = (BUDGETED_ROUTES as readonly string[]).includes(route);
    const over = budgeted && size.brotli > FIRST_LOAD_BUDGET ? '  OVER BUDGET' : '';
    lines.push(
      `${route.padEnd(14)}${String(files.length).padStart(6)}${kb(size.raw).padStart(11)}${kb(size.gzip).padStart(11)}${kb(size.brotli).padStart(11)}${over}`,
    );
  }
  return lines.join('\n');
}
