import { BadgeCheck, CircleAlert, Clock, ShieldQuestion } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { VerificationStatus } from '@/api/types';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

const LOOK = {
  approved: { variant: 'success', icon: BadgeCheck },
  pending: { variant: 'warning', icon: Clock },
  rejected: { variant: 'destructive', icon: CircleAlert },
  unverified: { variant: 'secondary', icon: ShieldQuestion },
} as const;

/**
 * On the dark hero surfaces (profile header, sidebar) the light-surface colours are unreadable: light text on a dark
 * tint instead, dark enough to keep its contrast where the hero's orange glow lies behind it.
 */
const ON_DARK: Record<VerificationStatus, string> = {
  approved: 'border-emerald-300/40 bg-emerald-950/50 text-emerald-100',
  pending: 'border-amber-300/40 bg-amber-950/50 text-amber-100',
  rejected: 'border-rose-300/40 bg-rose-950/50 text-rose-100',
  unverified: 'border-white/25 bg-black/25 text-white',
};

export function normalizeStatus(status: VerificationStatus | null | undefined): VerificationStatus {
  return status === 'approved' || status === 'pending' || status === 'rejected' ? status : 'unverified';
}

export function VerificationBadge({
  status,
  tone = 'default',
}: {
  status: VerificationStatus | null | undefined;
  tone?: 'default' | 'inverted';
}) {
  const { t } = useTranslation();
  const normalized = normalizeStatus(status);
  const { variant, icon: Icon } = LOOK[normalized];
  return (
    <Badge variant={variant} className={cn(tone === 'inverted' && ON_DARK[normalized])}>
      <Icon aria-hidden />
      {t(`verification.status.${normalized}`)}
    </Badge>
  );
}
