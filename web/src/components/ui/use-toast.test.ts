import { describe, expect, it } from '@jest/globals';
import { currentToasts, dismissToast, toast } from './use-toast';

const titles = () =>
  currentToasts()
    .filter((item) => item.open)
    .map((item) => `${item.title}: ${item.description ?? ''}`);

describe('toast', () => {
  it('shows a message once while it is showing, and again once it was dismissed', () => {
    const first = toast({ variant: 'destructive', title: 'Utente non disponibile', description: 'Utente non trovato' });
    expect(toast({ variant: 'destructive', title: 'Utente non disponibile', description: 'Utente non trovato' })).toBe(
      first,
    );
    toast({ variant: 'destructive', title: 'Utente non disponibile', description: 'Errore' });
    toast({ title: 'Utente non disponibile', description: 'Utente non trovato' });
    expect(titles()).toEqual([
      'Utente non disponibile: Utente non trovato',
      'Utente non disponibile: Errore',
      'Utente non disponibile: Utente non trovato',
    ]);
    dismissToast(first);
    expect(
      toast({ variant: 'destructive', title: 'Utente non disponibile', description: 'Utente non trovato' }),
    ).not.toBe(first);
  });
});
