import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { controlAria, Field } from '@/components/forms/field';
import { useErrorText } from '@/components/forms/use-error-text';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

/** A Radix select bound to a react-hook-form field; the trigger is the labelled control. */
export function SelectField<T extends FieldValues>({
  control,
  name,
  id,
  label,
  placeholder,
  options,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  id: string;
  label: string;
  placeholder: string;
  options: readonly { value: string; label: string }[];
}) {
  const errorText = useErrorText();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = errorText(fieldState.error?.message);
        return (
          <Field id={id} label={label} error={error}>
            <Select value={typeof field.value === 'string' ? field.value : ''} onValueChange={field.onChange}>
              <SelectTrigger id={id} ref={field.ref} onBlur={field.onBlur} {...controlAria(id, { error })}>
                <SelectValue placeholder={placeholder} />
              </SelectTrigger>
              <SelectContent>
                {options.map((option) => (
                  <SelectItem key={option.value} value={option.value}>
                    {option.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </Field>
        );
      }}
    />
  );
}
