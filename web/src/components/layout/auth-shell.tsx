import { BadgeCheck, Lock, MessageCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Brand } from '@/components/brand';
import { LanguageSwitcher } from '@/components/language-switcher';
import { SiteFooter } from '@/components/layout/site-footer';

/** The frame of the visitor screens (login, registration, Google setup): a brand panel beside the form. */
export function AuthShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const points = [
    { icon: BadgeCheck, text: t('auth.shell.verified') },
    { icon: MessageCircle, text: t('auth.shell.messages') },
    { icon: Lock, text: t('auth.shell.private') },
  ];
  return (
    <div className="flex min-h-dvh flex-col">
      <div className="grid flex-1 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        {/* overflow-clip, not hidden: a scroll container would stop the panel's content from sticking. */}
        <aside className="relative hidden overflow-clip bg-hero text-white lg:block">
          <div className="sticky top-0 flex h-dvh flex-col justify-between p-10">
            <div
              aria-hidden
              className="absolute -top-32 -left-24 size-[28rem] rounded-full bg-primary opacity-50 blur-3xl"
            />
            <div
              aria-hidden
              className="absolute -right-24 -bottom-32 size-[24rem] rounded-full bg-brand-warm opacity-30 blur-3xl"
            />
            <Brand inverted className="relative self-start" />
            <div className="relative space-y-6">
              <p className="text-3xl leading-tight font-bold text-balance">{t('auth.shell.title')}</p>
              <ul className="space-y-4">
                {points.map(({ icon: Icon, text }) => (
                  <li key={text} className="flex items-center gap-3 text-white/85">
                    <span className="grid size-9 place-items-center rounded-lg bg-white/10">
                      <Icon className="size-4" aria-hidden />
                    </span>
                    {text}
                  </li>
                ))}
              </ul>
            </div>
            <p className="relative text-sm text-white/60">{t('auth.shell.adults')}</p>
          </div>
        </aside>
        <div className="flex flex-col">
          <header className="flex items-center justify-between px-4 py-4 sm:px-8">
            <Brand className="lg:invisible" />
            <LanguageSwitcher />
          </header>
          <main id="main" className="flex flex-1 items-start justify-center px-4 pt-2 pb-12 sm:px-8 sm:pt-8">
            <div className="w-full max-w-xl">{children}</div>
          </main>
        </div>
      </div>
      <SiteFooter />
    </div>
  );
}
