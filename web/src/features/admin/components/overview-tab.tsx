import { ArrowLeftRight, Clock, Euro, FileText, MessageCircle, Users, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { numberFormat } from '@/lib/intl';
import { formatEuro } from '@/lib/money';
import { useAdminStats } from '../api/get-stats';
import { ListError, ListLoading } from './list-state';

/** 'Panoramica': the platform's figures (cached 30 s; pushes make them stale sooner) and which ffmpeg makes videos. */
export function OverviewTab() {
  const { t, i18n } = useTranslation();
  const { data, error, isPending } = useAdminStats();
  if (!data)
    return isPending ? <ListLoading /> : <ListError text={t('admin.loadError', { message: error?.message ?? '' })} />;
  const number = numberFormat(i18n.language);
  const cards: { key: string; label: string; value: string; icon: LucideIcon }[] = [
    { key: 'totalUsers', label: t('admin.stats.totalUsers'), value: number.format(data.totalUsers), icon: Users },
    { key: 'totalPosts', label: t('admin.stats.totalPosts'), value: number.format(data.totalPosts), icon: FileText },
    {
      key: 'totalMessages',
      label: t('admin.stats.totalMessages'),
      value: number.format(data.totalMessages),
      icon: MessageCircle,
    },
    {
      key: 'totalTransactions',
      label: t('admin.stats.totalTransactions'),
      value: number.format(data.totalTransactions),
      icon: ArrowLeftRight,
    },
    { key: 'pendingPosts', label: t('admin.stats.pendingPosts'), value: number.format(data.pendingPosts), icon: Clock },
    {
      key: 'revenue',
      label: t('admin.stats.revenue'),
      value: formatEuro(data.revenueCents, i18n.language),
      icon: Euro,
    },
  ];
  return (
    <section aria-label={t('admin.tabs.overview')}>
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
        {cards.map(({ key, label, value, icon: Icon }) => (
          <Card key={key} className="gap-2 px-4 py-4 sm:px-5" data-testid={`stat-${key}`}>
            <dt className="flex items-center gap-2 text-sm text-muted-foreground">
              <Icon className="size-4 shrink-0 text-primary" aria-hidden />
              {label}
            </dt>
            <dd className="text-2xl font-bold tracking-tight sm:text-3xl">{value}</dd>
          </Card>
        ))}
      </dl>
      <p className="mt-4 text-sm text-muted-foreground" data-testid="media-tools">
        {data.media.ffmpegSource === 'none'
          ? t('admin.stats.ffmpegNone')
          : t('admin.stats.videoProcessing', {
              version: data.media.ffmpegVersion,
              source: t(data.media.ffmpegSource === 'system' ? 'admin.stats.ffmpegSystem' : 'admin.stats.ffmpegNpm'),
            })}
      </p>
    </section>
  );
}
