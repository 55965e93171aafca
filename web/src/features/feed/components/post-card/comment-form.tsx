import { Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { reportFeedError } from '@/lib/report-error';
import { useAddComment } from '../../api/add-comment';

/** The field under a post's comments; an unapproved member sees it disabled with the reason. */
export function CommentForm({ postId, mayInteract }: { postId: string; mayInteract: boolean }) {
  const { t } = useTranslation();
  const [content, setContent] = useState('');
  const add = useAddComment(postId, {
    onSuccess: () => {
      setContent('');
      toast({ variant: 'success', title: t('feed.comments.added') });
    },
    onError: (error) =>
      reportFeedError(t, error, { title: t('feed.comments.failed'), fallback: t('common.genericError') }),
  });
  const text = content.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text && mayInteract) add.mutate(text);
  };

  const id = `comment-${postId}`;
  return (
    <form onSubmit={submit} className="flex items-center gap-2">
      <label htmlFor={id} className="sr-only">
        {t('feed.comments.label')}
      </label>
      <Input
        id={id}
        value={content}
        onChange={(event) => setContent(event.target.value)}
        placeholder={mayInteract ? t('feed.comments.placeholder') : t('feed.comments.notApproved')}
        disabled={!mayInteract || add.isPending}
        autoComplete="off"
      />
      <Button
        type="submit"
        size="icon"
        aria-label={t('feed.comments.send')}
        disabled={!mayInteract || !text || add.isPending}
      >
        {add.isPending ? <Spinner /> : <Send aria-hidden />}
      </Button>
    </form>
  );
}
