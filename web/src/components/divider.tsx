import { cn } from '@/lib/utils';

/** A labelled rule between alternatives; `inverted` on the dark hero. */
export function Divider({ label, inverted, className }: { label: string; inverted?: boolean; className?: string }) {
  const rule = <span aria-hidden className={cn('h-px flex-1', inverted ? 'bg-white/15' : 'bg-border')} />;
  return (
    <div
      className={cn(
        'flex items-center gap-3 text-xs font-medium tracking-wide uppercase',
        inverted ? 'text-white/60' : 'text-muted-foreground',
        className,
      )}
    >
      {rule}
      {label}
      {rule}
    </div>
  );
}
