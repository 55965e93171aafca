import { Router } from 'express';
import { DomainError, type ServiceClient } from '@tip/platform';
import type { IdentityDefinition } from '@tip/identity/contract';

const READY_TIMEOUT_MS = 1000;

/**
 * Liveness (the process answers) and readiness (identity answers too). Identity is asked for a user that cannot
 * exist: any answer but "unavailable" means it is there.
 */
export function healthRoutes(identity: ServiceClient<IdentityDefinition>): Router {
  const router = Router();
  router.get('/api/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/api/ready', async (_req, res) => {
    const ready = await identity.GetUser({ userId: '', viewerId: '' }, { timeoutMs: READY_TIMEOUT_MS }).then(
      () => true,
      (error: unknown) => error instanceof DomainError && error.code !== 'UNAVAILABLE' && error.code !== 'INTERNAL',
    );
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'unavailable' });
  });
  return router;
}
