import { ArrowUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useScrolledPast } from '@/lib/use-scroll';
import { cn } from '@/lib/utils';

/** A script's smooth scroll ignores the CSS that turns motion off: it asks the same question itself. */
const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Phones only: long pages are tedious to swipe back up. */
export function ScrollToTop() {
  const { t } = useTranslation();
  const visible = useScrolledPast(400);
  return (
    <Button
      variant="gradient"
      size="icon"
      aria-label={t('nav.scrollTop')}
      tabIndex={visible ? 0 : -1}
      aria-hidden={!visible}
      onClick={() => window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'instant' : 'smooth' })}
      className={cn(
        'fixed right-4 bottom-[max(1rem,env(safe-area-inset-bottom))] z-30 size-12 rounded-full transition-all md:hidden',
        visible ? 'translate-y-0 opacity-100' : 'pointer-events-none translate-y-4 opacity-0',
      )}
    >
      <ArrowUp className="size-5" aria-hidden />
    </Button>
  );
}
