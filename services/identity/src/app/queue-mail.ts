import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@tip/platform';
import type { UserDocument } from '../infra/user-document.js';
import type { IdentityContext } from './context.js';
import { renderMail, type MailContent } from './mail-texts.js';

/**
 * Queues a mail to the member, in their language, at their address unless `to` names another (a new address being
 * confirmed, or the one a change left). A failure to queue is logged and swallowed: the request that caused the mail
 * has done its part (the member can ask for it again), and it never fails for the mail's sake.
 */
export async function queueMail(
  context: IdentityContext,
  user: UserDocument,
  content: (username: string) => MailContent,
  to = user.email,
): Promise<void> {
  if (!to) return;
  const mail = renderMail(user.language ?? DEFAULT_LANGUAGE, to, content(user.username ?? ''));
  await context.mail.queue.enqueue(user._id, mail).catch((error: unknown) => {
    context.logger.error({ err: error, userId: user._id }, 'could not queue a mail');
  });
}

/** The language a request names for its mails; Italian, the default, when it names none of the five. */
export function mailLanguage(value: string): Language {
  return LANGUAGES.find((language) => language === value) ?? DEFAULT_LANGUAGE;
}

/** A link into the web app, to a page that takes the token from its address. */
export function linkTo(context: IdentityContext, path: string, token: string): string {
  return `${context.mail.publicUrl}${path}?token=${encodeURIComponent(token)}`;
}
