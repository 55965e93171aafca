import * as grpc from '@grpc/grpc-js';
import { currentRequestId } from '../logging/logger.js';
import { fromGrpcError } from './error-metadata.js';
import { MAX_MESSAGE_BYTES } from './server.js';
import type { CallOptions, ServiceClient } from './unary.js';

/**
 * A typed, promise-returning client for one service. Every call carries a deadline and the current request id,
 * and a failure comes back as the DomainError the service threw.
 */
export function createGrpcClient<D>(
  definition: D & grpc.ServiceDefinition,
  address: string,
  defaults: { timeoutMs: number } = { timeoutMs: 5000 },
): ServiceClient<D> {
  const channel = new grpc.Client(address, grpc.credentials.createInsecure(), {
    'grpc.max_receive_message_length': MAX_MESSAGE_BYTES,
    'grpc.max_send_message_length': MAX_MESSAGE_BYTES,
  });
  const client: Record<string, unknown> = { close: () => channel.close() };
  for (const [name, method] of Object.entries(definition as grpc.ServiceDefinition)) {
    if (name[0] !== name[0]?.toUpperCase()) continue;
    client[name] = (request: unknown, options: CallOptions = {}) =>
      new Promise((resolve, reject) => {
        const metadata = new grpc.Metadata();
        const requestId = currentRequestId();
        if (requestId) metadata.set('x-request-id', requestId);
        const deadline = Date.now() + (options.timeoutMs ?? defaults.timeoutMs);
        channel.makeUnaryRequest(
          method.path,
          method.requestSerialize,
          method.responseDeserialize,
          request as object,
          metadata,
          { deadline },
          (error, response) => (error ? reject(fromGrpcError(error)) : resolve(response)),
        );
      });
  }
  return client as ServiceClient<D>;
}
