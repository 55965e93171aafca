import { useTranslation } from 'react-i18next';
import { ChoiceGroup, ChoiceGroupItem } from '@/components/ui/radio-group';
import { cn } from '@/lib/utils';
import type { FeedCategory } from '../lib/feed-category';

const EMOJI: Record<FeedCategory, string> = { all: '✨', melanzana: '🍆', patate: '🥔', trending: '🔥' };

/** A row of categories to pick one from (a radio group). */
export function CategoryPills<C extends FeedCategory>({
  label,
  options,
  value,
  onChange,
  disabled,
  size = 'default',
}: {
  label: string;
  options: readonly C[];
  value: C;
  onChange: (category: C) => void;
  disabled?: boolean;
  size?: 'default' | 'sm';
}) {
  const { t } = useTranslation();
  return (
    <ChoiceGroup
      aria-label={label}
      value={value}
      onValueChange={(picked) => onChange(options.find((option) => option === picked) ?? value)}
      disabled={disabled}
      className="flex flex-wrap gap-2"
    >
      {options.map((option) => (
        <ChoiceGroupItem
          key={option}
          value={option}
          className={cn(
            'inline-flex items-center gap-1.5 rounded-full border font-semibold transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50',
            size === 'sm' ? 'h-8 px-3 text-xs' : 'h-9 px-4 text-sm',
            value === option
              ? 'border-primary bg-primary text-primary-foreground shadow-sm shadow-primary/25'
              : 'border-input bg-card hover:bg-secondary hover:text-secondary-foreground',
          )}
        >
          <span aria-hidden>{EMOJI[option]}</span>
          {t(`feed.categories.${option}`)}
        </ChoiceGroupItem>
      ))}
    </ChoiceGroup>
  );
}
