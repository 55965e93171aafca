import {
  ArrowRight,
  BadgeCheck,
  Coins,
  Crown,
  Heart,
  LayoutGrid,
  LogIn,
  MessageCircle,
  Share2,
  ShieldCheck,
  Sparkles,
  UserPlus,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { Brand } from '@/components/brand';
import { Divider } from '@/components/divider';
import { GoogleButton } from '@/components/google-button';
import { LanguageSwitcher } from '@/components/language-switcher';
import { SiteFooter } from '@/components/layout/site-footer';
import { Button, type ButtonProps } from '@/components/ui/button';
import { DemoSessionBanner } from '../components/demo-session-banner';
import { useAuthErrorToast } from '../hooks/use-auth-error-toast';
import { useDemoSession } from '../hooks/use-demo-session';

const FORCE_AUTH_KEY = 'forceAuth';
const FORCE_AUTH_RELOAD_MS = 100;

const FEATURES: readonly { key: string; icon: LucideIcon; tone: string }[] = [
  { key: 'messaging', icon: MessageCircle, tone: 'from-violet-500 to-fuchsia-500' },
  { key: 'share', icon: Share2, tone: 'from-sky-500 to-indigo-500' },
  { key: 'premium', icon: Crown, tone: 'from-amber-400 to-orange-500' },
  { key: 'verified', icon: ShieldCheck, tone: 'from-emerald-500 to-teal-500' },
  { key: 'credits', icon: Coins, tone: 'from-yellow-400 to-amber-500' },
  { key: 'categories', icon: LayoutGrid, tone: 'from-rose-500 to-pink-500' },
];

const STEPS = ['register', 'photo', 'approved'] as const;

/** A link to the login or registration screen; while a demo session blocks signing in, a disabled button. */
function AuthLink({ to, disabled, children, ...props }: ButtonProps & { to: string; children: ReactNode }) {
  if (disabled)
    return (
      <Button disabled {...props}>
        {children}
      </Button>
    );
  return (
    <Button asChild {...props}>
      <Link to={to}>{children}</Link>
    </Button>
  );
}

export function LandingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useAuthErrorToast();
  const demo = useDemoSession();

  // 'Entra Subito' reloads to re-read the session; a visitor who still has none continues to the login form.
  useEffect(() => {
    if (!sessionStorage.getItem(FORCE_AUTH_KEY)) return;
    sessionStorage.removeItem(FORCE_AUTH_KEY);
    navigate('/login');
  }, [navigate]);

  const trust = [
    { icon: BadgeCheck, tone: 'text-emerald-300', text: t('landing.hero.trustVerified') },
    { icon: ShieldCheck, tone: 'text-sky-300', text: t('landing.hero.trustPrivacy') },
    { icon: Heart, tone: 'text-rose-300', text: t('landing.hero.trustAdults') },
  ];

  const enterNow = () => {
    sessionStorage.setItem(FORCE_AUTH_KEY, 'true');
    setTimeout(() => window.location.reload(), FORCE_AUTH_RELOAD_MS);
  };

  return (
    <div className="flex min-h-dvh flex-col">
      <section className="relative isolate overflow-hidden bg-hero text-white">
        <div
          aria-hidden
          className="absolute -top-40 -left-32 -z-10 size-[36rem] rounded-full bg-primary opacity-50 blur-3xl"
        />
        <div
          aria-hidden
          className="absolute top-1/3 -right-40 -z-10 size-[30rem] rounded-full bg-brand-warm opacity-30 blur-3xl"
        />
        <div
          aria-hidden
          className="absolute inset-0 -z-10 bg-[radial-gradient(rgba(255,255,255,0.08)_1px,transparent_1px)] [background-size:22px_22px]"
        />
        <header className="mx-auto flex max-w-6xl items-center justify-between px-4 py-5 sm:px-6">
          <Brand inverted />
          <div className="flex items-center gap-2">
            <AuthLink
              to="/login"
              disabled={demo.active}
              variant="glass"
              size="sm"
              className="hidden rounded-full sm:inline-flex"
            >
              {t('landing.hero.login')}
            </AuthLink>
            <LanguageSwitcher tone="inverted" />
          </div>
        </header>

        {demo.active && <DemoSessionBanner busy={demo.busy} onCleanup={() => void demo.cleanup()} />}

        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-10 pb-20 sm:px-6 lg:grid-cols-[1.15fr_1fr] lg:pt-16 lg:pb-28">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full border border-white/15 bg-white/10 px-3 py-1 text-xs font-semibold tracking-wide text-white/90 backdrop-blur">
              <Sparkles className="size-3.5 text-amber-300" aria-hidden />
              {t('landing.hero.badge')}
            </p>
            <h1 className="mt-6 text-4xl leading-[1.05] font-black tracking-tight text-balance sm:text-5xl lg:text-6xl">
              {t('landing.hero.title')}{' '}
              <span className="bg-gradient-to-r from-fuchsia-300 via-pink-300 to-amber-300 bg-clip-text text-transparent">
                {t('landing.hero.titleHighlight')}
              </span>
            </h1>
            <p className="mt-5 max-w-xl text-lg text-pretty text-white/75">{t('landing.hero.subtitle')}</p>

            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <AuthLink to="/register" disabled={demo.active} size="lg" variant="gradient" className="sm:min-w-44">
                <UserPlus aria-hidden />
                {t('landing.hero.register')}
              </AuthLink>
              <AuthLink to="/login" disabled={demo.active} size="lg" variant="glass" className="sm:min-w-36">
                <LogIn aria-hidden />
                {t('landing.hero.login')}
              </AuthLink>
            </div>

            <Divider inverted label={t('landing.hero.divider')} className="mt-8 max-w-xl" />
            <div className="mt-5 grid max-w-xl gap-3 sm:grid-cols-2">
              <GoogleButton href="/api/auth/google" disabled={demo.active} size="default" className="border-white/10">
                {t('landing.google.login')}
              </GoogleButton>
              <GoogleButton
                href="/api/auth/google/register"
                disabled={demo.active}
                size="default"
                className="border-white/10"
              >
                {t('landing.google.register')}
              </GoogleButton>
            </div>
            <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-white/70">
              {trust.map(({ icon: Icon, tone, text }) => (
                <li key={text} className="flex items-center gap-1.5">
                  <Icon className={`size-4 ${tone}`} aria-hidden />
                  {text}
                </li>
              ))}
            </ul>
          </div>
          <HeroVisual />
        </div>
      </section>

      <main id="main" className="flex-1">
        <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
          <div className="mx-auto max-w-2xl text-center">
            <h2 id="features-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
              {t('landing.features.title')}
            </h2>
            <p className="mt-3 text-lg text-muted-foreground">{t('landing.features.subtitle')}</p>
          </div>
          <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map(({ key, icon: Icon, tone }) => (
              <li
                key={key}
                className="group rounded-2xl border bg-card p-6 shadow-sm transition-all hover:-translate-y-0.5 hover:shadow-lg"
              >
                <span
                  className={`grid size-12 place-items-center rounded-xl bg-gradient-to-br ${tone} text-white shadow-md transition-transform group-hover:scale-105`}
                >
                  <Icon className="size-6" aria-hidden />
                </span>
                <h3 className="mt-5 text-lg font-semibold">{t(`landing.features.${key}.title`)}</h3>
                <p className="mt-2 text-sm leading-relaxed text-muted-foreground">
                  {t(`landing.features.${key}.description`)}
                </p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="steps-title" className="border-y bg-card/60">
          <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
            <h2 id="steps-title" className="text-center text-2xl font-bold tracking-tight sm:text-3xl">
              {t('landing.steps.title')}
            </h2>
            <ol className="mt-10 grid gap-6 md:grid-cols-3">
              {STEPS.map((step, index) => (
                <li key={step} className="flex gap-4">
                  <span className="grid size-10 shrink-0 place-items-center rounded-full bg-primary text-sm font-bold text-primary-foreground">
                    {index + 1}
                  </span>
                  <div>
                    <h3 className="font-semibold">{t(`landing.steps.${step}.title`)}</h3>
                    <p className="mt-1 text-sm text-muted-foreground">{t(`landing.steps.${step}.description`)}</p>
                  </div>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section aria-labelledby="cta-title" className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
          <div className="relative isolate overflow-hidden rounded-3xl bg-gradient-to-br from-primary via-fuchsia-600 to-brand-warm px-6 py-14 text-center text-white shadow-2xl shadow-primary/25 sm:px-12">
            <div aria-hidden className="absolute -top-24 -right-24 -z-10 size-72 rounded-full bg-white/15 blur-2xl" />
            <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
              {t('landing.cta.title')}
            </h2>
            <p className="mx-auto mt-3 max-w-xl text-lg text-white/85">{t('landing.cta.subtitle')}</p>
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
              <AuthLink
                to="/register"
                disabled={demo.active}
                size="lg"
                className="bg-white text-primary shadow-lg hover:bg-white/90"
              >
                {t('landing.cta.register')}
                <ArrowRight aria-hidden />
              </AuthLink>
              <Button size="lg" variant="glass" onClick={enterNow} disabled={demo.active}>
                {t('landing.cta.enter')}
              </Button>
            </div>
          </div>
        </section>
      </main>

      <SiteFooter />
    </div>
  );
}

/** A decorative sketch of the app (a verified member's post and a chat bubble); it carries no information. */
function HeroVisual() {
  return (
    <div aria-hidden className="relative mx-auto hidden w-full max-w-sm lg:block">
      <div className="absolute -inset-6 rounded-[2rem] bg-gradient-to-br from-primary/40 to-brand-warm/30 blur-2xl" />
      <div className="relative rotate-2 rounded-3xl border border-white/15 bg-white/10 p-5 shadow-2xl backdrop-blur-xl">
        <div className="flex items-center gap-3">
          <div className="size-11 rounded-full bg-gradient-to-br from-fuchsia-400 to-amber-300" />
          <div className="flex-1 space-y-2">
            <div className="flex items-center gap-1.5">
              <div className="h-2.5 w-24 rounded-full bg-white/70" />
              <BadgeCheck className="size-4 text-emerald-300" />
            </div>
            <div className="h-2 w-16 rounded-full bg-white/30" />
          </div>
        </div>
        <div className="mt-4 aspect-[4/3] rounded-2xl bg-gradient-to-br from-violet-400/60 via-fuchsia-400/50 to-amber-300/50" />
        <div className="mt-4 space-y-2">
          <div className="h-2 w-full rounded-full bg-white/40" />
          <div className="h-2 w-4/5 rounded-full bg-white/30" />
        </div>
        <div className="mt-4 flex items-center gap-4 text-white/80">
          <Heart className="size-5 fill-rose-400 text-rose-400" />
          <MessageCircle className="size-5" />
          <Crown className="ml-auto size-5 text-amber-300" />
        </div>
      </div>
      <div className="absolute -bottom-8 -left-10 -rotate-3 rounded-2xl border border-white/15 bg-white/15 p-4 shadow-xl backdrop-blur-xl">
        <div className="flex items-center gap-2">
          <MessageCircle className="size-4 text-fuchsia-200" />
          <div className="h-2 w-28 rounded-full bg-white/60" />
        </div>
        <div className="mt-2 h-2 w-20 rounded-full bg-white/35" />
      </div>
      <div className="absolute -top-6 -right-4 flex items-center gap-2 rounded-full border border-white/15 bg-white/15 px-3 py-2 shadow-xl backdrop-blur-xl">
        <Coins className="size-4 text-amber-300" />
        <div className="h-2 w-10 rounded-full bg-white/60" />
      </div>
    </div>
  );
}
