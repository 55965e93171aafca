import { loadProto, type CallerPolicy } from '@tip/platform';
import type { ProtoGrpcType } from '../generated/identity.js';
import type { IdentityDefinition } from '../generated/tip/identity/v1/Identity.js';

export type { IdentityDefinition } from '../generated/tip/identity/v1/Identity.js';
export type { User as IdentityUser, User__Output as IdentityUserOutput } from '../generated/tip/identity/v1/User.js';
export type { RegisterRequest__Output as IdentityRegisterRequest } from '../generated/tip/identity/v1/RegisterRequest.js';

export const IDENTITY_SERVICE_NAME = 'tip.identity.v1.Identity';

/**
 * Who calls identity besides the BFF: moderation, which learns of a member it has not heard of yet (its decisions
 * reach identity as events), and the wallet, which applies a premium purchase before it settles it. The
 * NetworkPolicies admit the same.
 */
export const IDENTITY_CALLERS: CallerPolicy = {
  GetUser: ['bff', 'moderation'],
  ApplyPremiumPurchase: ['wallet'],
};

let definition: IdentityDefinition | undefined;

/** The identity service's gRPC definition, loaded from proto/identity.proto once. */
export function identityDefinition(): IdentityDefinition {
  definition ??= loadProto<ProtoGrpcType>('identity.proto').tip.identity.v1.Identity.service;
  return definition;
}
