import { Languages } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Select, SelectContent, SelectItem, SelectTrigger } from '@/components/ui/select';
import { LANGUAGES, switchLanguage, type LanguageCode } from '@/i18n/languages';
import { cn } from '@/lib/utils';

/** Compact language picker: the code in the trigger, flags and full names in the list. */
export function LanguageSwitcher({
  className,
  tone = 'default',
}: {
  className?: string;
  tone?: 'default' | 'inverted';
}) {
  const { t, i18n } = useTranslation();
  const labelId = useId();
  const current = LANGUAGES.find((language) => language.code === i18n.language) ?? LANGUAGES[0];
  return (
    <>
      <span id={labelId} className="sr-only">
        {t('language.label')}
      </span>
      <Select value={current.code} onValueChange={(code) => switchLanguage(code as LanguageCode)}>
        <SelectTrigger
          aria-labelledby={labelId}
          className={cn(
            'h-9 w-auto gap-1.5 rounded-full px-2.5 text-sm font-medium sm:px-3',
            tone === 'inverted' && 'border-white/25 bg-white/10 text-white backdrop-blur hover:bg-white/15',
            className,
          )}
        >
          <Languages className="hidden size-4 opacity-70 sm:block" aria-hidden />
          <span className="uppercase">{current.code}</span>
        </SelectTrigger>
        <SelectContent align="end" className="w-44">
          {LANGUAGES.map((language) => (
            <SelectItem key={language.code} value={language.code} lang={language.code}>
              <span aria-hidden className="mr-1">
                {language.flag}
              </span>
              {language.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </>
  );
}
