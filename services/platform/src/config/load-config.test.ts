import { z } from 'zod';
import { ConfigError, loadConfig } from './load-config.js';

const schema = z.object({
  SESSION_SECRET: z.string().min(1),
  ADMIN_PASSWORD: z.string().optional(),
  S3_ACCESS_KEY: z.string().optional(),
  S3_SECRET_KEY: z.string().optional(),
  S3_BUCKET: z.string().optional(),
});

function problems(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(schema, env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.issues;
    throw error;
  }
}

describe('loadConfig and placeholder secrets', () => {
  it('refuses, in production, each secret still holding the change-me placeholder, naming it', () => {
    const issues = problems({
      NODE_ENV: 'production',
      SESSION_SECRET: 'change-me-to-a-long-random-string',
      ADMIN_PASSWORD: 'CHANGEME',
      S3_ACCESS_KEY: 'change-me',
      S3_SECRET_KEY: 'a-secret-of-its-own',
    });
    expect(issues.map((issue) => issue.slice(0, issue.indexOf(':')))).toEqual([
      'SESSION_SECRET',
      'ADMIN_PASSWORD',
      'S3_ACCESS_KEY',
    ]);
    expect(issues[0]).toMatch(/change-me placeholder/);
  });

  it('takes production to be the default, unset or empty NODE_ENV alike', () => {
    expect(problems({ SESSION_SECRET: 'change-me' })).toHaveLength(1);
    expect(problems({ NODE_ENV: '', SESSION_SECRET: 'change-me' })).toHaveLength(1);
  });

  it('refuses a blank secret in production, and an empty required one as its schema does', () => {
    expect(problems({ SESSION_SECRET: 'real', ADMIN_PASSWORD: '   ' })).toEqual([
      'ADMIN_PASSWORD: blank; set a secret of your own in production',
    ]);
    expect(problems({ SESSION_SECRET: '' })[0]).toMatch(/^SESSION_SECRET:/);
  });

  it('leaves variables that are not secrets, and development and tests, alone', () => {
    expect(problems({ SESSION_SECRET: 'a-real-one', S3_BUCKET: 'change-me' })).toEqual([]);
    expect(problems({ NODE_ENV: 'development', SESSION_SECRET: 'change-me' })).toEqual([]);
    expect(problems({ NODE_ENV: 'test', SESSION_SECRET: 'change-me', ADMIN_PASSWORD: 'change-me' })).toEqual([]);
    expect(loadConfig(schema, { SESSION_SECRET: 'a-real-one', ADMIN_PASSWORD: 'another' }).ADMIN_PASSWORD).toBe(
      'another',
    );
  });
});
