import unhomoglyph from 'unhomoglyph';
import { usernameKey } from '../domain/index.js';

/**
 * Names that speak for the platform, which no member may take, nor anything that looks like them. The admin the
 * platform creates at its first start is called "admin": it is not a member choosing a name.
 */
export const RESERVED_USERNAMES = [
  'admin',
  'administrator',
  'amministratore',
  'tip',
  'support',
  'supporto',
  'help',
  'aiuto',
  'moderator',
  'moderatore',
  'staff',
  'team',
  'official',
  'ufficiale',
  'system',
  'sistema',
  'security',
  'sicurezza',
  'root',
  'postmaster',
  'webmaster',
  'noreply',
] as const;

/**
 * A username's confusable skeleton (Unicode TS #39, section 4), the key of a unique index: names with the same
 * skeleton look alike, such as "admin", "аdmin" (Cyrillic а), "ɑdmin", "admın", "αdmin" and "adrnin", or "paolol",
 * "paoloI" and "paolo1". Taken of the name as shown (after NFKC, which folds full-width and other compatibility
 * forms), since whether two names look alike depends on their case ("I" passes for "l", not "i"); the prototypes
 * come from Unicode's confusables.txt (the unhomoglyph package). Then lower-cased: "Admin" and "аdmin" look alike
 * enough, and "0" (whose prototype is "O") passes for "o". Names that differ only in case are the same name anyway
 * (usernameKey). Not in the domain, which the browser loads: it need not carry the table, and the check is the
 * server's.
 */
export function usernameSkeleton(username: string): string {
  return unhomoglyph(username.normalize('NFKC').normalize('NFD')).normalize('NFD').toLowerCase();
}

/** The reserved names as they may be shown, in lower and upper case ("ADMlN" passes for "ADMIN", not "admin"). */
const RESERVED_SKELETONS = new Set(
  RESERVED_USERNAMES.flatMap((name) => [usernameSkeleton(name), usernameSkeleton(name.toUpperCase())]),
);

/** Whether a username is one of the reserved names, or looks like one in any case ("АDMIN", "Admın", "ADMlN"). */
export function isReservedLookalike(username: string): boolean {
  return [username, usernameKey(username)].some((form) => RESERVED_SKELETONS.has(usernameSkeleton(form)));
}
