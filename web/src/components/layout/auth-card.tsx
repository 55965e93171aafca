import { CheckCircle2 } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { BackHomeButton } from '@/components/back-home-button';
import { AuthShell } from '@/components/layout/auth-shell';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

const MOVE_ON_AFTER_MS = 2_000;

/** The card of a visitor form (login, registration, Google setup), in the AuthShell. */
export function AuthFormCard({
  icon,
  title,
  subtitle,
  children,
}: {
  icon?: ReactNode;
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <AuthShell>
      <Card className="border-0 shadow-none sm:border sm:shadow-sm">
        <CardHeader>
          {icon && (
            <span className="mb-1 grid size-12 place-items-center rounded-xl bg-secondary text-primary">{icon}</span>
          )}
          <CardTitle as="h1" className="text-2xl">
            {title}
          </CardTitle>
          <CardDescription>{subtitle}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">{children}</CardContent>
      </Card>
    </AuthShell>
  );
}

/** The end of the login and registration cards: a link to the other one, and the way back home. */
export function AuthCardFooter({ question, to, link }: { question: string; to: string; link: string }) {
  return (
    <>
      <p className="text-center text-sm text-muted-foreground">
        {question}{' '}
        <Link to={to} className="font-semibold text-primary hover:underline">
          {link}
        </Link>
      </p>
      <BackHomeButton variant="ghost" className="w-full" />
    </>
  );
}

/** What a visitor sees once a form has done its work: shown from the top, and after a moment it moves on to `next`. */
export function AuthDoneCard({
  title,
  description,
  next,
  nextState,
  replace,
  reload,
  contentClassName,
  children,
}: {
  title: string;
  description: string;
  next: string;
  /** The router state `next` is opened with (what it should say about the step just done). */
  nextState?: unknown;
  replace?: boolean;
  /** Moves on with a full load: someone signed in meanwhile, and the app must start again as them. */
  reload?: boolean;
  contentClassName?: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  useEffect(() => {
    window.scrollTo({ top: 0 });
    const moveOn = () => (reload ? window.location.assign(next) : navigate(next, { replace, state: nextState }));
    const timer = setTimeout(moveOn, MOVE_ON_AFTER_MS);
    return () => clearTimeout(timer);
  }, [navigate, next, nextState, replace, reload]);

  return (
    <AuthShell>
      <Card className="items-center text-center">
        <CardHeader className="items-center">
          <span className="mb-2 grid size-16 place-items-center rounded-full bg-success/15 text-success">
            <CheckCircle2 className="size-9" aria-hidden />
          </span>
          <CardTitle as="h1" className="text-2xl">
            {title}
          </CardTitle>
          <CardDescription className="max-w-md text-base">{description}</CardDescription>
        </CardHeader>
        <CardContent className={contentClassName}>{children}</CardContent>
      </Card>
    </AuthShell>
  );
}
