import { afterEach, describe, expect, it } from '@jest/globals';
import { engineConfigSchema, loadConfig } from '../config/load-config.js';
import { createLogger } from '../logging/logger.js';
import { startMetricsServer, type MetricsServer } from './serve-metrics.js';

const logger = createLogger('metrics-test', 'silent');
let server: MetricsServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe('the metrics endpoint', () => {
  it('listens on loopback unless METRICS_HOST says otherwise: the metrics are not authenticated', async () => {
    const config = loadConfig(engineConfigSchema, { METRICS_PORT: '9464' });
    expect(config.METRICS_HOST).toBe('127.0.0.1');
    server = await startMetricsServer({ port: 0, host: config.METRICS_HOST, logger });
    expect(server.host).toBe('127.0.0.1');
    const scrape = await fetch(`http://127.0.0.1:${server.port}/metrics`);
    expect(scrape.status).toBe(200);
    expect(await scrape.text()).toContain('tip_nodejs_');
  });

  it('listens where METRICS_HOST names, and refuses what is not an address or a host name', async () => {
    const config = loadConfig(engineConfigSchema, { METRICS_HOST: '0.0.0.0' });
    server = await startMetricsServer({ port: 0, host: config.METRICS_HOST, logger });
    expect(server.host).toBe('0.0.0.0');
    expect(() => loadConfig(engineConfigSchema, { METRICS_HOST: 'http://0.0.0.0/' })).toThrow(/METRICS_HOST/);
  });
});
