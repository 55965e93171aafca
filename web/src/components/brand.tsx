import { Link } from 'react-router-dom';
import { COMPANY } from '@/config/company';
import { cn } from '@/lib/utils';

export function BrandMark({ className }: { className?: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        'grid size-9 place-items-center rounded-xl bg-gradient-to-br from-primary to-brand-warm text-lg font-black text-white shadow-md shadow-primary/30',
        className,
      )}
    >
      t
    </span>
  );
}

export function Brand({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  return (
    <Link
      to="/"
      className={cn(
        'inline-flex items-center gap-2.5 rounded-lg text-xl font-extrabold tracking-tight outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
        inverted ? 'text-white' : 'text-foreground',
        className,
      )}
    >
      <BrandMark />
      <span>{COMPANY.brand}</span>
    </Link>
  );
}
