import type { ComponentProps } from 'react';
import { get, type FieldError, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/forms/select-field';
import { TextField } from '@/components/forms/text-field';
import { useErrorText } from '@/components/forms/use-error-text';
import { emptyAsUndefined, genderOptions, optionalNumber, orientationOptions } from '@/lib/profile-options';
import { AGE_MAX, AGE_MIN } from '@/lib/rules';

type TextName = 'username' | 'telegramUsername' | 'age' | 'region' | 'city';
type OptionalName = Exclude<TextName, 'username'>;
type ChoiceName = 'gender' | 'orientation';
export type ProfileFieldName = TextName | ChoiceName;

/**
 * The member's profile fields, shared by the registration, Google setup and personal-info forms. Gives a function
 * that renders the named fields, in that order, with ids `${idPrefix}-<field>`.
 *
 * A hook rather than a component: the text fields register with the form while the caller's JSX is built, in the
 * order they stand there among the caller's own fields, and react-hook-form focuses the first invalid field in the
 * order the fields registered.
 */
export function useProfileFields<T extends FieldValues>(
  form: UseFormReturn<T>,
  {
    idPrefix,
    optional = [],
    wide = [],
  }: {
    idPrefix: string;
    /** Fields the form may go without: labelled as optional, and an empty one is sent as absent. */
    optional?: readonly OptionalName[];
    /** Fields that take a whole row of the form's two-column grid. */
    wide?: readonly TextName[];
  },
) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const optionalNames: readonly ProfileFieldName[] = optional;
  const isOptional = (name: ProfileFieldName) => optionalNames.includes(name);

  const text = (
    name: TextName & FieldPath<T>,
    idSuffix: string,
    label: string,
    input: Omit<ComponentProps<typeof TextField>, 'id' | 'label'>,
  ) => {
    const setValueAs = name === 'age' ? optionalNumber : isOptional(name) ? emptyAsUndefined : undefined;
    const error: FieldError | undefined = get(form.formState.errors, name);
    return (
      <TextField
        key={name}
        id={`${idPrefix}-${idSuffix}`}
        className={wide.includes(name) ? 'sm:col-span-2' : undefined}
        label={label}
        error={errorText(error?.message)}
        {...input}
        {...form.register(name, { setValueAs })}
      />
    );
  };

  const choice = (
    name: ChoiceName & FieldPath<T>,
    label: string,
    placeholder: string,
    options: ComponentProps<typeof SelectField>['options'],
  ) => (
    <SelectField
      key={name}
      control={form.control}
      name={name}
      id={`${idPrefix}-${name}`}
      label={label}
      placeholder={placeholder}
      options={options}
    />
  );

  const field = (name: ProfileFieldName & FieldPath<T>) => {
    switch (name) {
      case 'username':
        return text(name, 'username', t('auth.fields.username'), { autoComplete: 'username' });
      case 'telegramUsername':
        return text(
          name,
          'telegram',
          isOptional(name) ? t('auth.fields.telegramOptional') : t('auth.fields.telegram'),
          { hint: t('auth.fields.telegramHint'), autoComplete: 'off' },
        );
      case 'age':
        return text(name, 'age', isOptional(name) ? t('auth.fields.ageOptional') : t('auth.fields.age'), {
          type: 'number',
          inputMode: 'numeric',
          min: AGE_MIN,
          max: AGE_MAX,
        });
      case 'region':
        return text(name, 'region', isOptional(name) ? t('auth.fields.regionOptional') : t('auth.fields.region'), {
          autoComplete: 'address-level1',
        });
      case 'city':
        return text(name, 'city', isOptional(name) ? t('auth.fields.cityOptional') : t('auth.fields.city'), {
          autoComplete: 'address-level2',
        });
      case 'gender':
        return choice(name, t('auth.fields.gender'), t('auth.fields.genderPlaceholder'), genderOptions(t));
      case 'orientation':
        return choice(
          name,
          t('auth.fields.orientation'),
          t('auth.fields.orientationPlaceholder'),
          orientationOptions(t),
        );
    }
  };

  return (...names: (ProfileFieldName & FieldPath<T>)[]) => names.map(field);
}
