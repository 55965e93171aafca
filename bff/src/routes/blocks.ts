import { Router } from 'express';
import { parseInput, type ServiceClient } from '@tip/platform';
import type { IdentityDefinition } from '@tip/identity/contract';
import { blockSchema } from '@tip/identity/domain';
import type { BffContext } from '../context.js';
import { blockResultSchema, blockedUserRecordSchema, doneSchema } from '../contract/index.js';
import { handle } from '../http/handle.js';
import { idParam } from '../http/ids.js';
import { writeLimit } from '../http/rate-limits.js';
import { respond } from '../http/respond.js';
import { requireSession, sessionOf } from '../http/session-guard.js';

type BlockedUserRecord = Awaited<ReturnType<ServiceClient<IdentityDefinition>['BlockUser']>>;

/** The blocked-user record (docs/product.md#the-api); proto's empty strings are absent values. */
function recordJson(record: BlockedUserRecord) {
  return {
    id: record.id,
    blockedUserId: record.blockedUserId,
    reason: blockedUserRecordSchema.shape.reason.parse(record.reason),
    createdAt: record.createdAt,
    blockedUser: {
      username: record.blockedUser?.username || null,
      profileImageUrl: record.blockedUser?.profileImageUrl || null,
    },
  };
}

/**
 * Blocking (identity holds the blocks): a member blocks another with a reason, unblocks, lists whom they blocked.
 * Both members' browsers hear `blocks_updated`, since blocking is mutual and both feeds change (and the pages name
 * the members they watch again, which an unblock lets through once more).
 *
 * Identity holds blocks; content and messaging enforce them from their own projections of its events. A block (or
 * its lifting) is answered once both have it, so that the member's next page, list or send already counts it
 * (docs/decisions.md#blocks-and-privacy).
 */
export function blockRoutes(context: BffContext): Router {
  const { identity, content, messaging, sessions, limits, say, push, feedPages, logger } = context;
  const router = Router();
  const signedIn = requireSession(sessions);
  const enforced = async (pair: { blockerId: string; blockedId: string; blocked: boolean }) => {
    const answers = await Promise.all([content.AwaitBlock(pair), messaging.AwaitBlock(pair)]);
    if (answers.some((answer) => !answer.applied)) {
      logger.warn(pair, 'a block is answered before content and messaging enforce it: their projections lag');
    }
  };
  const tellBoth = (blockerId: string, blockedId: string) => {
    // The pages kept here for either were rendered before content had the block.
    feedPages.viewerChanged(blockerId);
    feedPages.viewerChanged(blockedId);
    push.toUser(blockerId, { type: 'blocks_updated' });
    push.toUser(blockedId, { type: 'blocks_updated' });
  };

  router.post(
    '/api/users/:id/block',
    signedIn,
    writeLimit(limits, 'account'),
    handle(async (req, res) => {
      const blockedId = parseInput(idParam, req.params.id);
      // No body at all is a missing reason too.
      const { reason } = parseInput(blockSchema, req.body ?? {});
      const blocker = sessionOf(res).user;
      const record = await identity.BlockUser({ blockerId: blocker.id, blockedId, reason });
      await enforced({ blockerId: blocker.id, blockedId, blocked: true });
      // Presence is not shared between them any more: the pages already watching stop now (a new watch is refused).
      push.unwatchEachOther(blocker.id, blockedId);
      tellBoth(blocker.id, blockedId);
      respond(res, blockResultSchema, {
        success: true,
        message: say(req, 'identity.userBlocked'),
        block: recordJson(record),
      });
    }),
  );

  router.delete(
    '/api/users/:id/block',
    signedIn,
    writeLimit(limits, 'account'),
    handle(async (req, res) => {
      const blockedId = parseInput(idParam, req.params.id);
      const blocker = sessionOf(res).user;
      await identity.UnblockUser({ blockerId: blocker.id, blockedId });
      await enforced({ blockerId: blocker.id, blockedId, blocked: false });
      tellBoth(blocker.id, blockedId);
      respond(res, doneSchema, { success: true, message: say(req, 'identity.userUnblocked') });
    }),
  );

  router.get(
    '/api/blocked-users',
    signedIn,
    handle(async (_req, res) => {
      const { blocked } = await identity.ListBlocked({ userId: sessionOf(res).user.id });
      respond(res, blockedUserRecordSchema.array(), blocked.map(recordJson));
    }),
  );

  return router;
}
