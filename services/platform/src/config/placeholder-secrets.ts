/**
 * A secret's variable: a password, a secret or an access key. Their values in deploy/env.example are placeholders
 * starting with `change-me`, to be replaced before a host goes live.
 */
const SECRET_NAME = /(?:^|_)(?:SECRET|PASSWORD)(?:_|$)|_(?:SECRET|ACCESS)_KEY$/;
const PLACEHOLDER = /^\s*change-?me/i;

/** NODE_ENV as the processes read it: production unless told otherwise, empty counting as unset. */
function isProduction(env: NodeJS.ProcessEnv): boolean {
  const mode = env.NODE_ENV?.trim();
  return mode === undefined || mode === '' || mode === 'production';
}

/**
 * In production, the variables among `names` that name a secret and still hold the example's `change-me`
 * placeholder, or are set but blank: one problem per variable, naming it. Elsewhere none, so tests and local runs
 * may use the example as it is.
 */
export function placeholderSecretIssues(names: Iterable<string>, env: NodeJS.ProcessEnv): string[] {
  if (!isProduction(env)) return [];
  const issues: string[] = [];
  for (const name of names) {
    const value = env[name];
    if (!SECRET_NAME.test(name) || value === undefined) continue;
    if (PLACEHOLDER.test(value)) {
      issues.push(`${name}: still the example's change-me placeholder; set a secret of your own in production`);
    } else if (value !== '' && value.trim() === '') {
      issues.push(`${name}: blank; set a secret of your own in production`);
    }
  }
  return issues;
}
