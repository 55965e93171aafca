import type { ComponentProps, ReactNode } from 'react';
import { controlAria, Field } from '@/components/forms/field';
import { Input } from '@/components/ui/input';

/** A labelled text input whose error and hint are linked to it for assistive technology. */
export function TextField({
  id,
  label,
  hint,
  error,
  className,
  ...inputProps
}: ComponentProps<typeof Input> & { id: string; label: ReactNode; hint?: ReactNode; error?: string }) {
  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      <Input id={id} {...controlAria(id, { hint, error })} {...inputProps} />
    </Field>
  );
}
