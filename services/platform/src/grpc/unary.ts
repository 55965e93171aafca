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

/**
 * A method whose caller streams its requests (`rpc M(stream Part) returns (Reply)`), as its contract marks it: the
 * generated definitions type every method alike, so a contract says which are streamed (an upload in chunks, which
 * neither side holds whole on the way).
 */
export type ClientStreaming<M> = M & { requestStream: true };

type Handler<M> = M extends { requestStream: true }
  ? (requests: AsyncIterable<Parts<M>['reqOut']>, context: CallContext) => Promise<Parts<M>['res']>
  : (request: Parts<M>['reqOut'], context: CallContext) => Promise<Parts<M>['res']>;

/**
 * A service's implementation: one async function per method, taking the request (or, for a streamed method, the
 * requests as they arrive). Throw DomainError for expected failures.
 */
export type ServiceHandlers<D> = { [K in MethodNames<D>]: Handler<D[K]> };

export interface CallOptions {
  /** Milliseconds before the call gives up; the client's default otherwise. */
  timeoutMs?: number;
}

type ClientMethod<M> = M extends { requestStream: true }
  ? (requests: AsyncIterable<Parts<M>['req']>, options?: CallOptions) => Promise<Parts<M>['resOut']>
  : (request: Parts<M>['req'], options?: CallOptions) => Promise<Parts<M>['resOut']>;

/**
 * A promise-returning client: `await identity.GetUser({ userId })`; a streamed method takes its requests as an async
 * iterable, sent as it yields them (waiting while the connection is full).
 */
export type ServiceClient<D> = { [K in MethodNames<D>]: ClientMethod<D[K]> } & { close(): void };
