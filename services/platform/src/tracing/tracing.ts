import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  context,
  defaultTextMapGetter,
  defaultTextMapSetter,
  diag,
  DiagLogLevel,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
  type TextMapGetter,
  type Tracer,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import type { Logger } from 'pino';

/**
 * Traces with OpenTelemetry, instrumented by hand at the platform's choke points (ESM leaves require hooks out): the
 * BFF's requests, gRPC calls on both sides (and in process), the events' envelopes and their consumers. W3C trace
 * context travels in `traceparent` (and `tracestate`): an HTTP header, gRPC metadata, fields of the envelope.
 *
 * Off unless `startTracing` is given an OTLP endpoint: then every helper here does nothing at all, so an untraced
 * process neither records nor propagates anything.
 */

/** The fields a traced event's envelope carries, so that its consumers' spans join the trace that wrote it. */
export interface TraceContextFields {
  traceparent?: string;
  tracestate?: string;
}

/** One span, begun: `run` makes it the current one for what `fn` does, `end` closes it once. */
export interface TraceScope {
  run<T>(fn: () => T): T;
  /** An unexpected `failure` marks the span failed; expected ones (a DomainError, a 4xx) go in `attributes`. */
  end(attributes?: Attributes, failure?: unknown): void;
}

const untraced: TraceScope = { run: (fn) => fn(), end: () => undefined };
const w3c = new W3CTraceContextPropagator();

interface Tracing {
  url: string;
  providers: Map<string, BasicTracerProvider>;
  tracers: Map<string, Tracer>;
}
let tracing: Tracing | undefined;

/**
 * Starts exporting spans over OTLP/HTTP (JSON) to `${endpoint}/v1/traces`, as OTEL_EXPORTER_OTLP_ENDPOINT means it;
 * without an endpoint it leaves tracing off. The SDK's own variables apply (OTEL_TRACES_SAMPLER, OTEL_BSP_*).
 * `stop` exports what is left and switches tracing off again.
 */
export function startTracing(options: { endpoint: string | undefined; logger: Logger }): { stop(): Promise<void> } {
  const { endpoint, logger } = options;
  if (!endpoint) return { stop: async () => undefined };
  if (tracing) throw new Error('tracing is already started in this process');
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  // The exporter reports a collector it cannot reach through diag, which is silent unless given a logger.
  diag.setLogger(
    {
      error: (message) => logger.warn({ tracing: message }, 'tracing'),
      warn: (message) => logger.warn({ tracing: message }, 'tracing'),
      info: () => undefined,
      debug: () => undefined,
      verbose: () => undefined,
    },
    DiagLogLevel.WARN,
  );
  const started: Tracing = {
    url: new URL('v1/traces', endpoint.endsWith('/') ? endpoint : `${endpoint}/`).href,
    providers: new Map(),
    tracers: new Map(),
  };
  tracing = started;
  return {
    async stop() {
      if (tracing !== started) return;
      tracing = undefined;
      await Promise.all([...started.providers.values()].map((provider) => provider.shutdown()));
      diag.disable();
      context.disable();
    },
  };
}

export function tracingEnabled(): boolean {
  return tracing !== undefined;
}

/**
 * The tracer of one part of the platform (`bff`, `wallet`...), exporting as the service `tip-<component>`: in the
 * embedded shape every part runs in one process, and a trace still shows which part did what.
 */
function tracerOf(started: Tracing, component: string): Tracer {
  const known = started.tracers.get(component);
  if (known) return known;
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: `tip-${component}`, 'service.namespace': 'tip' }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: started.url }))],
  });
  const tracer = provider.getTracer('tip');
  started.providers.set(component, provider);
  started.tracers.set(component, tracer);
  return tracer;
}

function scopeOf(span: Span, parent: Context): TraceScope {
  const current = trace.setSpan(parent, span);
  return {
    run: (fn) => context.with(current, fn),
    end(attributes, failure) {
      if (attributes) span.setAttributes(attributes);
      if (failure !== undefined) {
        span.recordException(failure instanceof Error ? failure : String(failure));
        span.setStatus({ code: SpanStatusCode.ERROR, message: failure instanceof Error ? failure.message : '' });
      }
      span.end();
    },
  };
}

function begin(component: string, name: string, kind: SpanKind, parent: Context, attributes: Attributes): TraceScope {
  if (!tracing) return untraced;
  return scopeOf(tracerOf(tracing, component).startSpan(name, { kind, attributes }, parent), parent);
}

/** Runs `fn` in `scope` and ends it as `fn` settles, a rejection marking it failed. */
export function traced<T>(scope: TraceScope, fn: () => Promise<T>): Promise<T> {
  if (scope === untraced) return fn();
  return scope.run(fn).then(
    (result) => {
      scope.end();
      return result;
    },
    (error: unknown) => {
      scope.end(undefined, error);
      throw error;
    },
  );
}

