import { describe, expect, it } from '@jest/globals';
import { logLevel } from 'kafkajs';
import { pino } from 'pino';
import { Writable } from 'node:stream';
import { logKafkaEntry } from './kafka-logging.js';

/** A logger at debug that keeps each line's level and message. */
function capturing() {
  const lines: { level: number; msg: string }[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
      done();
    },
  });
  return { logger: pino({ level: 'debug' }, sink), lines };
}

const entry = (level: number, namespace: string, message: string) => ({
  namespace,
  level,
  label: 'ERROR',
  log: { timestamp: '', logger: 'kafkajs', message, error: 'Topic creation errors' },
});

describe("kafkajs's log lines", () => {
  it("keep a broker's answer to one request at debug, since the call that made it retries or fails", () => {
    const { logger, lines } = capturing();
    logKafkaEntry(logger, entry(logLevel.ERROR, 'Connection', 'Response CreateTopics(key: 19, version: 3)'));
    logKafkaEntry(logger, entry(logLevel.ERROR, 'Connection', 'Response Heartbeat(key: 12, version: 3)'));
    expect(lines.map((line) => [line.level, line.msg])).toEqual([
      [20, 'Response CreateTopics(key: 19, version: 3)'],
      [20, 'Response Heartbeat(key: 12, version: 3)'],
    ]);
  });

  it('keep the other errors, warnings and information at their level', () => {
    const { logger, lines } = capturing();
    logKafkaEntry(logger, entry(logLevel.ERROR, 'Connection', 'Connection error: connect ECONNREFUSED'));
    logKafkaEntry(logger, entry(logLevel.ERROR, 'Consumer', 'Crash: KafkaJSNumberOfRetriesExceeded'));
    logKafkaEntry(logger, entry(logLevel.WARN, 'Runner', 'The group is rebalancing, re-joining'));
    logKafkaEntry(logger, entry(logLevel.INFO, 'Consumer', 'Starting'));
    expect(lines.map((line) => line.level)).toEqual([50, 50, 40, 30]);
  });
});
