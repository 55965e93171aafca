import type { User } from '@/api/types';

export function displayName(user: Pick<User, 'firstName' | 'lastName' | 'username'>) {
  const full = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return full || user.username;
}

export function initials(user: Pick<User, 'firstName' | 'lastName' | 'username'>) {
  return displayName(user).slice(0, 1).toUpperCase() || '?';
}
