import { Ellipsis, Flag, Trash2, UserX } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { DeletePostDialog } from './delete-post-dialog';
import { ReportPostDialog } from './report-post-dialog';

/**
 * The post's '…' menu: report the post and block the author on someone else's post (block when the page offers
 * it), delete for the author and admins. Nothing to offer, no menu.
 */
export function PostMenu({
  postId,
  onBlock,
  mayDelete,
  mayReport = false,
}: {
  postId: string;
  onBlock?: () => void;
  mayDelete: boolean;
  mayReport?: boolean;
}) {
  const { t } = useTranslation();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [reporting, setReporting] = useState(false);
  if (!onBlock && !mayDelete && !mayReport) return null;
  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" className="size-9" aria-label={t('feed.post.menu')}>
            <Ellipsis aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {mayReport && (
            <DropdownMenuItem onSelect={() => setReporting(true)}>
              <Flag aria-hidden />
              {t('feed.post.report')}
            </DropdownMenuItem>
          )}
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
      {mayReport && <ReportPostDialog postId={postId} open={reporting} onOpenChange={setReporting} />}
      {mayDelete && <DeletePostDialog postId={postId} open={confirmDelete} onOpenChange={setConfirmDelete} />}
    </>
  );
}
