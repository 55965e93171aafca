import { logLevel, type LogEntry } from 'kafkajs';
import type { Logger } from '../../logging/logger.js';

/**
 * kafkajs's log lines in the process's log, at their level, except the error a broker answered to one request
 * (`Response CreateTopics`, `Response Heartbeat`...): kafkajs logs each as an error, and then the call that made the
 * request gets it, which retries it or fails. A topic that already exists, or a group rebalancing while its members
 * join, are answered so at every start, and as errors they buried the log's real ones; they are kept at debug.
 */
export function logKafkaEntry(logger: Logger | undefined, { namespace, level, log }: LogEntry): void {
  if (!logger) return;
  const { message, ...details } = log;
  const entry = { ...details, namespace };
  const answered = namespace === 'Connection' && message.startsWith('Response ');
  if (level === logLevel.ERROR && !answered) logger.error(entry, message);
  else if (level === logLevel.WARN) logger.warn(entry, message);
  else if (level === logLevel.INFO) logger.info(entry, message);
  else logger.debug(entry, message);
}
