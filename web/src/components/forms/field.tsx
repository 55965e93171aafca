import type { ReactNode } from 'react';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

const hintId = (id: string) => `${id}-hint`;
const errorId = (id: string) => `${id}-error`;

/** The aria attributes that tie a control to the hint and error that Field renders for it. */
export function controlAria(id: string, { hint, error }: { hint?: unknown; error?: unknown }) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [hint ? hintId(id) : null, error ? errorId(id) : null].filter(Boolean).join(' ') || undefined,
  };
}

/** A labelled form control with an optional hint and an error message announced to screen readers. */
export function Field({
  id,
  label,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('grid content-start gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error && (
        <p id={hintId(id)} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId(id)} role="alert" className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
