import type { User } from '@/api/types';

/** Approved members and admins may post, like and comment (spec, section 4). */
export const mayInteract = (user: User) => user.isAdmin || user.verificationStatus === 'approved';
