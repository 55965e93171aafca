import { existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { Router } from 'express';
import expressStaticGzip from 'express-static-gzip';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * The built web app, when `dir` holds one: hashed files under /assets/ cached for a year, everything else (and
 * index.html above all) revalidated, and index.html for any other page path so the client router can take it. The
 * build compresses its files beside them (`.br`, `.gz`): each is served in the best encoding the browser accepts,
 * brotli first, with Content-Encoding and Vary: Accept-Encoding, and as it is to a browser that accepts neither.
 * Returns null when there is no build (development runs Vite's own server).
 */
export function webApp(dir: string): Router | null {
  const root = resolve(dir);
  const indexFile = join(root, 'index.html');
  if (!existsSync(indexFile)) return null;
  const assets = join(root, 'assets') + sep;

  const files = expressStaticGzip(root, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: {
      index: false,
      // `path` is the file sent: the compressed one's, beside the original.
      setHeaders: (res, path) => res.setHeader('Cache-Control', path.startsWith(assets) ? IMMUTABLE : REVALIDATE),
    },
  });
  const router = Router();
  router.use(files);
  // Any other page path is the client router's: index.html, as /index.html is served.
  router.get(/^(?!\/(?:api|ws|assets)(?:\/|$)).*/, (req, res, next) => {
    req.url = '/index.html';
    files(req, res, next);
  });
  return router;
}
