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

  it('stops while a scrape waits on a figure that does not come (a lag asked of brokers out of reach)', async () => {
    let asked: () => void = () => undefined;
    const scraping = new Promise<void>((resolve) => (asked = resolve));
    const metrics = () => {
      asked();
      return new Promise<string>(() => undefined);
    };
    const running = await startMetricsServer({
      port: 0,
      host: '127.0.0.1',
      logger,
      source: { contentType: '', metrics },
    });
    const scrape = fetch(`http://127.0.0.1:${running.port}/metrics`).then(
      (answer) => answer.status,
      (error: Error) => error.message,
    );
    await scraping;
    await running.stop();
    // The scrape is cut short, unanswered.
    expect(await scrape).toBe('fetch failed');
  });
});
