import { describe, expect, it } from '@jest/globals';
import { LANGUAGES } from '@tip/platform';
import { renderMail } from './mail-texts.js';

const LINK = 'http://tip.test/confirm-email?token=abc&x=1';

describe('renderMail', () => {
  it.each(LANGUAGES)(
    'writes the confirmation in %s, as text and HTML, signed with the product and support address',
    (language) => {
      const mail = renderMail(language, 'anna@example.it', {
        kind: 'emailConfirmation',
        username: 'anna<b>',
        link: LINK,
        code: '042917',
      });
      expect(mail.to).toBe('anna@example.it');
      expect(mail.subject).toContain('Tip');
      expect(mail.subject).not.toMatch(/identity\.|\{\{/);
      for (const body of [mail.text, mail.html]) {
        expect(body).toContain('042917');
        expect(body).toContain('support@tip.community');
        expect(body).not.toMatch(/identity\.|\{\{/);
      }
      expect(mail.text).toContain(LINK);
      expect(mail.text).toContain('anna<b>');
      // The HTML escapes what came from the member and the link's ampersand.
      expect(mail.html).toContain('anna&#60;b&#62;');
      expect(mail.html).toContain('href="http://tip.test/confirm-email?token=abc&#38;x=1"');
      expect(mail.html).toContain(`lang="${language}"`);
    },
  );

  it('differs by language, and a reset mail has its link and no code', () => {
    const subjects = new Set(
      LANGUAGES.map(
        (language) => renderMail(language, 'a@b.it', { kind: 'passwordReset', username: 'a', link: LINK }).subject,
      ),
    );
    expect(subjects.size).toBe(LANGUAGES.length);
    const reset = renderMail('it', 'a@b.it', { kind: 'passwordReset', username: 'a', link: LINK });
    expect(reset.subject).toBe('Reimposta la tua password di Tip');
    expect(reset.text).toContain(LINK);
    expect(reset.text).toContain('30 minuti');
  });

  it.each(LANGUAGES)('tells an address a change left, in %s, with no code and a way to reach support', (language) => {
    const mail = renderMail(language, 'old@example.it', {
      kind: 'emailChanged',
      username: 'anna',
      link: 'mailto:support@tip.community',
    });
    expect(mail.to).toBe('old@example.it');
    expect(mail.subject).toContain('Tip');
    expect(mail.text).not.toMatch(/^ {4}\d{6}$/m);
    expect(mail.html).toContain('href="mailto:support@tip.community"');
    for (const body of [mail.text, mail.html]) expect(body).not.toMatch(/identity\.|\{\{/);
  });
});
