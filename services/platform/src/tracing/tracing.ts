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
  TraceFlags,
  type Attributes,
  type Context,
  type ContextManager,
  type Span,
  type TextMapGetter,
  type Tracer,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { AlwaysOnSampler, BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import type { Logger } from 'pino';
import { requestContext } from '../logging/request-context.js';

/**
 * Traces with OpenTelemetry, instrumented by hand at the platform's choke points (ESM leaves require hooks out): the
 * BFF's requests, gRPC calls on both sides (and in process), the events' envelopes and their consumers. W3C trace
 * context travels in `traceparent` (and `tracestate`): an HTTP header, gRPC metadata, fields of the envelope.
 *
 * Off unless `startTracing` is given an OTLP endpoint: then every helper here does nothing at all, so an untraced
 * process neither records nor propagates anything. On, a trace is sampled where it starts (a share of them) and kept
 * or not as a whole: an unsampled one goes on as unsampled context, making no span.
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
  sampleRatio: number;
  providers: Map<string, BasicTracerProvider>;
  tracers: Map<string, Tracer>;
}
let tracing: Tracing | undefined;

/**
 * Starts exporting spans over OTLP/HTTP (JSON) to `${endpoint}/v1/traces`, as OTEL_EXPORTER_OTLP_ENDPOINT means it;
 * without an endpoint it leaves tracing off. A trace whose caller sampled it is kept; of the traces that start here,
 * `sampleRatio` (0 to 1) are (OTEL_TRACES_SAMPLER_ARG): the others are passed on unsampled, at the cost of their
 * context alone. The SDK's batching variables apply (OTEL_BSP_*). `stop` exports what is left and switches tracing
 * off again.
 */
export function startTracing(options: { endpoint: string | undefined; sampleRatio: number; logger: Logger }): {
  stop(): Promise<void>;
} {
  const { endpoint, logger } = options;
  if (!endpoint) return { stop: async () => undefined };
  if (tracing) throw new Error('tracing is already started in this process');
  context.setGlobalContextManager(requestContextManager);
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
    sampleRatio: options.sampleRatio,
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

/**
 * OpenTelemetry's current context, kept in the platform's request context (request-context.ts) rather than in an
 * AsyncLocalStorage of its own beside it.
 */
const requestContextManager: ContextManager = {
  active: () => requestContext.getStore()?.trace ?? ROOT_CONTEXT,
  with(current, fn, thisArg, ...args) {
    const store = { requestId: requestContext.getStore()?.requestId, trace: current };
    return requestContext.run(store, () => fn.apply(thisArg, args));
  },
  bind(current, target) {
    if (typeof target !== 'function') return target;
    return function (this: unknown, ...args: unknown[]) {
      return requestContextManager.with(current, target as (...a: unknown[]) => unknown, this, ...args);
    } as typeof target;
  },
  enable: () => requestContextManager,
  disable: () => requestContextManager,
};

/**
 * The tracer of one part of the platform (`bff`, `wallet`...), exporting as the service `tip-<component>`: in the
 * embedded shape every part runs in one process, and a trace still shows which part did what.
 */
function tracerOf(started: Tracing, component: string): Tracer {
  const known = started.tracers.get(component);
  if (known) return known;
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: `tip-${component}`, 'service.namespace': 'tip' }),
    // Whether to sample is decided before a span is asked for (entryIsSampled): a span asked for is kept.
    sampler: new AlwaysOnSampler(),
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

/**
 * What a call made outside any sampled span carries to the service it calls: an unsampled trace, so that the service
 * does not sample on its own what is a part of it. Nothing of it is recorded, so it needs no identity of its own.
 */
const UNSAMPLED = trace.setSpanContext(ROOT_CONTEXT, {
  traceId: '00000000000000000000000000000001',
  spanId: '0000000000000001',
  traceFlags: TraceFlags.NONE,
});

const isSampled = (parent: Context) => Boolean((trace.getSpanContext(parent)?.traceFlags ?? 0) & TraceFlags.SAMPLED);

/**
 * Whether the work that comes in with `parent` (a request, a call from another process, an event) is sampled: its
 * caller decided where it sent a trace context (a sampled traceparent is kept, an unsampled one is not), and
 * `sampleRatio` of the traces that start here are. Work in process that is not in a sampled span makes no span and
 * enters no context, so an unsampled trace costs a header lookup and a random number.
 */
function entryIsSampled(parent: Context): boolean {
  if (!tracing) return false;
  return trace.getSpanContext(parent) ? isSampled(parent) : Math.random() < tracing.sampleRatio;
}

/** What a span is called and holds. */
interface SpanDescription {
  component: string;
  name: string;
  attributes: Attributes;
}

function begin(kind: SpanKind, parent: Context, { component, name, attributes }: SpanDescription): TraceScope {
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

/** The context of each sampled request, for its handlers that run after its body was parsed. */
const sampledRequests = new WeakMap<IncomingMessage, Context>();

/**
 * The span of one HTTP request, child of the caller's `traceparent` if it sent one, named by its route template once
 * the answer is sent (`POST /api/messages`).
 */
export function traceHttpRequest(
  component: string,
  req: IncomingMessage,
  res: ServerResponse,
  routeOf: (req: IncomingMessage) => string,
): TraceScope {
  if (!tracing) return untraced;
  const parent = w3c.extract(ROOT_CONTEXT, req.headers, defaultTextMapGetter);
  if (!entryIsSampled(parent)) return untraced;
  const method = req.method ?? 'GET';
  const span = tracerOf(tracing, component).startSpan(
    method,
    { kind: SpanKind.SERVER, attributes: { 'http.request.method': method } },
    parent,
  );
  const current = trace.setSpan(parent, span);
  sampledRequests.set(req, current);
  res.once('close', () => {
    const route = routeOf(req);
    span.updateName(`${method} ${route}`);
    span.setAttributes({ 'http.route': route, 'http.response.status_code': res.statusCode });
    if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  });
  return { run: (fn) => context.with(current, fn), end: () => undefined };
}

/**
 * Runs `fn` in the span of the request: a body parsed from stream events, or a request that waited on one, leaves
 * the context behind, so the handlers take it up again, as they do the request id. (Binding the request's emitters
 * instead costs several microseconds a request.)
 */
export function withRequestTrace<T>(req: IncomingMessage, fn: () => T): T {
  const current = tracing && sampledRequests.get(req);
  return current ? context.with(current, fn) : fn();
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

/** A span of a call of `path` (`/tip.wallet.v1.Wallet/Debit`), named as OpenTelemetry names RPCs. */
function rpcSpan(component: string, path: string): SpanDescription {
  const name = path.replace(/^\//, '');
  const [service = '', method = ''] = name.split('/');
  return { component, name, attributes: { 'rpc.system': 'grpc', 'rpc.service': service, 'rpc.method': method } };
}

/** `tip.wallet.v1.Wallet/Debit` → `wallet`: the part that serves the method. */
const componentOfPath = (path: string) => path.replace(/^\//, '').split('.')[1] ?? 'unknown';

/** A call to `path` (`/tip.wallet.v1.Wallet/Debit`) as its caller sees it, within a sampled span. */
export function grpcClientSpan(caller: string, path: string): TraceScope {
  if (!tracing || !isSampled(context.active())) return untraced;
  return begin(SpanKind.CLIENT, context.active(), rpcSpan(caller, path));
}

/** Writes the current trace context into a call's metadata: an unsampled one outside a sampled span. */
export function injectTraceContext(metadata: MetadataCarrier): void {
  if (!tracing) return;
  const current = isSampled(context.active()) ? context.active() : UNSAMPLED;
  w3c.inject(current, metadata, { set: (carrier, key, value) => carrier.set(key, value) });
}

/**
 * A call of `path` as its service serves it: over gRPC, the child of the context its metadata carries (or the start
 * of a trace, sampled as a request is); called in process (no metadata), the child of the caller's sampled span.
 */
export function grpcServerSpan(path: string, metadata?: MetadataCarrier): TraceScope {
  if (!tracing) return untraced;
  const parent = metadata ? w3c.extract(ROOT_CONTEXT, metadata, metadataGetter) : context.active();
  if (metadata ? !entryIsSampled(parent) : !isSampled(parent)) return untraced;
  return begin(SpanKind.SERVER, parent, rpcSpan(componentOfPath(path), path));
}

/** The trace context of the current span, for an event written now: nothing outside a sampled span. */
export function traceContextFields(): TraceContextFields {
  if (!tracing || !isSampled(context.active())) return {};
  const fields: TraceContextFields = {};
  w3c.inject(context.active(), fields, defaultTextMapSetter);
  return fields;
}

/**
 * A consumer's handling of one event, child of the span that wrote the event (its envelope's trace context; an event
 * written outside a sampled span starts a trace, sampled as a request is), in the part whose group it is
 * (`moderation.projections` → moderation).
 */
export function eventConsumerSpan(
  group: string,
  event: TraceContextFields & { id: string; type: string; topic: string },
): TraceScope {
  if (!tracing) return untraced;
  const parent = w3c.extract(ROOT_CONTEXT, event, defaultTextMapGetter);
  if (!entryIsSampled(parent)) return untraced;
  return begin(SpanKind.CONSUMER, parent, {
    component: group.split(/[.-]/)[0] ?? group,
    name: `process ${event.type}`,
    attributes: {
      'messaging.operation.type': 'process',
      'messaging.destination.name': event.topic,
      'messaging.consumer.group.name': group,
      'messaging.message.id': event.id,
    },
  });
}

/** The current trace and span ids, for log lines: those of a kept (sampled) trace, which a collector has. */
export function currentTraceIds(): { traceId: string; spanId: string } | undefined {
  if (!tracing) return undefined;
  const spanContext = trace.getSpanContext(context.active());
  return spanContext && isSampled(context.active())
    ? { traceId: spanContext.traceId, spanId: spanContext.spanId }
    : undefined;
}
