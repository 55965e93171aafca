import { RadioGroup as RadioGroupPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** A group of radios (role="radiogroup"); label each item with a <Label htmlFor>. */
export function RadioGroup({ className, ...props }: ComponentProps<typeof RadioGroupPrimitive.Root>) {
  return <RadioGroupPrimitive.Root data-slot="radio-group" className={cn('grid gap-2', className)} {...props} />;
}

/**
 * One choice among buttons of a screen's own look (category pills, credit packages): a single Tab stop for the group,
 * the arrow keys move the choice (Radix's roving focus), as they do between native radios. Items are plain buttons
 * (role radio, aria-checked, data-state): style them by the value or by data-[state=checked].
 */
export const ChoiceGroup = RadioGroupPrimitive.Root;
export const ChoiceGroupItem = RadioGroupPrimitive.Item;

export function RadioGroupItem({ className, ...props }: ComponentProps<typeof RadioGroupPrimitive.Item>) {
  return (
    <RadioGroupPrimitive.Item
      data-slot="radio-group-item"
      className={cn(
        'peer grid aspect-square size-4 shrink-0 place-items-center rounded-full border border-input bg-card shadow-xs transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive data-[state=checked]:border-primary',
        className,
      )}
      {...props}
    >
      <RadioGroupPrimitive.Indicator className="size-2 rounded-full bg-primary" />
    </RadioGroupPrimitive.Item>
  );
}
