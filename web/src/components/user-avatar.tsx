import type { User } from '@/api/types';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { displayName, initials } from '@/lib/user-display';

export function UserAvatar({
  user,
  className,
}: {
  user: Pick<User, 'firstName' | 'lastName' | 'username' | 'profileImageUrl'>;
  className?: string;
}) {
  return (
    <Avatar className={className}>
      {user.profileImageUrl && <AvatarImage src={user.profileImageUrl} alt={displayName(user)} />}
      <AvatarFallback>{initials(user)}</AvatarFallback>
    </Avatar>
  );
}
