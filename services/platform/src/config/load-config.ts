import { ConnectionString } from 'mongodb-connection-string-url';
import { z } from 'zod';
import type { KafkaSecuritySettings } from '../adapters/events/kafka-security.js';
import { placeholderSecretIssues } from './placeholder-secrets.js';

/** A configuration problem that must stop start-up; the message names each offending variable. */
export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment with a process's zod schema, whose keys are the variable names. Unknown variables are
 * ignored; a bad or missing one throws ConfigError naming it, and so does, in production, a secret still holding
 * deploy/env.example's change-me placeholder.
 */
export function loadConfig<S extends z.ZodObject>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  const issues = [
    ...(result.success
      ? []
      : result.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`)),
    ...placeholderSecretIssues(Object.keys(schema.shape), env),
  ];
  if (issues.length > 0 || !result.success) throw new ConfigError(issues);
  return result.data;
}

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

/** An optional variable: unset and empty are the same. */
export const optionalString = () => z.preprocess(emptyAsUndefined, z.string().optional());
export const optionalUrl = () => z.preprocess(emptyAsUndefined, z.url().optional());
/** Whether the driver reads it: a replica set's seed list (`mongodb://u:p@a:27017,b:27017/db`) is no WHATWG URL. */
function isMongoConnectionString(value: string): boolean {
  try {
    return Boolean(new ConnectionString(value));
  } catch {
    return false;
  }
}
/** MongoDB's connection string, `mongodb://` or `mongodb+srv://`, checked as its driver reads it. */
const optionalMongoUrl = () =>
  z.preprocess(
    emptyAsUndefined,
    z.string().refine(isMongoConnectionString, 'must be a mongodb:// or mongodb+srv:// connection string').optional(),
  );
/** An address browsers or this process reach over HTTP, normalised (a scheme typed in capitals reads as https:). */
export const optionalHttpUrl = () =>
  z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^https?$/, normalize: true, error: 'must be an http:// or https:// URL' }).optional(),
  );
export const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

/** The engines every process may use; each real engine is switched on by its variable. */
export const engineConfigSchema = z.object({
  DATA_DIR: z.string().min(1).default('./data'),
  MONGO_URL: optionalMongoUrl(),
  KAFKA_BROKERS: optionalString(),
  /** TLS to the brokers (`true`); KAFKA_TLS_CA_FILE implies it. */
  KAFKA_TLS: z.preprocess(emptyAsUndefined, z.stringbool().default(false)),
  /** A PEM file of the authorities to trust instead of the system's, for a cluster with a private CA. */
  KAFKA_TLS_CA_FILE: optionalString(),
  KAFKA_SASL_MECHANISM: z.preprocess(emptyAsUndefined, z.enum(['plain', 'scram-sha-256', 'scram-sha-512']).optional()),
  KAFKA_SASL_USERNAME: optionalString(),
  KAFKA_SASL_PASSWORD: optionalString(),
  REDIS_URL: optionalUrl(),
  S3_ENDPOINT: optionalHttpUrl(),
  S3_ACCESS_KEY: optionalString(),
  S3_SECRET_KEY: optionalString(),
  S3_BUCKET: z.string().min(1).default('tip-media'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where Prometheus scrapes the process's metrics (GET /metrics); unset, they are not served. */
  METRICS_PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(65535).optional()),
  /**
   * The interface the metrics listen on: this machine only unless told otherwise (they are not authenticated); a
   * container sets 0.0.0.0 for Prometheus on its network.
   */
  METRICS_HOST: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[\w.:-]+$/, 'an address or host name to listen on, such as 127.0.0.1 or 0.0.0.0')
      .default('127.0.0.1'),
  ),
  /** The OTLP/HTTP collector the process sends its traces to (`http://collector:4318`); unset, nothing is traced. */
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalHttpUrl(),
  /** The share of the traces that start here which are sampled, 0 to 1 (README, Traces). */
  OTEL_TRACES_SAMPLER_ARG: z.preprocess(emptyAsUndefined, z.coerce.number().min(0).max(1).default(0.01)),
});
export type EngineConfig = z.infer<typeof engineConfigSchema>;

/**
 * How the Kafka client authenticates and encrypts, from KAFKA_TLS* and KAFKA_SASL_*; throws ConfigError on settings
 * that do not go together.
 */
export function kafkaSecurityFrom(config: EngineConfig): KafkaSecuritySettings {
  const { KAFKA_SASL_MECHANISM: mechanism, KAFKA_SASL_USERNAME: username, KAFKA_SASL_PASSWORD: password } = config;
  const tls = config.KAFKA_TLS || config.KAFKA_TLS_CA_FILE !== undefined;
  const problems: string[] = [];
  if (mechanism && (!username || !password)) {
    problems.push('KAFKA_SASL_USERNAME, KAFKA_SASL_PASSWORD: required with KAFKA_SASL_MECHANISM');
  }
  if (!mechanism && (username || password)) {
    problems.push('KAFKA_SASL_MECHANISM: required with KAFKA_SASL_USERNAME and KAFKA_SASL_PASSWORD');
  }
  // PLAIN sends the password as it is: only inside TLS.
  if (mechanism === 'plain' && !tls)
    problems.push('KAFKA_SASL_MECHANISM: plain sends the password in clear, set KAFKA_TLS=true');
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    ...(tls ? { tls: config.KAFKA_TLS_CA_FILE ? { caFile: config.KAFKA_TLS_CA_FILE } : {} } : {}),
    ...(mechanism && username && password ? { sasl: { mechanism, username, password } } : {}),
  };
}

/** The adapter factory's options for one process, from its engine variables. */
export function adapterOptionsFrom(config: EngineConfig, serviceName: string) {
  return {
    dataDir: config.DATA_DIR,
    mongoUrl: config.MONGO_URL,
    kafkaBrokers: config.KAFKA_BROKERS,
    kafkaSecurity: kafkaSecurityFrom(config),
    redisUrl: config.REDIS_URL,
    s3Endpoint: config.S3_ENDPOINT,
    s3AccessKey: config.S3_ACCESS_KEY,
    s3SecretKey: config.S3_SECRET_KEY,
    s3Bucket: config.S3_BUCKET,
    serviceName,
  };
}
