import { ImagePlus, X } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/components/forms/use-error-text';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { MEDIA_ACCEPT, mediaProblem, mediaType } from '../../lib/composer-rules';

/** Picks the post's photo or video, refusing the wrong type or size at once, and previews it. */
export function MediaPicker({
  id,
  file,
  onChange,
  disabled,
}: {
  id: string;
  file: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const input = useRef<HTMLInputElement>(null);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  // A reset (after sending) empties the input too, so the same file can be chosen again.
  useEffect(() => {
    if (!file && input.current) input.current.value = '';
  }, [file]);

  const choose = (chosen: File | null) => {
    const problem = chosen && mediaProblem(chosen);
    if (problem) {
      toast({
        variant: 'destructive',
        title: t('common.error'),
        description: errorText(problem),
      });
      if (input.current) input.current.value = '';
      return;
    }
    onChange(chosen);
  };

  return (
    <div className="space-y-3">
      <input
        ref={input}
        id={id}
        type="file"
        accept={MEDIA_ACCEPT}
        className="sr-only"
        aria-label={t('feed.composer.media')}
        disabled={disabled}
        onChange={(event) => choose(event.target.files?.[0] ?? null)}
      />
      {file && preview ? (
        <div className="relative w-fit max-w-full overflow-hidden rounded-xl border bg-muted">
          {mediaType(file)?.startsWith('video/') ? (
            <video
              src={preview}
              controls
              preload="metadata"
              aria-label={t('feed.composer.preview')}
              className="max-h-64 max-w-full"
            />
          ) : (
            <img src={preview} alt={t('feed.composer.preview')} className="max-h-64 max-w-full object-contain" />
          )}
          <Button
            type="button"
            variant="secondary"
            size="icon"
            className="absolute top-2 right-2 size-8 rounded-full shadow"
            aria-label={t('feed.composer.removeMedia')}
            disabled={disabled}
            onClick={() => onChange(null)}
          >
            <X aria-hidden />
          </Button>
          <p className="truncate px-3 py-1.5 text-xs text-muted-foreground" data-testid="composer-media-name">
            {file.name}
          </p>
        </div>
      ) : (
        <Button type="button" variant="outline" size="sm" disabled={disabled} onClick={() => input.current?.click()}>
          <ImagePlus aria-hidden />
          {t('feed.composer.addMedia')}
        </Button>
      )}
    </div>
  );
}
