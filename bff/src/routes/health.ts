import { Router } from 'express';
import { DomainError, type Cache, type ServiceClient } from '@tip/platform';
import type { ContentDefinition } from '@tip/content/contract';
import type { IdentityDefinition } from '@tip/identity/contract';

const READY_TIMEOUT_MS = 1000;

type MediaTools = Awaited<ReturnType<ServiceClient<ContentDefinition>['MediaTools']>>;

/**
 * Which ffmpeg content runs, asked once it answers and then kept (it changes only with a new release). Liveness
 * never waits for it: until content has answered, the health answer leaves it out.
 */
function mediaToolsOf(content: Pick<ServiceClient<ContentDefinition>, 'MediaTools'>): () => MediaTools | undefined {
  let known: MediaTools | undefined;
  let asking = false;
  return () => {
    if (!known && !asking) {
      asking = true;
      content.MediaTools({}, { timeoutMs: READY_TIMEOUT_MS }).then(
        (tools) => (known = tools),
        () => (asking = false),
      );
    }
    return known;
  };
}

/**
 * Liveness (the process answers, with the ffmpeg that processes videos once content said which) and readiness (identity answers too). Identity is asked for a user that cannot
 * exist: any answer but "unavailable" means it is there. A cache standing in for an unreachable Redis leaves the
 * replica ready (it serves, only alone) but says so: `degraded`.
 */
export function healthRoutes(
  identity: ServiceClient<IdentityDefinition>,
  content: Pick<ServiceClient<ContentDefinition>, 'MediaTools'>,
  cache: Pick<Cache, 'degraded'>,
): Router {
  const router = Router();
  const mediaTools = mediaToolsOf(content);
  router.get('/api/health', (_req, res) => {
    const media = mediaTools();
    res.json({ status: 'ok', ...(media && { media }) });
  });
  router.get('/api/ready', async (_req, res) => {
    const ready = await identity.GetUser({ userId: '', viewerId: '' }, { timeoutMs: READY_TIMEOUT_MS }).then(
      () => true,
      (error: unknown) => error instanceof DomainError && error.code !== 'UNAVAILABLE' && error.code !== 'INTERNAL',
    );
    if (!ready) res.status(503).json({ status: 'unavailable' });
    else if (cache.degraded) res.json({ status: 'degraded', degraded: ['cache'] });
    else res.json({ status: 'ready' });
  });
  return router;
}
