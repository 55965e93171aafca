import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { cn } from '@/lib/utils';

/** The conversation's avatar: the member's picture, or the first letter of their username. */
export function LetterAvatar({
  name,
  imageUrl,
  className,
}: {
  name: string | null;
  imageUrl?: string | null;
  className?: string;
}) {
  return (
    <Avatar className={cn('size-11', className)}>
      {imageUrl && <AvatarImage src={imageUrl} alt="" />}
      <AvatarFallback className={cn(!name && 'bg-none bg-muted text-muted-foreground')}>
        {name ? name.slice(0, 1).toUpperCase() : '?'}
      </AvatarFallback>
    </Avatar>
  );
}
