import * as grpc from '@grpc/grpc-js';
import jwt from 'jsonwebtoken';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { DomainError } from '../errors/domain-error.js';
import type { Logger } from '../logging/logger.js';
import { toGrpcError } from './error-metadata.js';

/**
 * Service calls carry a credential: a JWT signed HS256 with the secret the BFF and every service share
 * (SERVICE_TOKEN_SECRET), its subject the caller ('bff'), its audience the gRPC service called
 * (`tip.wallet.v1.Wallet`), valid for a few minutes and signed again by the client before it expires. It travels as
 * `authorization: Bearer <token>` in each call's metadata (call credentials need TLS, which the services' network
 * does not have). The gRPC health service needs none: container and kubelet probes carry no token.
 */

/** The one caller of the services. */
export const SERVICE_TOKEN_SUBJECT = 'bff';
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

/** SERVICE_TOKEN_SECRET in a process's config: required, at least 32 characters. */
export const serviceTokenConfigShape = {
  SERVICE_TOKEN_SECRET: z
    .string({ error: 'is required: the secret the BFF and every service share (see deploy/README.md)' })
    .min(32, 'must be at least 32 characters'),
};

/** A random secret for one process: the embedded shape's loopback ports, and tests. */
export function generateServiceTokenSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** The gRPC service a method path names: `/tip.wallet.v1.Wallet/Debit` → `tip.wallet.v1.Wallet`. */
export function serviceOfPath(path: string): string {
  return path.split('/')[1] ?? '';
}

/** Signs the tokens a client sends to one service, and signs anew before the current one expires. */
export function serviceTokenSigner(
  secret: string,
  audience: string,
  ttlSeconds = SERVICE_TOKEN_TTL_SECONDS,
): () => string {
  let token = '';
  let renewAt = 0;
  return () => {
    const now = Date.now();
    if (now >= renewAt) {
      token = jwt.sign({}, secret, {
        algorithm: 'HS256',
        subject: SERVICE_TOKEN_SUBJECT,
        audience,
        expiresIn: ttlSeconds,
      });
      renewAt = now + Math.max(ttlSeconds - RENEW_BEFORE_SECONDS, ttlSeconds / 2) * 1000;
    }
    return token;
  };
}

/** Why a call's credential was refused, or undefined when it holds. */
export type TokenProblem = 'missing' | 'invalid' | 'expired';

/**
 * Checks `authorization: Bearer <token>` for one service. A token already verified is remembered (by its text)
 * until it expires, so the signature is checked once per token rather than once per call.
 */
export function serviceTokenVerifier(
  secret: string,
): (authorization: string | undefined, audience: string) => TokenProblem | undefined {
  const verified = new Map<string, number>();
  return (authorization, audience) => {
    const token = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
    if (!token) return 'missing';
    const key = `${audience} ${token}`;
    const until = verified.get(key);
    if (until !== undefined) {
      if (Date.now() < until) return undefined;
      verified.delete(key);
      return 'expired';
    }
    try {
      const claims = jwt.verify(token, secret, {
        algorithms: ['HS256'],
        subject: SERVICE_TOKEN_SUBJECT,
        audience,
        maxAge: MAX_TOKEN_AGE_SECONDS,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
      });
      if (typeof claims !== 'object' || typeof claims.exp !== 'number' || typeof claims.iat !== 'number') {
        return 'invalid';
      }
      // Remembered for as long as verify would accept it: until its expiry, or its maximum age if that comes first.
      const acceptedUntil = Math.min(claims.exp, claims.iat + MAX_TOKEN_AGE_SECONDS) + CLOCK_TOLERANCE_SECONDS;
      if (verified.size >= 64) verified.clear();
      verified.set(key, acceptedUntil * 1000);
      return undefined;
    } catch (error) {
      return error instanceof jwt.TokenExpiredError ? 'expired' : 'invalid';
    }
  };
}

/**
 * The server side: refuses every call but the health service's with UNAUTHENTICATED unless it carries a valid
 * token for the service it calls. It answers before the request message is read, so an unauthenticated caller
 * cannot make the service decode a 16 MB upload.
 */
export function serviceTokenInterceptor(secret: string, logger: Logger): grpc.ServerInterceptor {
  const verify = serviceTokenVerifier(secret);
  return (method, call) => {
    if (method.path.startsWith(HEALTH_PATH_PREFIX)) return new grpc.ServerInterceptingCall(call);
    const listener = new grpc.ServerListenerBuilder()
      .withOnReceiveMetadata((metadata, next) => {
        const authorization = metadata.get('authorization')[0];
        const problem = verify(
          typeof authorization === 'string' ? authorization : undefined,
          serviceOfPath(method.path),
        );
        if (!problem) {
          next(metadata);
          return;
        }
        logger.warn({ method: method.path, peer: call.getPeer(), problem }, 'refused a gRPC call: service token');
        const { metadata: errorMetadata } = toGrpcError(new DomainError('UNAUTHENTICATED', 'errors.unauthenticated'));
        errorMetadata?.set(REFUSED, problem);
        call.sendStatus({
          code: grpc.status.UNAUTHENTICATED,
          details: `service token ${problem}: only the BFF may call this service (SERVICE_TOKEN_SECRET)`,
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
    super(`${address} refused the service token (${details}); SERVICE_TOKEN_SECRET must be the same everywhere`);
    this.name = 'ServiceTokenRefusedError';
  }
}

/** Whether a gRPC failure is a refusal of the caller's service token (not a domain UNAUTHENTICATED). */
export function isServiceTokenRefusal(error: grpc.ServiceError): boolean {
  return error.code === grpc.status.UNAUTHENTICATED && (error.metadata?.get(REFUSED).length ?? 0) > 0;
}
