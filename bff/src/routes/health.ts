import { Router } from 'express';
import { DomainError, type Cache, type ServiceClient } from '@tip/platform';
import type { IdentityDefinition } from '@tip/identity/contract';

const READY_TIMEOUT_MS = 1000;

/**
 * Liveness (the process answers) and readiness (identity answers too). Identity is asked for a user that cannot
 * exist: any answer but "unavailable" means it is there. A cache standing in for an unreachable Redis leaves the
 * replica ready (it serves, only alone) but says so: `degraded`.
 */
export function healthRoutes(identity: ServiceClient<IdentityDefinition>, cache: Pick<Cache, 'degraded'>): Router {
  const router = Router();
  router.get('/api/health', (_req, res) => {
    res.json({ status: 'ok' });
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
