import { clearClientStorage, clearUserIdCookie } from '@/lib/client-session';

/** Something this device ends before the session does, while the session can still name it to the server. */
type SignOutStep = () => Promise<void>;

const steps: SignOutStep[] = [];

/**
 * Adds a step to every sign-out (the app adds the end of this device's Web Push subscription, app/member-area.ts):
 * a feature's own business, which the screens that sign out (the frame, account deletion) need not know about.
 */
export function beforeSignOut(step: SignOutStep) {
  steps.push(step);
}

/**
 * Full navigation: the server ends the session and redirects home. The language choice survives. The steps run
 * first; signing out goes on whatever they answer.
 */
export function logout() {
  const ran = steps.map((step) =>
    step().catch((error: unknown) => console.warn('A step before signing out failed', error)),
  );
  void Promise.all(ran).then(() => {
    clearClientStorage();
    clearUserIdCookie();
    window.location.assign('/api/logout');
  });
}
