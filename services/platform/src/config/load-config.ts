import { z } from 'zod';

/** A configuration problem that must stop start-up; the message names each offending variable. */
export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment with a process's zod schema, whose keys are the variable names. Unknown variables are
 * ignored; a bad or missing one throws ConfigError naming it.
 */
export function loadConfig<S extends z.ZodObject>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`));
}

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

/** An optional variable: unset and empty are the same. */
export const optionalString = () => z.preprocess(emptyAsUndefined, z.string().optional());
export const optionalUrl = () => z.preprocess(emptyAsUndefined, z.url().optional());
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
  MONGO_URL: optionalUrl(),
  KAFKA_BROKERS: optionalString(),
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

/** The adapter factory's options for one process, from its engine variables. */
export function adapterOptionsFrom(config: EngineConfig, serviceName: string) {
  return {
    dataDir: config.DATA_DIR,
    mongoUrl: config.MONGO_URL,
    kafkaBrokers: config.KAFKA_BROKERS,
    redisUrl: config.REDIS_URL,
    s3Endpoint: config.S3_ENDPOINT,
    s3AccessKey: config.S3_ACCESS_KEY,
    s3SecretKey: config.S3_SECRET_KEY,
    s3Bucket: config.S3_BUCKET,
    serviceName,
  };
}
