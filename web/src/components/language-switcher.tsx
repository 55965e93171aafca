import { ChevronDown, Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, switchLanguage, type LanguageCode } from '@/i18n/languages';
import { cn } from '@/lib/utils';

/**
 * Compact language picker: the code in the trigger, flags and full names in the list. A native select under the
 * trigger's face: the phone's own picker, keyboard and screen readers for free, and none of a popover's script on
 * the first page (the landing page shows it).
 */
export function LanguageSwitcher({
  className,
  tone = 'default',
}: {
  className?: string;
  tone?: 'default' | 'inverted';
}) {
  const { t, i18n } = useTranslation();
  const current = LANGUAGES.find((language) => language.code === i18n.language) ?? LANGUAGES[0];
  return (
    <span
      className={cn(
        'relative inline-flex h-9 w-auto shrink-0 items-center gap-1.5 rounded-full border border-input bg-card px-2.5 text-sm font-medium whitespace-nowrap shadow-xs transition-[color,box-shadow] focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/30 sm:px-3',
        tone === 'inverted' && 'border-white/25 bg-white/10 text-white backdrop-blur hover:bg-white/15',
        className,
      )}
    >
      <Languages className="hidden size-4 opacity-70 sm:block" aria-hidden />
      <span aria-hidden className="uppercase">
        {current.code}
      </span>
      <ChevronDown className="size-4 opacity-60" aria-hidden />
      <select
        aria-label={t('language.label')}
        value={current.code}
        onChange={(event) => switchLanguage(event.target.value as LanguageCode)}
        className="absolute inset-0 size-full cursor-pointer appearance-none rounded-full opacity-0"
      >
        {LANGUAGES.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.flag} {language.name}
          </option>
        ))}
      </select>
    </span>
  );
}
