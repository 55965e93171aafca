import { UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PremiumBadge } from '@/components/premium-badge';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { UserAvatar } from '@/components/user-avatar';
import { displayName } from '@/lib/user-display';
import type { PostAuthor as Author } from '../../api/types';

/** Who wrote the post: avatar, name (to their profile), a green dot when verified, the crown when premium. */
export function PostAuthor({ author }: { author: Author | null }) {
  const { t } = useTranslation();
  if (!author)
    return (
      <div className="flex min-w-0 items-center gap-3">
        <Avatar className="size-11">
          <AvatarFallback className="bg-none bg-muted text-muted-foreground">
            <UserRound className="size-5" aria-hidden />
          </AvatarFallback>
        </Avatar>
        <p className="truncate font-semibold text-muted-foreground" data-testid="post-author">
          {t('feed.post.anonymous')}
        </p>
      </div>
    );
  const verified = author.verificationStatus === 'approved';
  return (
    <div className="flex min-w-0 items-center gap-3">
      <div className="relative shrink-0">
        <UserAvatar user={author} className="size-11" />
        {verified && (
          <span
            role="img"
            aria-label={t('feed.post.verified')}
            title={t('feed.post.verified')}
            className="absolute -right-0.5 -bottom-0.5 size-3.5 rounded-full border-2 border-card bg-emerald-500"
          />
        )}
      </div>
      <div className="min-w-0">
        <p className="flex items-center gap-1.5 font-semibold">
          <Link
            to={`/profile/${encodeURIComponent(author.id)}`}
            className="truncate hover:underline"
            data-testid="post-author"
          >
            {displayName(author)}
          </Link>
          {author.isPremium && <PremiumBadge compact className="size-5" />}
        </p>
        <p className="truncate text-xs text-muted-foreground">@{author.username}</p>
      </div>
    </div>
  );
}
