import { once } from 'node:events';
import { Router, type Response } from 'express';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { DomainError, type Logger } from '@tip/platform';
import type { BffContext } from '../context.js';
import { writeLimit } from '../http/rate-limits.js';
import { handle } from '../http/handle.js';
import { requireSession, sessionOf } from '../http/session-guard.js';

/** The services' parts of the export, each its own JSON file at the archive's root, in this order. */
const PARTS = ['identity', 'content', 'messaging', 'wallet', 'moderation', 'notifications'] as const;

/** A media file of the export: where it goes, and how to fetch it (as the member, who may see all of their own). */
interface MediaFile {
  path: string;
  fetch(): Promise<{ content: Buffer }>;
}

/** Paths come from the services; an archive entry must stay under media/ whatever a service says. */
const SAFE_MEDIA_PATH = /^media\/(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_.-]+$/;

/**
 * GET /api/users/me/export: everything the platform holds about the signed-in member, as a zip. Each service answers
 * its part (ExportMember) as JSON, which goes in as `<service>.json`; the photos and their posts' media are fetched
 * through GetPhoto and GetMedia as the member, one at a time, and go under media/ where the JSON says. `export.json`
 * says when and for whom, and lists the files. Only ever the member's own: there is no id to ask for someone else's.
 * Counted in the ACCOUNT write group: it reads every service and may carry a lot of media.
 */
export function memberExportRoutes(context: BffContext): Router {
  const { identity, content, messaging, wallet, moderation, notifications, sessions, limits, logger } = context;
  const router = Router();

  router.get(
    '/api/users/me/export',
    requireSession(sessions),
    writeLimit(limits, 'account'),
    handle(async (_req, res) => {
      const userId = sessionOf(res).user.id;
      const [identityPart, contentPart, messagingPart, walletPart, moderationPart, notificationsPart] =
        await Promise.all([
          identity.ExportMember({ userId }),
          content.ExportMember({ userId }),
          messaging.ExportMember({ userId }),
          wallet.ExportMember({ userId }),
          moderation.ExportMember({ userId }),
          notifications.ExportMember({ userId }),
        ]);
      const media: MediaFile[] = [
        ...identityPart.photos.map(({ kind, path }) => ({
          path,
          fetch: () => identity.GetPhoto({ ownerId: userId, kind, viewerId: userId }),
        })),
        ...contentPart.media.map(({ postId, variant, path }) => ({
          path,
          fetch: () => content.GetMedia({ postId, variant, viewerId: userId }),
        })),
      ];
      for (const file of media) {
        if (!SAFE_MEDIA_PATH.test(file.path)) throw new DomainError('INTERNAL', 'errors.internal');
      }
      const exportedAt = new Date().toISOString();
      const jsons: Record<(typeof PARTS)[number], string> = {
        identity: identityPart.json,
        content: contentPart.json,
        messaging: messagingPart.json,
        wallet: walletPart.json,
        moderation: moderationPart.json,
        notifications: notificationsPart.json,
      };
      const manifest = {
        exportedAt,
        memberId: userId,
        files: PARTS.map((part) => `${part}.json`),
        media: media.map((file) => file.path),
      };

      res.set({
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="tip-data-${exportedAt.slice(0, 10)}.zip"`,
        'Cache-Control': 'no-store',
      });
      const archive = zipTo(res, logger);
      archive.add('export.json', Buffer.from(JSON.stringify(manifest, null, 2)), true);
      for (const part of PARTS) archive.add(`${part}.json`, Buffer.from(jsons[part]), true);
      try {
        for (const file of media) {
          await archive.drained();
          if (archive.aborted()) return;
          const fetched = await file.fetch().catch((error: unknown) => {
            // Deleted since the service listed it: the archive goes without it.
            if (error instanceof DomainError && error.code === 'NOT_FOUND') return null;
            throw error;
          });
          // Images and videos are compressed already: stored as they are.
          if (fetched) archive.add(file.path, fetched.content, false);
        }
        archive.end();
      } catch (error) {
        // The answer has begun: a cut download, which the browser shows as failed, rather than a zip missing files.
        logger.error({ err: error, userId }, 'data export failed while adding media');
        res.destroy();
      }
    }),
  );

  return router;
}

/** A zip written to the response as it is made, waiting when the member's connection is slower than we are. */
function zipTo(res: Response, logger: Logger) {
  const zip = new Zip((error, chunk, final) => {
    // The member went away (or the export failed): nothing more to write, and writing would only raise an error.
    if (res.destroyed) return;
    if (error) {
      logger.error({ err: error }, 'data export: the zip failed');
      res.destroy();
      return;
    }
    res.write(chunk);
    if (final) res.end();
  });
  return {
    add(path: string, data: Uint8Array, compress: boolean) {
      const file = compress ? new ZipDeflate(path, { level: 6 }) : new ZipPassThrough(path);
      zip.add(file);
      file.push(data, true);
    },
    async drained() {
      if (res.writableNeedDrain && !res.destroyed) await Promise.race([once(res, 'drain'), once(res, 'close')]);
    },
    aborted: () => res.destroyed,
    end: () => zip.end(),
  };
}
