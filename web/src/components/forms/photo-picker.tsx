import { ImagePlus, RefreshCw } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { controlAria, Field } from '@/components/forms/field';
import { IMAGE_ACCEPT } from '@/lib/rules';
import { cn } from '@/lib/utils';

/**
 * An image file input shown as a drop zone with a preview and the file's name. The real input stays in the
 * accessibility tree (labelled, focusable); the zone just forwards clicks to it.
 */
export function PhotoPicker({
  id,
  label,
  hint,
  error,
  file,
  onChange,
  shape = 'wide',
  currentUrl,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  file: File | null;
  onChange: (file: File | null) => void;
  shape?: 'wide' | 'round';
  /** What is there now (the current profile image), shown until a new file is chosen. */
  currentUrl?: string | null;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  return (
    <Field id={id} label={label} hint={hint} error={error} className="min-w-0 grid-cols-1">
      <input
        ref={input}
        id={id}
        type="file"
        accept={IMAGE_ACCEPT}
        className="peer sr-only"
        {...controlAria(id, { hint, error })}
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
      />
      <div
        onClick={() => input.current?.click()}
        className={cn(
          'group flex cursor-pointer items-center gap-4 rounded-2xl border-2 border-dashed border-input bg-muted/40 p-4 transition-colors peer-focus-visible:border-ring peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/30 hover:border-primary/60 hover:bg-secondary/60',
          error && 'border-destructive/60',
          shape === 'wide' && 'sm:p-5',
        )}
      >
        <div
          className={cn(
            'grid shrink-0 place-items-center overflow-hidden bg-card shadow-inner ring-1 ring-border',
            shape === 'round' ? 'size-20 rounded-full' : 'size-24 rounded-xl',
          )}
        >
          {preview ? (
            <img src={preview} alt={t('photo.preview')} className="size-full object-cover" />
          ) : currentUrl ? (
            <img src={currentUrl} alt={t('photo.current')} className="size-full object-cover" />
          ) : (
            <ImagePlus className="size-8 text-muted-foreground" aria-hidden />
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-1">
          <p className="flex items-center gap-1.5 text-sm font-semibold text-primary">
            {file ? <RefreshCw className="size-4" aria-hidden /> : <ImagePlus className="size-4" aria-hidden />}
            {file ? t('photo.change') : t('photo.choose')}
          </p>
          <p className="truncate text-sm text-muted-foreground" data-testid={`${id}-file-name`}>
            {file ? file.name : t('photo.noFile')}
          </p>
        </div>
      </div>
    </Field>
  );
}
