import { existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import express, { Router } from 'express';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * The built web app, when `dir` holds one: hashed files under /assets/ cached for a year, everything else (and
 * index.html above all) revalidated, and index.html for any other page path so the client router can take it.
 * Returns null when there is no build (development runs Vite's own server).
 */
export function webApp(dir: string): Router | null {
  const root = resolve(dir);
  const indexFile = join(root, 'index.html');
  if (!existsSync(indexFile)) return null;
  const assets = join(root, 'assets') + sep;

  const router = Router();
  router.use(
    express.static(root, {
      index: false,
      setHeaders: (res, path) => res.setHeader('Cache-Control', path.startsWith(assets) ? IMMUTABLE : REVALIDATE),
    }),
  );
  router.get(/^(?!\/(?:api|ws|assets)(?:\/|$)).*/, (_req, res) => {
    res.setHeader('Cache-Control', REVALIDATE);
    res.sendFile(indexFile);
  });
  return router;
}
