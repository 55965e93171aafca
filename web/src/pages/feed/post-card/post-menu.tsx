import { Ellipsis, Trash2, UserX } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { DeletePostDialog } from '@/pages/feed/post-card/delete-post-dialog';

/**
 * The post's '…' menu: block the author on someone else's post (when the page offers it), delete for the author
 * and admins. Nothing to offer, no menu.
 */
export function PostMenu({ postId, onBlock, mayDelete }: { postId: string; onBlock?: () => void; mayDelete: boolean }) {
  const { t } = useTranslation();
  const [confirmDelete, setConfirmDelete] = useState(false);
  if (!onBlock && !mayDelete) return null;
  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" className="size-9" aria-label={t('feed.post.menu')}>
            <Ellipsis aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {onBlock && (
            <DropdownMenuItem onSelect={onBlock}>
              <UserX aria-hidden />
              {t('feed.post.block')}
            </DropdownMenuItem>
          )}
          {mayDelete && (
            <DropdownMenuItem variant="destructive" onSelect={() => setConfirmDelete(true)}>
              <Trash2 aria-hidden />
              {t('feed.post.delete')}
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      {mayDelete && <DeletePostDialog postId={postId} open={confirmDelete} onOpenChange={setConfirmDelete} />}
    </>
  );
}