/**
 * The span of one HTTP request, child of the caller's `traceparent` if it sent one, named by its route template once
 * the answer is sent (`POST /api/messages`). The request and response's listeners run in it too: a body parsed from
 * stream events would otherwise leave it behind.
 */
export function traceHttpRequest(
  component: string,
  req: IncomingMessage,
  res: ServerResponse,
  routeOf: (req: IncomingMessage) => string,
): TraceScope {
  if (!tracing) return untraced;
  const method = req.method ?? 'GET';
  const parent = w3c.extract(ROOT_CONTEXT, req.headers, defaultTextMapGetter);
  const span = tracerOf(tracing, component).startSpan(
    method,
    { kind: SpanKind.SERVER, attributes: { 'http.request.method': method } },
    parent,
  );
  const current = trace.setSpan(parent, span);
  context.bind(current, req);
  context.bind(current, res);
  res.once('close', () => {
    const route = routeOf(req);
    span.updateName(`${method} ${route}`);
    span.setAttributes({ 'http.route': route, 'http.response.status_code': res.statusCode });
    if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  });
  return { run: (fn) => context.with(current, fn), end: () => undefined };
}

/** gRPC metadata as a carrier (a structural type, so that this module does not depend on grpc-js). */
interface MetadataCarrier {
  get(key: string): (string | Buffer)[];
  set(key: string, value: string): void;
  getMap(): Record<string, unknown>;
}

const metadataGetter: TextMapGetter<MetadataCarrier> = {
  get: (carrier, key) => {
    const [value] = carrier.get(key);
    return typeof value === 'string' ? value : undefined;
  },
  keys: (carrier) => Object.keys(carrier.getMap()),
};

const rpcAttributes = (path: string): Attributes => {
  const [service = '', method = ''] = path.replace(/^\//, '').split('/');
  return { 'rpc.system': 'grpc', 'rpc.service': service, 'rpc.method': method };
};

/** `tip.wallet.v1.Wallet/Debit` → `wallet`: the part that serves the method. */
const componentOfPath = (path: string) => path.replace(/^\//, '').split('.')[1] ?? 'unknown';

/** A call to `path` (`/tip.wallet.v1.Wallet/Debit`) as its caller sees it; inject its context into the metadata. */
export function grpcClientSpan(caller: string, path: string): TraceScope {
  if (!tracing) return untraced;
  return begin(caller, path.replace(/^\//, ''), SpanKind.CLIENT, context.active(), rpcAttributes(path));
}

/** Writes the current trace context into a call's metadata. */
export function injectTraceContext(metadata: MetadataCarrier): void {
  if (tracing) w3c.inject(context.active(), metadata, { set: (carrier, key, value) => carrier.set(key, value) });
}

/**
 * A call of `path` as its service serves it: child of the context the metadata carries over gRPC, or, called in
 * process (no metadata), of the caller's current span.
 */
export function grpcServerSpan(path: string, metadata?: MetadataCarrier): TraceScope {
  if (!tracing) return untraced;
  const parent = metadata ? w3c.extract(ROOT_CONTEXT, metadata, metadataGetter) : context.active();
  return begin(componentOfPath(path), path.replace(/^\//, ''), SpanKind.SERVER, parent, rpcAttributes(path));
}

/** The trace context of the current span, for an event written now; nothing when untraced. */
export function traceContextFields(): TraceContextFields {
  if (!tracing) return {};
  const fields: TraceContextFields = {};
  w3c.inject(context.active(), fields, defaultTextMapSetter);
  return fields;
}

/**
 * A consumer's handling of one event, child of the span that wrote the event (its envelope's trace context), in the
 * part whose group it is (`moderation.projections` → moderation).
 */
export function eventConsumerSpan(
  group: string,
  event: TraceContextFields & { id: string; type: string; topic: string },
): TraceScope {
  if (!tracing) return untraced;
  const parent = w3c.extract(ROOT_CONTEXT, event, defaultTextMapGetter);
  return begin(group.split(/[.-]/)[0] ?? group, `process ${event.type}`, SpanKind.CONSUMER, parent, {
    'messaging.operation.type': 'process',
    'messaging.destination.name': event.topic,
    'messaging.consumer.group.name': group,
    'messaging.message.id': event.id,
  });
}

/** The current trace and span ids, for log lines; nothing when untraced or outside a span. */
export function currentTraceIds(): { traceId: string; spanId: string } | undefined {
  if (!tracing) return undefined;
  const spanContext = trace.getSpanContext(context.active());
  return spanContext && trace.isSpanContextValid(spanContext)
    ? { traceId: spanContext.traceId, spanId: spanContext.spanId }
    : undefined;
}
