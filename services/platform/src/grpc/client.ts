import * as grpc from '@grpc/grpc-js';
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
  const call = async (method: grpc.MethodDefinition<object, unknown>, request: unknown, callOptions: CallOptions) => {
    const metadata = new grpc.Metadata();
    const requestId = currentRequestId();
    if (requestId) metadata.set('x-request-id', requestId);
    injectTraceContext(metadata);
    metadata.set('authorization', `Bearer ${await token()}`);
    return new Promise((resolve, reject) => {
      const deadline = Date.now() + (callOptions.timeoutMs ?? timeoutMs);
      channel.makeUnaryRequest(
        method.path,
        method.requestSerialize,
        method.responseDeserialize,
        request as object,
        metadata,
        { deadline },
        (error, response) => {
          if (!error) resolve(response);
          else if (isServiceTokenRefusal(error)) reject(new ServiceTokenRefusedError(address, error.details));
          else reject(fromGrpcError(error));
        },
      );
    });
  };
  const client: Record<string, unknown> = { close: () => channel.close() };
  for (const [name, method] of Object.entries(definition as grpc.ServiceDefinition)) {
    if (name[0] !== name[0]?.toUpperCase()) continue;
    client[name] = (request: unknown, callOptions: CallOptions = {}) =>
      traced(grpcClientSpan(options.caller, method.path), () => call(method, request, callOptions));
  }
  return client as ServiceClient<D>;
}
