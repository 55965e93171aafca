/**
 * `@tip/platform/supervisor`: what a process that runs no service but supervises those that do (npm start's primary)
 * needs: its configuration, logging, signals, the data directory's checks and its workers' metrics. Not the whole
 * kit (`@tip/platform`), whose adapters, gRPC and tracing a process loads as it imports them: 136 MB resident here,
 * against about 60 for these.
 */
export { ConfigError, engineConfigSchema, loadConfig } from '../config/load-config.js';
export { createLogger, type Logger } from '../logging/logger.js';
export { runMain, stopOnSignals } from '../lifecycle/process-lifecycle.js';
export { keepDataDirPrivate } from '../lifecycle/private-files.js';
export { refuseLegacyData } from '../adapters/legacy/legacy-layout.js';
export { metricsOfWorkers, startMetricsServer, type MetricsServer } from '../metrics/serve-metrics.js';
