import * as grpc from '@grpc/grpc-js';
import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { DomainError } from '../errors/domain-error.js';
import type { Logger } from '../logging/logger.js';
import { toGrpcError } from './error-metadata.js';

/**
 * Service calls carry a credential: a JWT signed HS256 with the secret the BFF and every service share
 * (SERVICE_TOKEN_SECRET), its subject the caller (`bff`, or the service that calls another: `messaging` charging
 * through the wallet), its audience the gRPC service called (`tip.wallet.v1.Wallet`), valid for a few minutes and
 * signed again by the client before it expires. It travels as `authorization: Bearer <token>` in each call's
 * metadata (call credentials need TLS, which the services' network does not have). A service admits each method to
 * the callers its CallerPolicy names. The gRPC health service needs no token: container and kubelet probes carry none.
 */

/** The caller every method admits unless the service's policy names others: the BFF. */
export const BFF_CALLER = 'bff';

/**
 * Which callers a service admits to which of its methods (by method name); a method not named admits the BFF only.
 * A paid action's debit, say, admits the service that sells it and not the BFF.
 */
export type CallerPolicy = Readonly<Record<string, readonly string[]>>;

/** The callers `policy` admits to the method at `path` (`/tip.wallet.v1.Wallet/Debit`). */
export function callersOf(policy: CallerPolicy, path: string): readonly string[] {
  return policy[path.split('/')[2] ?? ''] ?? [BFF_CALLER];
}
/** How long a token the client signs is valid; it signs a fresh one a minute before that. */
export const SERVICE_TOKEN_TTL_SECONDS = 300;
const RENEW_BEFORE_SECONDS = 60;
/** The most a service accepts: a token older than this is refused whatever its own expiry says. */
const MAX_TOKEN_AGE_SECONDS = 600;
/** Clocks of different machines disagree a little. */
const CLOCK_TOLERANCE_SECONDS = 30;
/** What a refusal carries besides the DomainError's metadata, so the client can tell it from a domain failure. */
const REFUSED = 'x-service-token';
/** Unauthenticated calls to the health service (container and kubelet probes) stay allowed. */
const HEALTH_PATH_PREFIX = '/grpc.health.v1.Health/';

/**
 * SERVICE_TOKEN_SECRET in a process's config: required, at least 32 characters; what its calls are signed with and
 * its service checks calls against. SERVICE_TOKEN_ACCEPTED_SECRET, optional: one more secret whose tokens its service
 * accepts (it never signs with it), so that the secret changes without downtime: first every process accepts the new
 * one, then every process signs with it (accepting the old one meanwhile), then the old one goes (deploy/README.md).
 */
export const serviceTokenConfigShape = {
  SERVICE_TOKEN_SECRET: z
    .string({ error: 'is required: the secret the BFF and every service share (see deploy/README.md)' })
    .min(32, 'must be at least 32 characters'),
  SERVICE_TOKEN_ACCEPTED_SECRET: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
};

/** A random secret for one process: the embedded shape's loopback ports, and tests. */
export function generateServiceTokenSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** The gRPC service a method path names: `/tip.wallet.v1.Wallet/Debit` → `tip.wallet.v1.Wallet`. */
export function serviceOfPath(path: string): string {
  return path.split('/')[1] ?? '';
}

const ALGORITHM = 'HS256';

/** Signs the tokens `caller` sends to one service, and signs anew before the current one expires. */
export function serviceTokenSigner(
  secret: string,
  audience: string,
  caller: string,
  ttlSeconds = SERVICE_TOKEN_TTL_SECONDS,
): () => string {
  const sign = createSigner({
    key: secret,
    algorithm: ALGORITHM,
    sub: caller,
    aud: audience,
    expiresIn: ttlSeconds * 1000,
  });
  let token = '';
  let renewAt = 0;
  return () => {
    const now = Date.now();
    if (now >= renewAt) {
      token = sign({});
      renewAt = now + Math.max(ttlSeconds - RENEW_BEFORE_SECONDS, ttlSeconds / 2) * 1000;
    }
    return token;
  };
}

/** The claims of a verified token, as the token says them (their types checked below). */
type Claims = Record<string, unknown>;

/** Why a call's credential was refused: none, a bad one, or one whose caller the method does not admit. */
export type TokenProblem = 'missing' | 'invalid' | 'expired' | 'caller not admitted';

/**
 * Checks `authorization: Bearer <token>` for one service and answers the caller it names, or why it is refused: a
 * token signed with any of `secrets` holds (the current one, and during a rotation the other). A token already
 * verified is remembered (by its text) until it expires, so the signature is checked once per token rather than once
 * per call.
 */
