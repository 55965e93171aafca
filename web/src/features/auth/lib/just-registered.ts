/**
 * The router state a registration opens the login page with, so that the page says the photo is waiting for an
 * admin: the success screen that said it first moves on after 2 s.
 */
export const JUST_REGISTERED = { registered: true } as const;

export const isJustRegistered = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && 'registered' in state && state.registered === true;
