import * as grpc from '@grpc/grpc-js';
import { once } from 'node:events';
import { currentRequestId } from '../logging/logger.js';
import { grpcClientSpan, injectTraceContext, traced } from '../tracing/tracing.js';
import { fromGrpcError } from './error-metadata.js';
import { MAX_MESSAGE_BYTES } from './server.js';
import { isServiceTokenRefusal, serviceOfPath, serviceTokenSigner, ServiceTokenRefusedError } from './service-token.js';
import type { CallOptions, ServiceClient } from './unary.js';

export interface GrpcClientOptions {
  /** Signs the service token every call carries (SERVICE_TOKEN_SECRET; see service-token.ts). */
  serviceTokenSecret: string;
  /** Who calls, as the token names them: `bff`, or the service calling another. */
  caller: string;
  /** Milliseconds a call may take unless it says otherwise; 5 s by default. */
  timeoutMs?: number;
}

/**
 * A typed, promise-returning client for one service. Every call carries a service token, a deadline, the current
 * request id and trace context (in a span of the caller's), and a failure comes back as the DomainError the service
 * threw (a refused token as ServiceTokenRefusedError: a misconfiguration, not a domain failure).
 */
export function createGrpcClient<D>(
  definition: D & grpc.ServiceDefinition,
  address: string,
  options: GrpcClientOptions,
): ServiceClient<D> {
  const timeoutMs = options.timeoutMs ?? 5000;
  const methods = Object.values(definition as grpc.ServiceDefinition);
  const token = serviceTokenSigner(options.serviceTokenSecret, serviceOfPath(methods[0]?.path ?? ''), options.caller);
  const channel = new grpc.Client(address, grpc.credentials.createInsecure(), {
    'grpc.max_receive_message_length': MAX_MESSAGE_BYTES,
    'grpc.max_send_message_length': MAX_MESSAGE_BYTES,
  });
  const metadataOfCall = () => {
    const metadata = new grpc.Metadata();
    const requestId = currentRequestId();
    if (requestId) metadata.set('x-request-id', requestId);
    injectTraceContext(metadata);
    metadata.set('authorization', `Bearer ${token()}`);
    return metadata;
  };
  const settle =
    (resolve: (response: unknown) => void, reject: (error: unknown) => void) =>
    (error: grpc.ServiceError | null, response?: unknown) => {
      if (!error) resolve(response);
      else if (isServiceTokenRefusal(error)) reject(new ServiceTokenRefusedError(address, error.details));
      else reject(fromGrpcError(error));
    };
  const call = async (method: grpc.MethodDefinition<object, unknown>, request: unknown, callOptions: CallOptions) => {
    const metadata = metadataOfCall();
    const deadline = Date.now() + (callOptions.timeoutMs ?? timeoutMs);
    return new Promise((resolve, reject) => {
      channel.makeUnaryRequest(
        method.path,
        method.requestSerialize,
        method.responseDeserialize,
        request as object,
        metadata,
        { deadline },
        settle(resolve, reject),
      );
    });
  };
  /** A streamed method: each request written as the iterable yields it, waiting while the connection is full. */
  const streamCall = async (
    method: grpc.MethodDefinition<object, unknown>,
    requests: AsyncIterable<object>,
    callOptions: CallOptions,
  ) => {
    const metadata = metadataOfCall();
    const deadline = Date.now() + (callOptions.timeoutMs ?? timeoutMs);
    let answered = false;
    const answer = new Promise((resolve, reject) => {
      const stream = channel.makeClientStreamRequest(
        method.path,
        method.requestSerialize,
        method.responseDeserialize,
        metadata,
        { deadline },
        (error, response) => {
          answered = true;
          settle(resolve, reject)(error, response);
        },
      );
      const ended = once(stream, 'close').catch(() => undefined);
      void (async () => {
        try {
          for await (const request of requests) {
            // The service answered early (a refusal): what is left is not sent.
            if (answered) return;
            if (!stream.write(request)) await Promise.race([once(stream, 'drain'), ended]);
          }
          stream.end();
        } catch (error) {
          // The requests' source failed (a client gone mid-upload): the call is cancelled, and says why.
          stream.cancel();
          reject(error);
        }
      })();
    });
    return answer;
  };
  const client: Record<string, unknown> = { close: () => channel.close() };
  for (const [name, method] of Object.entries(definition as grpc.ServiceDefinition)) {
    if (name[0] !== name[0]?.toUpperCase()) continue;
    client[name] = (request: unknown, callOptions: CallOptions = {}) =>
      traced(grpcClientSpan(options.caller, method.path), () =>
        method.requestStream
          ? streamCall(method, request as AsyncIterable<object>, callOptions)
          : call(method, request, callOptions),
      );
  }
  return client as ServiceClient<D>;
}
