import { describe, expect, it } from '@jest/globals';
import { createInstance, type TFunction } from 'i18next';
import { readFileSync } from 'node:fs';
import { notificationLink } from '@/lib/rules';
import type { Notification } from '../api/types';
import { notificationText } from './notification-text';

const LANGUAGES = ['it', 'en', 'es', 'fr', 'de'] as const;

const readJson = (path: string) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));

/**
 * The app's texts in `language` and the notifications service's (the server's catalogue, the `messages` namespace),
 * through i18next as the app sets it up (its plural rules, its contexts).
 */
async function translatorFor(language: string): Promise<TFunction> {
  const i18n = createInstance();
  await i18n.init({
    lng: language,
    resources: {
      [language]: {
        translation: readJson(`../../../i18n/locales/${language}.json`),
        messages: readJson(`../../../../../services/notifications/src/messages/${language}.json`),
      },
    },
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}

const notification = (overrides: Partial<Notification>): Notification => ({
  id: 'n1',
  kind: 'post_liked',
  actor: { id: 'marco-id', username: 'Marco', profileImageUrl: null },
  actorCount: 1,
  count: 1,
  postId: 'p1',
  conversationWith: null,
  reason: null,
  credits: null,
  months: null,
  read: false,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
  ...overrides,
});

const EVERY_KIND: Partial<Notification>[] = [
  { kind: 'post_liked' },
  { kind: 'post_liked', actorCount: 2 },
  { kind: 'post_liked', actorCount: 4 },
  { kind: 'post_commented', actorCount: 3 },
  { kind: 'post_unlocked' },
  { kind: 'telegram_revealed', actorCount: 2, postId: null },
  { kind: 'message_received', count: 1, conversationWith: 'marco-id', postId: null },
  { kind: 'message_received', count: 3, conversationWith: 'marco-id', postId: null },
  { kind: 'message_received', actor: null, count: 2, postId: 'p1' },
  { kind: 'verification_approved', actor: null },
  { kind: 'verification_rejected', actor: null, reason: 'Foto non conforme' },
  { kind: 'post_approved', actor: null },
  { kind: 'post_rejected', actor: null, reason: 'Spam' },
  { kind: 'credits_granted', actor: null, credits: 1 },
  { kind: 'credits_purchased', actor: null, credits: 25 },
  { kind: 'premium_purchased', actor: null, months: 1 },
  { kind: 'premium_granted', actor: null, months: 1 },
  { kind: 'premium_granted', actor: null, months: 3 },
  { kind: 'premium_expiring', actor: null },
  { kind: 'premium_ended', actor: null },
  { kind: 'verifications_waiting', actor: null, count: 3 },
  { kind: 'reports_filed', actor: null, count: 1 },
];

describe('what a notification says', () => {
  it('groups and pluralises in Italian: the latest actor named, the others counted', async () => {
    const t = await translatorFor('it');
    const say = (overrides: Partial<Notification>) => notificationText(notification(overrides), t).text;
    expect(say({})).toBe('Marco ha messo mi piace al tuo post');
    expect(say({ actorCount: 2 })).toBe('Marco e un altro membro hanno messo mi piace al tuo post');
    expect(say({ actorCount: 4 })).toBe('Marco e altri 3 hanno messo mi piace al tuo post');
    expect(say({ kind: 'message_received', count: 1 })).toBe('Nuovo messaggio da Marco');
    expect(say({ kind: 'message_received', count: 3 })).toBe('3 nuovi messaggi da Marco');
    expect(say({ kind: 'message_received', actor: null, count: 1 })).toBe(
      "Nuovo messaggio dall'autore di un post anonimo",
    );
    expect(say({ kind: 'verifications_waiting', actor: null, count: 3 })).toBe('3 verifiche in attesa');
    expect(say({ kind: 'reports_filed', actor: null, count: 2 })).toBe('2 post segnalati in attesa');
    expect(say({ kind: 'reports_filed', actor: null, count: 1 })).toBe('1 post segnalato in attesa');
    expect(say({ kind: 'credits_purchased', actor: null, credits: 1 })).toBe('Acquisto confermato: 1 credito aggiunto');
    expect(say({ kind: 'premium_granted', actor: null, months: 1 })).toBe(
      'Un amministratore ti ha regalato 1 mese di Premium',
    );
    expect(say({ kind: 'premium_granted', actor: null, months: 3 })).toBe(
      'Un amministratore ti ha regalato 3 mesi di Premium',
    );
    expect(say({ kind: 'premium_expiring', actor: null })).toBe('Il tuo Premium scade tra 3 giorni');
    expect(say({ kind: 'premium_ended', actor: null })).toBe('Il tuo Premium è scaduto');
    expect(say({ actor: { id: 'x', username: null, profileImageUrl: null } })).toBe(
      'Un membro ha messo mi piace al tuo post',
    );
    expect(notificationText(notification({ kind: 'post_rejected', actor: null, reason: 'Spam' }), t)).toEqual({
      text: 'Il tuo post è stato rifiutato',
      reason: 'Motivo: Spam',
    });
  });

  it.each(LANGUAGES)('has a text for every kind and form in %s', async (language) => {
    const t = await translatorFor(language);
    for (const overrides of EVERY_KIND) {
      const { text } = notificationText(notification(overrides), t);
      expect({ overrides, text }).toEqual({ overrides, text: expect.not.stringContaining('notifications.') });
      expect({ overrides, text }).toEqual({ overrides, text: expect.not.stringContaining('{{') });
    }
    const en = await translatorFor('en');
    expect(notificationText(notification({ actorCount: 4 }), en).text).toBe('Marco and 3 others liked your post');
  });
});

describe('where a notification leads', () => {
  it('to the post, the conversation, the profile, the checkout or the admin queue it is about', () => {
    expect(notificationLink(notification({}))).toBe('/posts/p1');
    expect(notificationLink(notification({ kind: 'post_rejected', actor: null }))).toBe('/posts/p1');
    expect(
      notificationLink(notification({ kind: 'message_received', conversationWith: 'marco-id', postId: null })),
    ).toBe('/messages?user=marco-id');
    // Through an anonymous post: its author unnamed to the member, the member named to the author.
    expect(notificationLink(notification({ kind: 'message_received', actor: null, conversationWith: null }))).toBe(
      '/messages?post=p1',
    );
    expect(notificationLink(notification({ kind: 'message_received', conversationWith: 'marco-id' }))).toBe(
      '/messages?post=p1&user=marco-id',
    );
    expect(notificationLink(notification({ kind: 'telegram_revealed', postId: null }))).toBe('/profile/marco-id');
    expect(notificationLink(notification({ kind: 'credits_purchased', actor: null }))).toBe('/profile');
    expect(notificationLink(notification({ kind: 'reports_filed', actor: null }))).toBe('/admin?tab=reports');
    for (const kind of ['premium_granted', 'premium_expiring', 'premium_ended'] as const)
      expect(notificationLink(notification({ kind, actor: null }))).toBe('/checkout');
    expect(notificationLink(notification({ kind: 'verifications_waiting', actor: null }))).toBe(
      '/admin?tab=pending-users',
    );
  });
});
