import { loadMessageCatalogues, translateMessage, type Language } from '@tip/platform';
import { IDENTITY_MESSAGES } from '../contract/messages.js';
import { BRAND } from '../domain/brand.js';
import type { OutgoingMail } from '../infra/mail-transport.js';

/**
 * What a mail is for, with what it carries: the code and link to confirm an address (the registered one, or a new one
 * the member asked for), the link to reset a password, a sign-in from a new device (its browser and OS, and the link
 * to the member's sessions), the old address told that the account's changed (the link writes to support).
 */
export type MailContent =
  | { kind: 'emailConfirmation' | 'emailChangeConfirmation'; username: string; link: string; code: string }
  | { kind: 'passwordReset' | 'emailChanged'; username: string; link: string }
  | { kind: 'newDevice'; username: string; link: string; browser: string; os: string };

const catalogues = loadMessageCatalogues([IDENTITY_MESSAGES]);

/** Each mail's texts; `notYou` differs where the reader did not ask for the mail (a sign-in, a change made). */
const KEYS = {
  emailConfirmation: {
    subject: 'identity.mailConfirmSubject',
    intro: 'identity.mailConfirmIntro',
    button: 'identity.mailConfirmButton',
    expiry: 'identity.mailConfirmExpiry',
    notYou: 'identity.mailNotYou',
  },
  emailChangeConfirmation: {
    subject: 'identity.mailChangeConfirmSubject',
    intro: 'identity.mailChangeConfirmIntro',
    button: 'identity.mailConfirmButton',
    expiry: 'identity.mailConfirmExpiry',
    notYou: 'identity.mailNotYou',
  },
  passwordReset: {
    subject: 'identity.mailResetSubject',
    intro: 'identity.mailResetIntro',
    button: 'identity.mailResetButton',
    expiry: 'identity.mailResetExpiry',
    notYou: 'identity.mailNotYou',
  },
  newDevice: {
    subject: 'identity.mailNewDeviceSubject',
    intro: 'identity.mailNewDeviceIntro',
    button: 'identity.mailNewDeviceButton',
    expiry: 'identity.mailNewDeviceIfYou',
    notYou: 'identity.mailNewDeviceNotYou',
  },
  emailChanged: {
    subject: 'identity.mailEmailChangedSubject',
    intro: 'identity.mailEmailChangedIntro',
    button: 'identity.mailEmailChangedButton',
    expiry: 'identity.mailEmailChangedIfYou',
    notYou: 'identity.mailEmailChangedNotYou',
  },
} as const;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A mail in the member's language, as plain text and as HTML saying the same: a greeting, what to do (the code, when
 * there is one, then the link), how long it holds, what to do if it was not them, and the product's signature with
 * its support address.
 */
export function renderMail(language: Language, to: string, content: MailContent): OutgoingMail {
  const say = (key: string, params: Record<string, string> = {}) =>
    translateMessage(catalogues, language, key, { product: BRAND.name, support: BRAND.supportEmail, ...params });
  const keys = KEYS[content.kind];
  const greeting = say('identity.mailGreeting', { username: content.username });
  const unknown = say('identity.mailNewDeviceUnknown');
  const intro =
    content.kind === 'newDevice'
      ? say(keys.intro, { browser: content.browser || unknown, os: content.os || unknown })
      : say(keys.intro);
  const code = 'code' in content ? content.code : undefined;
  const linkIntro = say('identity.mailConfirmLinkIntro');
  const closing = [say(keys.expiry), say(keys.notYou)];
  const signature = [say('identity.mailSignature'), say('identity.mailSupport')];

  const text = [
    greeting,
    '',
    intro,
    ...(code ? ['', `    ${code}`, '', linkIntro] : []),
    content.link,
    '',
    ...closing,
    '',
    '-- ',
    ...signature,
    '',
  ].join('\n');

  const paragraph = (line: string) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`;
  const html = [
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(say(keys.subject))}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">',
    paragraph(greeting),
    paragraph(intro),
    ...(code
      ? [
          `<p style="font-size:32px;font-weight:bold;letter-spacing:8px;margin:0 0 16px">${code}</p>`,
          paragraph(linkIntro),
        ]
      : []),
    `<p style="margin:0 0 16px"><a href="${escapeHtml(content.link)}" style="display:inline-block;background:#7c3aed;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(say(keys.button))}</a></p>`,
    `<p style="margin:0 0 16px;font-size:12px;word-break:break-all">${escapeHtml(content.link)}</p>`,
    ...closing.map(paragraph),
    '<hr style="border:none;border-top:1px solid #e5e7eb;margin:24px 0">',
    `<p style="margin:0;font-size:12px;color:#6b7280">${escapeHtml(signature[0] ?? '')}<br>`,
    `${escapeHtml(say('identity.mailSupportLead'))} <a href="mailto:${BRAND.supportEmail}">${BRAND.supportEmail}</a></p>`,
    '</body></html>',
  ].join('\n');

  return { to, subject: say(keys.subject), text, html, link: content.link };
}
