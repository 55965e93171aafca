import { useEffect, useRef, useState, type ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** docs/product.md#constants: 700 ms before the first tooltip, none when moving to another within 300 ms. */
const DELAY_MS = 700;
const SKIP_DELAY_MS = 300;
let lastHiddenAt = 0;

const ALIGN = {
  start: 'left-0',
  center: 'left-1/2 -translate-x-1/2',
  end: 'right-0',
} as const;

/**
 * An icon button's tooltip: its label under it on hover (after the delay) and on keyboard focus, hidden by Escape, a
 * press, or the pointer or focus leaving (the label itself can be hovered: WCAG 1.4.13). For the eyes only: the
 * button's accessible name says the same. No popover library: the top bar needs none (and the first load none of
 * its script).
 */
export function Hint({
  label,
  align = 'center',
  children,
}: {
  label: string;
  align?: keyof typeof ALIGN;
  children: ReactNode;
}) {
  const [shown, setShown] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = (delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setShown(true), Date.now() - lastHiddenAt < SKIP_DELAY_MS ? 0 : delay);
  };
  const hide = () => {
    clearTimeout(timer.current);
    if (shown) lastHiddenAt = Date.now();
    setShown(false);
  };
  return (
    <span
      className="relative inline-flex"
      onPointerEnter={(event) => {
        if (event.pointerType !== 'touch') show(DELAY_MS);
      }}
      onPointerLeave={hide}
      onPointerDown={hide}
      onFocus={(event) => {
        if (event.target.matches(':focus-visible')) show(0);
      }}
      onBlur={hide}
      onKeyDown={(event) => {
        if (event.key === 'Escape') hide();
      }}
    >
      {children}
      {shown && (
        <span aria-hidden className={cn('absolute top-full z-50 pt-1.5', ALIGN[align])}>
          <span className="block animate-fade-in rounded-md bg-foreground px-2.5 py-1.5 text-xs font-medium whitespace-nowrap text-background shadow-md">
            {label}
          </span>
        </span>
      )}
    </span>
  );
}
