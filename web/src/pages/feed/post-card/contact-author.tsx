import { MessageSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { MESSAGE_COST } from '@/api/messages/types';
import { Button } from '@/components/ui/button';

/** 'Contatta (2 crediti)': opens (or starts) the conversation with the post's author. */
export function ContactAuthor({ authorId }: { authorId: string }) {
  const { t } = useTranslation();
  return (
    <Button asChild variant="outline" size="sm" data-testid="contact-author">
      <Link to={`/messages?user=${encodeURIComponent(authorId)}`}>
        <MessageSquare aria-hidden />
        {t('messages.contact', { cost: MESSAGE_COST })}
      </Link>
    </Button>
  );
}
