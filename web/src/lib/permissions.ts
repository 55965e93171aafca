import type { User } from '@/api/types';

/** Approved members and admins may post, like and comment (docs/product.md#who-uses-it). */
export const mayInteract = (user: User) => user.isAdmin || user.verificationStatus === 'approved';
