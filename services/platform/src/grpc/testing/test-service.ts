import { fileURLToPath } from 'node:url';
import { loadProto } from '../load-proto.js';
import type { ProtoGrpcType } from './generated/users.js';
import type { UsersDefinition } from './generated/tip/testing/v1/Users.js';

export type { UsersDefinition } from './generated/tip/testing/v1/Users.js';

/** The platform tests' own gRPC service (users.proto), standing in for a service's contract. */
export const TEST_SERVICE_NAME = 'tip.testing.v1.Users';

/** Another service's name, for a token meant for someone else. */
export const OTHER_SERVICE_NAME = 'tip.testing.v1.Other';

let definition: UsersDefinition | undefined;

export function testServiceDefinition(): UsersDefinition {
  definition ??= loadProto<ProtoGrpcType>(fileURLToPath(new URL('users.proto', import.meta.url))).tip.testing.v1.Users
    .service;
  return definition;
}
