import * as grpc from '@grpc/grpc-js';
import { HealthImplementation } from 'grpc-health-check';
import { randomUUID } from 'node:crypto';
import { DomainError } from '../errors/domain-error.js';
import { withRequestId, type Logger } from '../logging/logger.js';
import { grpcServerDuration, latencyOf } from '../metrics/registry.js';
import { grpcServerSpan } from '../tracing/tracing.js';
import { toGrpcError } from './error-metadata.js';
import { serviceTokenInterceptor, type CallerPolicy } from './service-token.js';
import type { ServiceHandlers } from './unary.js';

const secretsOf = (options: { serviceTokenSecret: string; acceptedServiceTokenSecret?: string | undefined }) => [
  options.serviceTokenSecret,
  ...(options.acceptedServiceTokenSecret ? [options.acceptedServiceTokenSecret] : []),
];

/**
 * The largest message: a video served whole without a range (at most ~100 MB), and CreatePost's upload in one message
 * (up to 200 MB; the BFF streams its uploads in chunks instead, CreatePostUpload).
 */
export const MAX_MESSAGE_BYTES = 210 * 1024 * 1024;

export interface GrpcService<D> {
  /** Fully-qualified name for the health service, e.g. `tip.identity.v1.Identity`. */
  name: string;
  definition: D & grpc.ServiceDefinition;
  handlers: ServiceHandlers<D>;
  /** Who may call which method; the BFF alone, every method, unless it says otherwise. */
  callers?: CallerPolicy;
}

export interface RunningGrpcServer {
  /** host:port actually bound (port 0 picks a free one). */
  address: string;
  /** Stops accepting calls, lets calls in flight finish (up to graceMs), then closes. */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Serves one service and the standard health service. Every call but the health service's must carry a service token
 * signed with `serviceTokenSecret` (see service-token.ts) by a caller the service admits to the method, or it is
 * refused with UNAUTHENTICATED.
 */
export async function startGrpcServer<D>(options: {
  address: string;
  service: GrpcService<D>;
  logger: Logger;
  serviceTokenSecret: string;
  /** One more secret whose tokens are accepted, during a rotation (SERVICE_TOKEN_ACCEPTED_SECRET). */
  acceptedServiceTokenSecret?: string | undefined;
}): Promise<RunningGrpcServer> {
  const { service, logger } = options;
  const server = new grpc.Server({
    'grpc.max_receive_message_length': MAX_MESSAGE_BYTES,
    'grpc.max_send_message_length': MAX_MESSAGE_BYTES,
    interceptors: [serviceTokenInterceptor(secretsOf(options), logger, service.callers ?? {})],
  });
  const health = new HealthImplementation({ '': 'SERVING', [service.name]: 'SERVING' });
  health.addToServer(server);

  const implementation: grpc.UntypedServiceImplementation = {};
  const timed = latencyOf(grpcServerDuration());
  const methods = service.definition as grpc.ServiceDefinition;
  for (const [method, handler] of Object.entries(service.handlers) as [
    string,
    (r: unknown, c: unknown) => Promise<unknown>,
  ][]) {
    // A streamed method's handler reads the call itself (a readable stream of the requests, in order).
    const streamed = methods[method]?.requestStream === true;
    implementation[method] = (
      call: grpc.ServerUnaryCall<unknown, unknown> | grpc.ServerReadableStream<unknown, unknown>,
      callback: grpc.sendUnaryData<unknown>,
    ) => {
      const requestId = String(call.metadata.get('x-request-id')[0] ?? '') || randomUUID();
      const done = timed();
      const span = grpcServerSpan(call.getPath(), call.metadata);
      const input = streamed || !('request' in call) ? call : call.request;
      withRequestId(requestId, () => {
        span
          .run(() => handler(input, { requestId }))
          .then(
            (response) => {
              done({ service: service.name, method, code: grpc.status[grpc.status.OK] });
              span.end();
              callback(null, response);
            },
            (error: unknown) => {
              const unexpected = !(error instanceof DomainError);
              // A call cancelled meanwhile (its deadline, its caller gone, a stop past its grace) was answered already;
              // its handler failing after (the stores closed under it at a stop) is no fault of the service.
              if (unexpected && call.cancelled)
                logger.warn({ err: error, method }, 'a gRPC handler failed after its call was cancelled');
              else if (unexpected) logger.error({ err: error, method }, 'unexpected failure in a gRPC handler');
              const failure = toGrpcError(error);
              const code = failure.code ?? grpc.status.UNKNOWN;
              done({ service: service.name, method, code: grpc.status[code] });
              span.end({ 'rpc.grpc.status_code': code }, unexpected ? error : undefined);
              callback(failure);
            },
          );
      });
    };
  }
  server.addService(service.definition, implementation);

  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync(options.address, grpc.ServerCredentials.createInsecure(), (error, boundPort) =>
      error ? reject(error) : resolve(boundPort),
    ),
  );
  const host = options.address.slice(0, options.address.lastIndexOf(':'));
  return {
    address: `${host}:${port}`,
    stop: (graceMs = 5000) =>
      new Promise<void>((resolve) => {
        // Both names: a probe may ask for the server or for the service by name.
        health.setStatus('', 'NOT_SERVING');
        health.setStatus(service.name, 'NOT_SERVING');
        const force = setTimeout(() => server.forceShutdown(), graceMs);
        server.tryShutdown(() => {
          clearTimeout(force);
          resolve();
        });
      }),
  };
}
