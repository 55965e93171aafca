import { z } from 'zod';
import { ConfigError, engineConfigSchema, loadConfig } from './load-config.js';

const schema = z.object({
  SESSION_SECRET: z.string().min(1),
  ADMIN_PASSWORD: z.string().optional(),
  S3_ACCESS_KEY: z.string().optional(),
  S3_SECRET_KEY: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  MONGO_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
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

  it("refuses an engine's URL whose password is still the placeholder, a MongoDB seed list included", () => {
    const issues = problems({
      SESSION_SECRET: 'a-real-one',
      MONGO_URL: 'mongodb://tip:change-me-mongo-app@mongo-0.mongo:27017,mongo-1.mongo:27017/tip?replicaSet=rs0',
      REDIS_URL: 'redis://:change%2Dme-redis@redis:6379',
    });
    expect(issues.map((issue) => issue.slice(0, issue.indexOf(':')))).toEqual(['MONGO_URL', 'REDIS_URL']);
    expect(
      problems({
        SESSION_SECRET: 'a-real-one',
        MONGO_URL: 'mongodb://tip:s3cr3t@mongo:27017/tip',
        REDIS_URL: 'redis://change-me.internal:6379',
      }),
    ).toEqual([]);
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

describe("the engines' settings", () => {
  const mongoUrl = (MONGO_URL: string) => engineConfigSchema.safeParse({ MONGO_URL }).error?.issues[0]?.message;

  it("takes MongoDB's connection strings as its driver does, a replica set's seed list included", () => {
    expect(mongoUrl('mongodb://tip:pw@mongo-0.mongo:27017,mongo-1.mongo:27017/tip?authSource=admin')).toBeUndefined();
    expect(mongoUrl('mongodb+srv://tip:pw@cluster.example.net/tip')).toBeUndefined();
    expect(mongoUrl('mongodb://127.0.0.1:27017/tip')).toBeUndefined();
  });

  it('refuses what is no MongoDB connection string, saying what it must be', () => {
    for (const value of ['http://mongo:27017/tip', 'mongo:27017', 'mongodb://']) {
      expect(mongoUrl(value)).toBe('must be a mongodb:// or mongodb+srv:// connection string');
    }
  });
});
