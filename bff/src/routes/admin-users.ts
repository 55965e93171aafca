import { Router } from 'express';
import { z } from 'zod';
import { parseInput } from '@tip/platform';
import { premiumGrantSchema, userDirectoryQuerySchema } from '@tip/identity/domain';
import type { BffContext } from '../context.js';
import { doneSchema, premiumGrantedSchema, testerSetSchema, usersPageSchema } from '../contract/index.js';
import { handle } from '../http/handle.js';
import { idParam } from '../http/ids.js';
import { writeLimit } from '../http/rate-limits.js';
import { respond } from '../http/respond.js';
import { requireAdmin, sessionOf } from '../http/session-guard.js';
import { withBalances } from '../moderation/admin-views.js';

const testerFlagSchema = z.object({ isTester: z.boolean() });

/** The console's users, kept by identity: the list (searched and paged there), premium, the tester flag, deletion. */
export function adminUserRoutes(context: BffContext): Router {
  const { identity, balances, sessions, limits, say } = context;
  const router = Router();
  const adminOnly = requireAdmin(sessions);
  const adminLimit = writeLimit(limits, 'admin');

  router.post(
    '/api/admin/users/:id/grant-premium',
    adminOnly,
    adminLimit,
    handle(async (req, res) => {
      const userId = parseInput(idParam, req.params.id);
      const { months } = parseInput(premiumGrantSchema, req.body);
      const updated = await identity.GrantPremium({ userId, months, adminId: sessionOf(res).user.id });
      respond(res, premiumGrantedSchema, {
        success: true,
        message: say(req, 'identity.premiumGranted'),
        premiumSubscriptionExpiry: updated.premiumSubscriptionExpiry || null,
      });
    }),
  );

  router.get(
    '/api/admin/users',
    adminOnly,
    handle(async (req, res) => {
      const query = parseInput(userDirectoryQuerySchema, req.query);
      const { users, total } = await identity.ListUsers({ viewerId: sessionOf(res).user.id, ...query });
      respond(res, usersPageSchema, {
        users: await withBalances(balances, users),
        total,
        page: query.page,
        limit: query.limit,
      });
    }),
  );

  router.delete(
    '/api/admin/users/:id',
    adminOnly,
    adminLimit,
    handle(async (req, res) => {
      const userId = parseInput(idParam, req.params.id);
      await identity.DeleteUser({ userId, adminId: sessionOf(res).user.id });
      respond(res, doneSchema, { success: true, message: say(req, 'moderation.userDeleted') });
    }),
  );

  router.put(
    '/api/admin/users/:id/tester',
    adminOnly,
    adminLimit,
    handle(async (req, res) => {
      const userId = parseInput(idParam, req.params.id);
      const { isTester } = parseInput(testerFlagSchema, req.body);
      const updated = await identity.SetTester({ userId, isTester, adminId: sessionOf(res).user.id });
      respond(res, testerSetSchema, {
        success: true,
        message: say(req, 'identity.testerUpdated'),
        isTester: updated.isTester,
      });
    }),
  );

  router.post(
    '/api/admin/users/:id/revoke-premium',
    adminOnly,
    adminLimit,
    handle(async (req, res) => {
      const userId = parseInput(idParam, req.params.id);
      await identity.RevokePremium({ userId, adminId: sessionOf(res).user.id });
      respond(res, doneSchema, { success: true, message: say(req, 'identity.premiumRevoked') });
    }),
  );

  return router;
}
