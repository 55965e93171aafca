import type { TFunction } from 'i18next';
import { GENDERS, ORIENTATIONS } from '@/lib/rules';

export const genderOptions = (t: TFunction) => GENDERS.map((value) => ({ value, label: t(`gender.${value}`) }));
export const orientationOptions = (t: TFunction) =>
  ORIENTATIONS.map((value) => ({ value, label: t(`orientation.${value}`) }));

/** Empty optional inputs count as absent, for both client-side validation and the request. */
export const emptyAsUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
export const optionalNumber = (value: unknown) => {
  const present = emptyAsUndefined(value);
  return present === undefined ? undefined : Number(present);
};
