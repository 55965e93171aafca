import { MessageSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { MESSAGE_COST } from '@/lib/rules';

/**
 * 'Contatta (2 crediti)': opens (or starts) the conversation with the post's author: by their id when the post shows
 * them, otherwise through the post (`postId`), whose author the server finds and never names to the member.
 */
export function ContactAuthor({ authorId, postId }: { authorId: string | null; postId: string }) {
  const { t } = useTranslation();
  const address = authorId ? `user=${encodeURIComponent(authorId)}` : `post=${encodeURIComponent(postId)}`;
  return (
    <Button asChild variant="outline" size="sm" data-testid="contact-author">
      <Link to={`/messages?${address}`}>
        <MessageSquare aria-hidden />
        {t('messages.contact', { cost: MESSAGE_COST })}
      </Link>
    </Button>
  );
}
