import { Router } from 'express';
import { z } from 'zod';
import { parseInput } from '@tip/platform';
import { premiumGrantSchema, verificationDecisionSchema } from '@tip/identity/domain';
import type { BffContext } from '../context.js';
import { handle } from '../http/handle.js';
import { requireAdmin, sessionOf } from '../http/session-guard.js';
import { userIdParam } from './users.js';

const testerFlagSchema = z.object({ isTester: z.boolean() });

/** An admin's controls on a member that identity carries out: premium, the tester flag, the verification decision. */
export function adminUserRoutes(context: BffContext): Router {
  const { identity, sessions, say } = context;
  const router = Router();
  const adminOnly = requireAdmin(sessions);

  router.post(
    '/api/admin/users/:id/grant-premium',
    adminOnly,
    handle(async (req, res) => {
      const userId = parseInput(userIdParam, req.params.id);
      const { months } = parseInput(premiumGrantSchema, req.body);
      const updated = await identity.GrantPremium({ userId, months, adminId: sessionOf(res).user.id });
      res.json({
        success: true,
        message: say(req, 'identity.premiumGranted'),
        premiumSubscriptionExpiry: updated.premiumSubscriptionExpiry || null,
      });
    }),
  );

  router.put(
    '/api/admin/users/:id/verify',
    adminOnly,
    handle(async (req, res) => {
      const userId = parseInput(userIdParam, req.params.id);
      const { status, reason } = parseInput(verificationDecisionSchema, req.body);
      const decided = await identity.DecideVerification({ userId, status, reason, adminId: sessionOf(res).user.id });
      res.json({
        success: true,
        message: say(req, 'identity.verificationDecided'),
        verificationStatus: decided.verificationStatus,
      });
    }),
  );

  router.put(
    '/api/admin/users/:id/tester',
    adminOnly,
    handle(async (req, res) => {
      const userId = parseInput(userIdParam, req.params.id);
      const { isTester } = parseInput(testerFlagSchema, req.body);
      const updated = await identity.SetTester({ userId, isTester, adminId: sessionOf(res).user.id });
      res.json({ success: true, message: say(req, 'identity.testerUpdated'), isTester: updated.isTester });
    }),
  );

  router.post(
    '/api/admin/users/:id/revoke-premium',
    adminOnly,
    handle(async (req, res) => {
      const userId = parseInput(userIdParam, req.params.id);
      await identity.RevokePremium({ userId, adminId: sessionOf(res).user.id });
      res.json({ success: true, message: say(req, 'identity.premiumRevoked') });
    }),
  );

  return router;
}
