import { describe, expect, it } from '@jest/globals';
import type { EventBus } from '../ports/events.js';
import { LatencyHistogram } from './latency-histogram.js';
import { latencyOf, processMetrics, reportConsumerLag } from './registry.js';

const lagLine = async () =>
  (await processMetrics().getSingleMetricAsString('tip_event_consumer_lag')).split('\n').at(-1);

describe('reportConsumerLag', () => {
  it('keeps a shared bus reported until the last of its reporters stops', async () => {
    const bus = {
      lag: async () => [{ group: 'shared-group', topic: 'a.topic', events: 3 }],
    } as unknown as EventBus;
    const stopService = reportConsumerLag(bus);
    const stopBff = reportConsumerLag(bus);
    expect(await lagLine()).toBe('tip_event_consumer_lag{group="shared-group",topic="a.topic"} 3');
    stopService();
    stopService();
    expect(await lagLine()).toBe('tip_event_consumer_lag{group="shared-group",topic="a.topic"} 3');
    stopBff();
    expect(await lagLine()).not.toContain('shared-group');
  });
});

describe('latencyOf', () => {
  it('observes each timing under the labels given at its end', async () => {
    const histogram = new LatencyHistogram('tip_test_latency_seconds', 'test', ['code'], [0.5, 5]);
    const timed = latencyOf(histogram);
    for (const code of ['OK', 'OK', 'NOT_FOUND']) timed()({ code });
    const counts = (await histogram.get()).values.filter(
      (value) => value.metricName === 'tip_test_latency_seconds_count',
    );
    expect(counts.map(({ labels, value }) => [labels.code, value])).toEqual([
      ['OK', 2],
      ['NOT_FOUND', 1],
    ]);
  });
});
