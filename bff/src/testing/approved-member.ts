import { waitFor } from '@tip/platform/testing';
import type { Browser } from './browser.js';
import type { TestStack } from './start-stack.js';

/** A member an admin approved (with premium or credits if asked), once content has heard of it. */
export async function approvedMember(
  stack: TestStack,
  admin: { browser: Browser },
  name: string,
  options: { premium?: boolean; credits?: number } = {},
) {
  const member = await stack.member(name);
  const decided = await admin.browser.postJson(`/api/admin/users/${member.id}/verify`, { status: 'approved' }, 'PUT');
  if (decided.status !== 200) throw new Error(`approving ${name}: ${decided.status} ${await decided.text()}`);
  if (options.premium) await admin.browser.postJson(`/api/admin/users/${member.id}/grant-premium`, { months: 1 });
  if (options.credits) {
    await admin.browser.postJson(`/api/admin/users/${member.id}/add-credits`, { amount: options.credits });
  }
  const authors = await stack.adapters.documents.collection<{ _id: string; premiumSubscriptionExpiry: string | null }>(
    'authors',
  );
  await waitFor(
    async () => {
      const known = await authors.findOne({ _id: member.id, verificationStatus: 'approved' });
      return known !== null && (!options.premium || known.premiumSubscriptionExpiry !== null);
    },
    5000,
    `content hearing that ${name} was approved`,
  );
  return member;
}
