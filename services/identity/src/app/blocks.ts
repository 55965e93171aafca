import { randomUUID } from 'node:crypto';
import { DomainError } from '@tip/platform';
import { blockKey, UserBlocked, UserUnblocked } from '../contract/index.js';
import { photoUrl, type BlockReason } from '../domain/index.js';
import type { Block } from '../infra/block-repository.js';
import type { UserDocument } from '../infra/user-document.js';
import type { CallInfo, IdentityContext } from './context.js';

/** A block as its blocker sees it in 'Utenti Bloccati' (docs/product.md#blocks). */
export interface BlockedUserRecord {
  id: string;
  blockedUserId: string;
  reason: BlockReason;
  createdAt: string;
  blockedUser: { username?: string; profileImageUrl?: string };
}

/** Whom a member must not see nor reach: both ways, since blocking is mutual. */
export interface BlockedBetween {
  /** Everyone of the two lists below, once. */
  userIds: string[];
  blockedIds: string[];
  blockedByIds: string[];
}

function recordOf(block: Block, blocked: UserDocument): BlockedUserRecord {
  return {
    id: block.id,
    blockedUserId: block.blockedId,
    reason: block.reason,
    createdAt: block.blockedAt,
    blockedUser: {
      username: blocked.username,
      profileImageUrl: blocked.profileImageKey && photoUrl(blocked._id, 'profile', blocked.profileImageKey),
    },
  };
}

/**
 * A member blocks another, who must exist, with a reason the caller has checked (blockSchema). Blocking someone
 * already blocked changes nothing: the first block, with its reason and date, stays and no event is published.
 */
export async function blockUser(
  context: IdentityContext,
  input: { blockerId: string; blockedId: string; reason: BlockReason },
  call: CallInfo,
): Promise<BlockedUserRecord> {
  const { blockerId, blockedId, reason } = input;
  if (blockerId === blockedId) throw new DomainError('INVALID_ARGUMENT', 'identity.cannotBlockSelf');
  await context.users.get(blockerId);
  const blocked = blockedId ? await context.users.findById(blockedId) : null;
  if (!blocked) throw new DomainError('NOT_FOUND', 'identity.userNotFound');
  const { block } = await context.blocks.block(blockerId, blockedId, () => {
    const created: Block = { id: randomUUID(), blockerId, blockedId, reason, blockedAt: new Date().toISOString() };
    const event = UserBlocked.create(
      blockKey(blockerId, blockedId),
      { blockerId, blockedId, reason, blockedAt: created.blockedAt },
      call.correlationId,
    );
    return { block: created, events: [event] };
  });
  return recordOf(block, blocked);
}

/**
 * Lifts a block; unblocking someone not blocked (any more) changes nothing. A member who never existed is
 * NOT_FOUND (one deleted since is fine: their blocks were lifted then).
 */
export async function unblockUser(
  context: IdentityContext,
  input: { blockerId: string; blockedId: string },
  call: CallInfo,
): Promise<void> {
  const { blockerId, blockedId } = input;
  if (!blockerId || !blockedId) return;
  if (!(await context.users.findById(blockedId)) && !(await context.users.wasDeleted(blockedId)))
    throw new DomainError('NOT_FOUND', 'identity.userNotFound');
  await context.blocks.unblock(blockerId, blockedId, () => [
    UserUnblocked.create(blockKey(blockerId, blockedId), { blockerId, blockedId }, call.correlationId),
  ]);
}

/** Whom the member blocked, newest first; members deleted since are left out. */
export async function listBlocked(context: IdentityContext, userId: string): Promise<BlockedUserRecord[]> {
  if (!userId) return [];
  const blocks = await context.blocks.blockedBy(userId);
  const users = new Map(
    (await context.users.findManyById(blocks.map((block) => block.blockedId))).map((user) => [user._id, user]),
  );
  return blocks.flatMap((block) => {
    const blocked = users.get(block.blockedId);
    return blocked ? [recordOf(block, blocked)] : [];
  });
}

export async function blockedBetween(context: IdentityContext, userId: string): Promise<BlockedBetween> {
  if (!userId) return { userIds: [], blockedIds: [], blockedByIds: [] };
  const [blocked, blockedBy] = await Promise.all([context.blocks.blockedBy(userId), context.blocks.blocking(userId)]);
  const blockedIds = blocked.map((block) => block.blockedId);
  const blockedByIds = blockedBy.map((block) => block.blockerId);
  return { userIds: [...new Set([...blockedIds, ...blockedByIds])], blockedIds, blockedByIds };
}

/**
 * A deleted account's blocks, both ways, are lifted (each with its UserUnblocked, after the UserDeleted that caused
 * it). Safe to repeat: only blocks still active are lifted.
 */
export async function liftBlocksOf(context: IdentityContext, userId: string, call: CallInfo): Promise<number> {
  const [blocked, blockedBy] = await Promise.all([context.blocks.blockedBy(userId), context.blocks.blocking(userId)]);
  let lifted = 0;
  for (const { blockerId, blockedId } of [...blocked, ...blockedBy]) {
    const done = await context.blocks.unblock(blockerId, blockedId, () => [
      UserUnblocked.create(blockKey(blockerId, blockedId), { blockerId, blockedId }, call.correlationId),
    ]);
    if (done) lifted += 1;
  }
  return lifted;
}
