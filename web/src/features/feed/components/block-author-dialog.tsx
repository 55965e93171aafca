import { useQueryClient } from '@tanstack/react-query';
import { Suspense, type ComponentType } from 'react';
import { feedsKey } from '@/api/query-keys';
import type { FeedItem } from '../api/types';

/** Whom a post's 'Blocca utente' names. */
export type PostAuthor = { id: string; username: string | null };

/**
 * The dialog that blocks a member, which the blocks area provides (the app hands it to the home page): open while
 * shown, it says when it closes and when the block is done.
 */
export type BlockDialog = ComponentType<{
  user: PostAuthor;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onBlocked: () => void;
}>;

/**
 * Who a post's 'Blocca utente' names: its author, by id even when the post hides the profile from an admin; null for
 * a member an anonymous post does not name its author to.
 */
export const blockTargetOf = (item: FeedItem): PostAuthor | null =>
  item.post.authorId ? { id: item.post.authorId, username: item.author?.username ?? null } : null;

/** The block dialog for a post's author, open while there is a `target`. */
export function BlockAuthorDialog({
  target,
  onClose,
  dialog: Dialog,
}: {
  target: PostAuthor | null;
  onClose: () => void;
  dialog: BlockDialog;
}) {
  const queryClient = useQueryClient();
  if (!target) return null;
  return (
    <Suspense fallback={null}>
      <Dialog
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
