import { BadgeCheck, Camera, CheckCircle2, Clock, Mail, PartyPopper, ShieldCheck, UserPlus } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/** The five steps a new member goes through, in order. */
export const DEMO_STEPS = ['registration', 'email', 'photo', 'waiting', 'approved'] as const;
export type DemoStep = (typeof DEMO_STEPS)[number];

export const STEP_ICONS: Record<DemoStep, LucideIcon> = {
  registration: UserPlus,
  email: Mail,
  photo: Camera,
  waiting: Clock,
  approved: BadgeCheck,
};

/** The sample member the walkthrough follows. */
const SAMPLE = { username: 'giulia_92', email: 'giulia@example.com' };

/** A read-only field of the illustrated form. */
function MockField({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-1">
      <span className="text-xs font-medium text-muted-foreground">{label}</span>
      <span className="rounded-lg border bg-muted/40 px-3 py-2 text-sm">{value}</span>
    </div>
  );
}

function Points({ items }: { items: string[] }) {
  return (
    <ul className="space-y-2 text-sm">
      {items.map((item) => (
        <li key={item} className="flex items-start gap-2">
          <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

function Mock({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      aria-hidden
      className={cn('rounded-2xl border border-dashed bg-background/60 p-4 shadow-inner sm:p-5', className)}
    >
      {children}
    </div>
  );
}

/** What the new member sees at `step`, drawn as an illustration (nothing in it does anything). */
export function DemoStepContent({ step }: { step: DemoStep }) {
  const { t } = useTranslation();
  const k = (key: string) => t(`demoRegistration.steps.${step}.${key}`);
  switch (step) {
    case 'registration':
      return (
        <div className="grid gap-5 md:grid-cols-2">
          <Points items={[k('point1'), k('point2'), k('point3')]} />
          <Mock className="grid gap-3">
            <MockField label={t('auth.fields.username')} value={SAMPLE.username} />
            <MockField label={t('auth.fields.email')} value={SAMPLE.email} />
            <MockField label={t('auth.fields.password')} value="••••••••" />
            <div className="grid grid-cols-2 gap-3">
              <MockField label={t('auth.fields.gender')} value={t('gender.female')} />
              <MockField label={t('auth.fields.orientation')} value={t('orientation.etero')} />
            </div>
          </Mock>
        </div>
      );
    case 'email':
      return (
        <div className="grid gap-5 md:grid-cols-2">
          <Points items={[k('point1'), k('point2'), k('point3')]} />
          <Mock className="space-y-3">
            <div className="flex items-center gap-2 text-sm font-semibold">
              <Mail className="size-4 text-primary" />
              {k('mailSubject')}
            </div>
            <p className="text-xs text-muted-foreground">{SAMPLE.email}</p>
            <p className="text-sm">{t('demoRegistration.steps.email.mailBody', { username: SAMPLE.username })}</p>
            <span className="inline-flex h-9 items-center rounded-lg bg-primary px-4 text-sm font-semibold text-primary-foreground">
              {k('mailButton')}
            </span>
          </Mock>
        </div>
      );
    case 'photo':
      return (
        <div className="grid gap-5 md:grid-cols-2">
          <Points items={[k('point1'), k('point2'), k('point3')]} />
          <Mock className="flex flex-col items-center gap-3 text-center">
            <div className="grid aspect-[3/4] w-32 place-items-center rounded-xl bg-gradient-to-br from-primary/20 to-brand-warm/30">
              <div className="rotate-[-4deg] rounded-md bg-white px-3 py-2 font-mono text-sm font-bold text-black shadow">
                tip
                <br />
                {SAMPLE.username}
              </div>
            </div>
            <span className="text-xs text-muted-foreground">{k('caption')}</span>
          </Mock>
        </div>
      );
    case 'waiting':
      return (
        <div className="grid gap-5 md:grid-cols-2">
          <Points items={[k('point1'), k('point2'), k('point3')]} />
          <Mock className="space-y-3">
            <Badge variant="warning">
              <Clock />
              {t('verification.status.pending')}
            </Badge>
            <p className="text-sm font-semibold">{t('profile.pending.title')}</p>
            <p className="text-sm text-muted-foreground">{k('adminSide')}</p>
            <div className="flex items-center gap-2 text-xs text-muted-foreground">
              <ShieldCheck className="size-4" />
              {k('adminHint')}
            </div>
          </Mock>
        </div>
      );
    case 'approved':
      return (
        <div className="grid gap-5 md:grid-cols-2">
          <Points items={[k('point1'), k('point2'), k('point3')]} />
          <Mock className="flex flex-col items-center gap-3 text-center">
            <span className="grid size-14 place-items-center rounded-2xl bg-success/12 text-success">
              <PartyPopper className="size-7" />
            </span>
            <Badge variant="success">
              <BadgeCheck />
              {t('verification.status.approved')}
            </Badge>
            <p className="text-sm font-semibold">{t('home.welcome', { name: SAMPLE.username })}</p>
          </Mock>
        </div>
      );
  }
}
