import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/use-toast';
import { clearClientStorage, clearUserIdCookie, isDemoUserId, readUserIdCookie } from '@/lib/client-session';
import { cleanupDemo } from '../api/cleanup-demo';

const RELOAD_AFTER_MS = 2_000;

/**
 * A browser that still carries an old demo session (its `authUserId` cookie) must clean it up before anyone signs
 * in on it. `cleanup` runs one at a time: cookie, server session, storage, then a reload once the toast was read.
 */
export function useDemoSession() {
  const { t } = useTranslation();
  const [active] = useState(() => isDemoUserId(readUserIdCookie(document.cookie)));
  const [busy, setBusy] = useState(false);
  const running = useRef(false);

  const cleanup = async () => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      clearUserIdCookie();
      await cleanupDemo();
      clearClientStorage();
      toast({
        variant: 'success',
        title: t('landing.demo.successTitle'),
        description: t('landing.demo.successDescription'),
      });
      setTimeout(() => window.location.reload(), RELOAD_AFTER_MS);
    } catch {
      toast({
        variant: 'destructive',
        title: t('landing.demo.errorTitle'),
        description: t('landing.demo.errorDescription'),
      });
      running.current = false;
      setBusy(false);
    }
  };

  return { active, busy, cleanup };
}
