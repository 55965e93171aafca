/** Traces over OTLP from the platform as `npm start` runs it (dist/main.js), to a stand-in collector. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import {
  ADMIT_AT_ANY_LOAD,
  scaled,
  startOtlpReceiver,
  waitFor,
  type OtlpReceiver,
  type ReceivedSpan,
} from '@tip/platform/testing';
import { approvedMember, signIn } from './bench/members.js';
import { startBuiltPlatform, type BuiltPlatform } from './testing/built-platform.js';

let receiver: OtlpReceiver;
let platform: BuiltPlatform;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  platform = await startBuiltPlatform('tracing', {
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
    // Exported within 100 ms of ending rather than 5 s, so that the test waits less.
    OTEL_BSP_SCHEDULE_DELAY: '100',
    LOG_LEVEL: 'info',
    ...ADMIT_AT_ANY_LOAD,
  });
}, scaled(90_000));
afterAll(async () => {
  await platform.stop();
  await receiver.close();
});

/** The span of `service` named `name` in the trace; fails when there is none or several. */
function spanOf(trace: ReceivedSpan[], service: string, name: string): ReceivedSpan {
  const found = trace.filter((span) => span.service === service && span.name === name);
  expect({ service, name, found: found.length }).toEqual({ service, name, found: 1 });
  return found[0] as ReceivedSpan;
}

/** Whether `ancestor` is `span`'s parent, or its parent's, and so on up the trace. */
function descendsFrom(trace: ReceivedSpan[], span: ReceivedSpan, ancestor: ReceivedSpan): boolean {
  const parent = trace.find((candidate) => candidate.spanId === span.parentSpanId);
  return parent !== undefined && (parent === ancestor || descendsFrom(trace, parent, ancestor));
}

describe('OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  it('traces one message send through the BFF, messaging, the wallet and moderation’s consumer', async () => {
    const { base } = platform;
    const admin = await signIn(base, platform.admin);
    const photo = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const sender = await approvedMember(base, admin, 'tracing_sender', photo, 10);
    const recipient = await approvedMember(base, admin, 'tracing_recipient', photo);

    // The caller's own trace, continued by the BFF. Messaging learns of the approvals through events, so the first
    // sends may be refused; the trace of the one that went through is the one to look at.
    const callerSpanId = randomBytes(8).toString('hex');
    let traceId = '';
    await waitFor(
      async () => {
        traceId = randomBytes(16).toString('hex');
        const sent = await fetch(`${base}/api/messages`, {
          method: 'POST',
          headers: {
            cookie: sender.cookie,
            'content-type': 'application/json',
            traceparent: `00-${traceId}-${callerSpanId}-01`,
          },
          body: JSON.stringify({ id: randomUUID(), recipientId: recipient.id, content: 'Ciao!' }),
        });
        return sent.status === 201;
      },
      10_000,
      'messaging to accept the message',
    );

    const expected = [
      ['tip-bff', 'POST /api/messages'],
      ['tip-messaging', 'tip.messaging.v1.Messaging/Send'],
      ['tip-wallet', 'tip.wallet.v1.Wallet/Debit'],
      ['tip-moderation', 'process MessageSent'],
    ];
    const inTrace = () => receiver.spans.filter((span) => span.traceId === traceId);
    await waitFor(
      () =>
        expected.every(([service, name]) => inTrace().some((span) => span.service === service && span.name === name)),
      10_000,
      `the spans of ${expected.map(([service]) => service).join(', ')}`,
    );
    const trace = inTrace();

    const request = spanOf(trace, 'tip-bff', 'POST /api/messages');
    expect(request).toMatchObject({ parentSpanId: callerSpanId, attributes: { 'http.response.status_code': 201 } });
    const send = spanOf(trace, 'tip-messaging', 'tip.messaging.v1.Messaging/Send');
    expect(send.parentSpanId).toBe(request.spanId);
    const debit = spanOf(trace, 'tip-wallet', 'tip.wallet.v1.Wallet/Debit');
    expect(descendsFrom(trace, debit, send)).toBe(true);
    const consumer = spanOf(trace, 'tip-moderation', 'process MessageSent');
    expect(consumer).toMatchObject({
      kind: 5,
      attributes: {
        'messaging.destination.name': 'messaging.messages',
        'messaging.consumer.group.name': 'moderation.projections',
      },
    });
    expect(descendsFrom(trace, consumer, send)).toBe(true);

    // The request's log line names its trace (written as the answer went, it reaches the pipe in its own time).
    const requestLine = () =>
      platform
        .output()
        .split('\n')
        .find((candidate) => candidate.includes(traceId) && candidate.includes('"path":"/api/messages"'));
    await waitFor(() => requestLine() !== undefined, 10_000, "the request's log line");
    expect((JSON.parse(requestLine() ?? '{}') as { traceId?: string }).traceId).toBe(traceId);
  });
});
