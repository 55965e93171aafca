import { useQueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { BlockUserDialog, type BlockTarget } from '@/features/blocks';
import { feedsKey } from '../api/get-feed';
import type { FeedItem } from '../api/types';

/**
 * Who a post's 'Blocca utente' names: its author, by id even when the post hides the profile from an admin; null for
 * a member an anonymous post does not name its author to.
 */
export const blockTargetOf = (item: FeedItem): BlockTarget | null =>
  item.post.authorId ? { id: item.post.authorId, username: item.author?.username ?? null } : null;

/** The block dialog for a post's author, open while there is a `target`. */
export function BlockAuthorDialog({ target, onClose }: { target: BlockTarget | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  if (!target) return null;
  return (
    <Suspense fallback={null}>
      <BlockUserDialog
        user={target}
        open
        onOpenChange={(open) => {
          if (!open) onClose();
        }}
        // Their posts leave the feed (the blocks_updated push says so too, while the socket is up).
        onBlocked={() => void queryClient.invalidateQueries({ queryKey: feedsKey })}
      />
    </Suspense>
  );
}
