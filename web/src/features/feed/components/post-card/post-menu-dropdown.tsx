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

export interface PostMenuProps {
  postId: string;
  onBlock?: () => void;
  mayDelete: boolean;
  mayReport?: boolean;
}

/**
 * The post's '…' menu itself (./post-menu.tsx shows its button until it is first pressed), open from the start when
 * it replaces that button, with its dialogs.
 */
export function PostMenuDropdown({ postId, onBlock, mayDelete, mayReport = false }: PostMenuProps) {
  const { t } = useTranslation();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [reporting, setReporting] = useState(false);
  return (
    <>
      <DropdownMenu modal={false} defaultOpen>
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
