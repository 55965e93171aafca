import type { MethodDefinition } from '@grpc/proto-loader';

/** The named members of a type, without its index signature (generated definitions extend grpc's indexed one). */
type KnownKeys<T> = keyof { [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K] };
/** Method names of a generated service definition (the generated types also carry lower-case aliases). */
type MethodNames<D> = { [K in KnownKeys<D>]: K extends Capitalize<K & string> ? K : never }[KnownKeys<D>] & keyof D;

type Parts<M> =
  M extends MethodDefinition<infer Req, infer Res, infer ReqOut, infer ResOut>
    ? { req: Req; res: Res; reqOut: ReqOut; resOut: ResOut }
    : never;

export interface CallContext {
  requestId: string | undefined;
}

/** A service's implementation: one async function per method. Throw DomainError for expected failures. */
export type ServiceHandlers<D> = {
  [K in MethodNames<D>]: (request: Parts<D[K]>['reqOut'], context: CallContext) => Promise<Parts<D[K]>['res']>;
};

export interface CallOptions {
  /** Milliseconds before the call gives up; the client's default otherwise. */
  timeoutMs?: number;
}

/** A promise-returning client: `await identity.GetUser({ userId })`. */
export type ServiceClient<D> = {
  [K in MethodNames<D>]: (request: Parts<D[K]>['req'], options?: CallOptions) => Promise<Parts<D[K]>['resOut']>;
} & { close(): void };
