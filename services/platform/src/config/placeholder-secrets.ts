/**
 * A secret's variable: a password, a secret or an access key. Their values in deploy/env.example are placeholders
 * starting with `change-me`, to be replaced before a host goes live.
 */
const SECRET_NAME = /(?:^|_)(?:SECRET|PASSWORD)(?:_|$)|_(?:SECRET|ACCESS)_KEY$/;
const PLACEHOLDER = /^\s*change-?me/i;
/** An engine's address (MONGO_URL, REDIS_URL...), which carries its password in its user information. */
const URL_NAME = /_URL$/;
/** A URL's password, `scheme://user:password@`: a MongoDB seed list (`@a:27017,b:27017`) is no WHATWG URL. */
const URL_PASSWORD = /^[a-z][a-z0-9+.-]*:\/\/[^:/@]*:([^@/]*)@/i;

/** The value's secret: the value itself for a secret's variable, the password in it for an engine's URL. */
function secretOf(name: string, value: string): string | undefined {
  if (SECRET_NAME.test(name)) return value;
  if (!URL_NAME.test(name)) return undefined;
  const password = URL_PASSWORD.exec(value)?.[1];
  return password === undefined ? undefined : decodeURIComponent(password);
}

/** NODE_ENV as the processes read it: production unless told otherwise, empty counting as unset. */
function isProduction(env: NodeJS.ProcessEnv): boolean {
  const mode = env.NODE_ENV?.trim();
  return mode === undefined || mode === '' || mode === 'production';
}

/**
 * In production, the variables among `names` that name a secret (or an engine's URL whose password is one) and
 * still hold the example's `change-me` placeholder, or are set but blank: one problem per variable, naming it. Elsewhere none, so tests and local runs
 * may use the example as it is.
 */
export function placeholderSecretIssues(names: Iterable<string>, env: NodeJS.ProcessEnv): string[] {
  if (!isProduction(env)) return [];
  const issues: string[] = [];
  for (const name of names) {
    const value = env[name];
    const secret = value === undefined ? undefined : secretOf(name, value);
    if (secret === undefined) continue;
    if (PLACEHOLDER.test(secret)) {
      issues.push(`${name}: still the example's change-me placeholder; set a secret of your own in production`);
    } else if (secret !== '' && secret.trim() === '') {
      issues.push(`${name}: blank; set a secret of your own in production`);
    }
  }
  return issues;
}
