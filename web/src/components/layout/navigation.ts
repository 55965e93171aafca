import {
  Flame,
  Home,
  MessageCircle,
  MessageSquareHeart,
  Settings,
  ShieldCheck,
  UserX,
  type LucideIcon,
} from 'lucide-react';

export type NavEntry = {
  key: 'home' | 'trending' | 'melanzana' | 'patate' | 'messages' | 'admin' | 'settings' | 'feedback' | 'blockedUsers';
  to: string;
  icon?: LucideIcon;
  emoji?: string;
  adminOnly?: boolean;
};

/** The sidebar's entries, in order. Categories lead to the feed with a `category` query parameter. */
export const NAV_ENTRIES: readonly NavEntry[] = [
  { key: 'home', to: '/', icon: Home },
  { key: 'trending', to: '/?category=trending', icon: Flame },
  { key: 'melanzana', to: '/?category=melanzana', emoji: '🍆' },
  { key: 'patate', to: '/?category=patate', emoji: '🥔' },
  { key: 'messages', to: '/messages', icon: MessageCircle },
  { key: 'admin', to: '/admin', icon: ShieldCheck, adminOnly: true },
  { key: 'settings', to: '/settings', icon: Settings },
  { key: 'feedback', to: '/feedback', icon: MessageSquareHeart },
  { key: 'blockedUsers', to: '/blocked-users', icon: UserX },
];

const PAGE_LABELS: Record<string, NavEntry['key'] | 'checkout' | 'profile' | 'demoRegistration' | 'notifications'> = {
  '/': 'home',
  '/messages': 'messages',
  '/notifications': 'notifications',
  '/admin': 'admin',
  '/settings': 'settings',
  '/feedback': 'feedback',
  '/blocked-users': 'blockedUsers',
  '/checkout': 'checkout',
  '/demo-registrazione': 'demoRegistration',
};

/** The `nav.*` key naming the page at `pathname`, for the top bar. */
export function pageLabelKey(pathname: string) {
  if (pathname.startsWith('/profile')) return 'nav.profile';
  return `nav.${PAGE_LABELS[pathname] ?? 'home'}`;
}
