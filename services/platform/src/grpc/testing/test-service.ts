import { fileURLToPath } from 'node:url';
import { loadProto } from '../load-proto.js';
import type { ProtoGrpcType } from './generated/users.js';
import type { ClientStreaming } from '../unary.js';
import type { UsersDefinition as GeneratedUsers } from './generated/tip/testing/v1/Users.js';

/** The generated definition, with CountBytes marked as streamed by its caller, as the proto declares it. */
export type UsersDefinition = GeneratedUsers & { CountBytes: ClientStreaming<GeneratedUsers['CountBytes']> };

/** The platform tests' own gRPC service (users.proto), standing in for a service's contract. */
export const TEST_SERVICE_NAME = 'tip.testing.v1.Users';

/** Another service's name, for a token meant for someone else. */
export const OTHER_SERVICE_NAME = 'tip.testing.v1.Other';

let definition: UsersDefinition | undefined;

export function testServiceDefinition(): UsersDefinition {
  // The loaded definition says requestStream: true for CountBytes, as the type now does.
  definition ??= loadProto<ProtoGrpcType>(fileURLToPath(new URL('users.proto', import.meta.url))).tip.testing.v1.Users
    .service as UsersDefinition;
  return definition;
}