export function serviceTokenVerifier(
  secrets: readonly string[],
): (authorization: string | undefined, audience: string) => { caller: string } | { problem: TokenProblem } {
  /** A check per secret and audience (the service called), made once: fast-jwt checks in the call, with node:crypto. */
  const checks = new Map<string, ((token: string) => Claims)[]>();
  const checksFor = (audience: string) => {
    let made = checks.get(audience);
    if (!made) {
      made = secrets.map((key) =>
        createVerifier({
          key,
          algorithms: [ALGORITHM],
          allowedAud: audience,
          requiredClaims: ['aud'],
          maxAge: MAX_TOKEN_AGE_SECONDS * 1000,
          clockTolerance: CLOCK_TOLERANCE_SECONDS * 1000,
        }),
      );
      checks.set(audience, made);
    }
    return made;
  };
  const verify = (token: string, audience: string): { claims: Claims } | { problem: TokenProblem } => {
    let problem: TokenProblem = 'invalid';
    for (const check of checksFor(audience)) {
      try {
        return { claims: check(token) };
      } catch (error) {
        if (error instanceof TokenError && error.code === TokenError.codes.expired) problem = 'expired';
      }
    }
    return { problem };
  };
  const verified = new Map<string, { until: number; caller: string }>();
  return (authorization, audience) => {
    const token = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
    if (!token) return { problem: 'missing' };
    const key = `${audience} ${token}`;
    const known = verified.get(key);
    if (known !== undefined) {
      if (Date.now() < known.until) return { caller: known.caller };
      verified.delete(key);
      return { problem: 'expired' };
    }
    const verdict = verify(token, audience);
    if ('problem' in verdict) return verdict;
    const { claims } = verdict;
    if (
      typeof claims.exp !== 'number' ||
      typeof claims.iat !== 'number' ||
      typeof claims.sub !== 'string' ||
      !claims.sub
    ) {
      return { problem: 'invalid' };
    }
    // Remembered for as long as verify would accept it: until its expiry, or its maximum age if that comes first.
    const acceptedUntil = Math.min(claims.exp, claims.iat + MAX_TOKEN_AGE_SECONDS) + CLOCK_TOLERANCE_SECONDS;
    if (verified.size >= 64) verified.clear();
    verified.set(key, { until: acceptedUntil * 1000, caller: claims.sub });
    return { caller: claims.sub };
  };
}

/**
 * The server side: refuses every call but the health service's with UNAUTHENTICATED unless it carries a valid
 * token for the service it calls, from a caller `policy` admits to the method. It answers before the request message
 * is read, so an unauthenticated caller cannot make the service decode a 16 MB upload.
 */
export function serviceTokenInterceptor(
  secrets: readonly string[],
  logger: Logger,
  policy: CallerPolicy,
): grpc.ServerInterceptor {
  const verify = serviceTokenVerifier(secrets);
  return (method, call) => {
    if (method.path.startsWith(HEALTH_PATH_PREFIX)) return new grpc.ServerInterceptingCall(call);
    const listener = new grpc.ServerListenerBuilder()
      .withOnReceiveMetadata((metadata, next) => {
        const authorization = metadata.get('authorization')[0];
        const verdict = verify(
          typeof authorization === 'string' ? authorization : undefined,
          serviceOfPath(method.path),
        );
        const problem: TokenProblem | undefined =
          'problem' in verdict
            ? verdict.problem
            : callersOf(policy, method.path).includes(verdict.caller)
              ? undefined
              : 'caller not admitted';
        if (!problem) {
          next(metadata);
          return;
        }
        const caller = 'caller' in verdict ? verdict.caller : undefined;
        logger.warn(
          { method: method.path, peer: call.getPeer(), caller, problem },
          'refused a gRPC call: service token',
        );
        const { metadata: errorMetadata } = toGrpcError(new DomainError('UNAUTHENTICATED', 'errors.unauthenticated'));
        errorMetadata?.set(REFUSED, problem);
        call.sendStatus({
          code: grpc.status.UNAUTHENTICATED,
          details: `service token ${problem}: ${method.path} admits ${callersOf(policy, method.path).join(', ')} (SERVICE_TOKEN_SECRET)`,
          ...(errorMetadata && { metadata: errorMetadata }),
        });
      })
      .build();
    return new grpc.ServerInterceptingCall(
      call,
      new grpc.ResponderBuilder().withStart((next) => next(listener)).build(),
    );
  };
}

/**
 * A call the service refused for this process's credential: a misconfiguration, not the member's doing. It is a
 * plain Error, not a DomainError, so the BFF logs it, answers 500 ('errors.internal' in the member's language)
 * and reports itself not ready.
 */
export class ServiceTokenRefusedError extends Error {
  constructor(
    readonly address: string,
    readonly details: string,
  ) {
    super(`${address} refused the service token (${details}): a misconfigured secret or caller`);
    this.name = 'ServiceTokenRefusedError';
  }
}

/** Whether a gRPC failure is a refusal of the caller's service token (not a domain UNAUTHENTICATED). */
export function isServiceTokenRefusal(error: grpc.ServiceError): boolean {
  return error.code === grpc.status.UNAUTHENTICATED && (error.metadata?.get(REFUSED).length ?? 0) > 0;
}
