import { useTranslation } from 'react-i18next';
import { Card, CardContent } from '@/components/ui/card';
import { NotificationList } from '../components/notification-list';

/** /notifications: the member's notifications, the bell's destination on a phone (a panel on larger screens). */
export function NotificationsPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('notifications.title')}</h1>
      <Card className="mt-6 py-2">
        <CardContent className="px-2 sm:px-4">
          <NotificationList />
        </CardContent>
      </Card>
    </div>
  );
}
