import { BadgeCheck, CircleAlert, Clock, ShieldQuestion } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { VerificationStatus } from '@/api/types';
import { Badge } from '@/components/ui/badge';

const LOOK = {
  approved: { variant: 'success', icon: BadgeCheck },
  pending: { variant: 'warning', icon: Clock },
  rejected: { variant: 'destructive', icon: CircleAlert },
  unverified: { variant: 'secondary', icon: ShieldQuestion },
} as const;

export function normalizeStatus(status: VerificationStatus | null | undefined): VerificationStatus {
  return status === 'approved' || status === 'pending' || status === 'rejected' ? status : 'unverified';
}

export function VerificationBadge({ status }: { status: VerificationStatus | null | undefined }) {
  const { t } = useTranslation();
  const normalized = normalizeStatus(status);
  const { variant, icon: Icon } = LOOK[normalized];
  return (
    <Badge variant={variant}>
      <Icon aria-hidden />
      {t(`verification.status.${normalized}`)}
    </Badge>
  );
}
