import { describe, expect, it } from '@jest/globals';
import { AggregatorRegistry, Histogram, Registry, type Metric } from 'prom-client';
import { LatencyHistogram } from './latency-histogram.js';

const BOUNDS = [0.001, 0.01, 0.1];
const OBSERVED: [string, number][] = [
  ['GET', 0.0005],
  ['GET', 0.001],
  ['GET', 0.05],
  ['GET', 7],
  ['POST', 0.02],
];

/** The registry's text for one histogram, the HELP and TYPE lines included. */
async function scraped(metric: unknown): Promise<string> {
  const registry = new Registry();
  registry.registerMetric(metric as Metric);
  return registry.metrics();
}

describe('LatencyHistogram', () => {
  it("is scraped as prom-client's own Histogram of the same observations is", async () => {
    const ours = new LatencyHistogram('tip_test_seconds', 'a test', ['method'], BOUNDS);
    const theirs = new Histogram({
      name: 'tip_test_seconds',
      help: 'a test',
      labelNames: ['method'] as const,
      buckets: BOUNDS,
      registers: [],
    });
    for (const [method, seconds] of OBSERVED) {
      ours.observe({ method }, seconds);
      theirs.observe({ method }, seconds);
    }
    const text = await scraped(ours);
    expect(text).toBe(await scraped(theirs));
    // An observation on a bound falls in that bucket (le: at most); one past every bound only in +Inf.
    expect(text).toContain('tip_test_seconds_bucket{le="0.001",method="GET"} 2');
    expect(text).toContain('tip_test_seconds_bucket{le="0.1",method="GET"} 3');
    expect(text).toContain('tip_test_seconds_bucket{le="+Inf",method="GET"} 4');
    expect(text).toContain('tip_test_seconds_count{method="POST"} 1');
  });

  it('keeps one series per label values, in whatever order the labels are written', async () => {
    const histogram = new LatencyHistogram('tip_test_seconds', 'a test', ['method', 'route'], BOUNDS);
    histogram.observe({ method: 'GET', route: '/a' }, 0.002);
    histogram.observe({ route: '/a', method: 'GET' }, 0.003);
    const counts = (await histogram.get()).values.filter(({ metricName }) => metricName === 'tip_test_seconds_count');
    expect(counts).toEqual([
      { metricName: 'tip_test_seconds_count', labels: { method: 'GET', route: '/a' }, value: 2 },
    ]);
  });

  it("is summed across workers by prom-client's aggregation, as its own histograms are", async () => {
    const workers = await Promise.all(
      [0.002, 0.2].map(async (seconds) => {
        const histogram = new LatencyHistogram('tip_test_seconds', 'a test', ['method'], BOUNDS);
        histogram.observe({ method: 'GET' }, seconds);
        const registry = new Registry();
        registry.registerMetric(histogram as unknown as Metric);
        return registry.getMetricsAsJSON();
      }),
    );
    const text = await AggregatorRegistry.aggregate(workers).metrics();
    expect(text).toContain('tip_test_seconds_bucket{le="0.01",method="GET"} 1');
    expect(text).toContain('tip_test_seconds_bucket{le="+Inf",method="GET"} 2');
    expect(text).toContain('tip_test_seconds_count{method="GET"} 2');
  });
});
