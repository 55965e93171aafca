/**
 * Where notifications' texts are: `<language>.json` for each of LANGUAGES, flat keys ('notifications.…') to their
 * text. The files stay in src/ (tsc does not copy them, and the web imports them from there); this reaches them from
 * src/ and dist/ alike.
 */
export const NOTIFICATIONS_MESSAGES = new URL('../../src/messages/', import.meta.url);
