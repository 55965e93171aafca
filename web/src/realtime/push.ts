import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { PushEvent, PushEventType, PushOf } from '@tip/bff/contract';

/** What the server pushes, as the BFF's contract defines it: `type` names the event, the rest is its payload. */
export type PushedEvent = PushEvent;

/** What one pushed event type does to the cache. */
export type PushHandler<E extends PushedEvent = PushedEvent> = {
  /** Carries the event's news into the cache (or acts on it) without a request. */
  apply?: (queryClient: QueryClient, event: E) => void;
  /** The cached queries the event makes stale (the ones on screen fetch again). */
  invalidates?: readonly QueryKey[];
};

/** A feature's part in the realtime connection: what its pushed events do, and what a lost connection does. */
export type PushHandlers = {
  /** By pushed event type. Several features may handle one type (a block changes the blocks list and the feeds). */
  events: { readonly [T in PushEventType]?: PushHandler<PushOf<T>> };
  /**
   * Queries made stale when the connection drops: their polling intervals are read after a fetch, so one fetch starts
   * their fallback polling.
   */
  onDisconnect?: readonly QueryKey[];
};

/** An event off the socket: an object with its `type` (its payload is as the contract says; the BFF's tests hold it). */
export function isPushedEvent(value: unknown): value is PushedEvent {
  return typeof value === 'object' && value !== null && 'type' in value && typeof value.type === 'string';
}

const handlersOf = (features: readonly PushHandlers[], type: PushEventType) =>
  features.flatMap((feature) => (Object.hasOwn(feature.events, type) ? [feature.events[type] as PushHandler] : []));

/**
 * Hands `event` to every feature handling its type, in the order `features` lists them: first every `apply` (the
 * event's payload goes into the cache), then every `invalidates`.
 */
export function dispatchPush(queryClient: QueryClient, features: readonly PushHandlers[], event: PushedEvent) {
  const handlers = handlersOf(features, event.type);
  for (const handler of handlers) handler.apply?.(queryClient, event);
  for (const handler of handlers)
    for (const queryKey of handler.invalidates ?? []) void queryClient.invalidateQueries({ queryKey });
}

/** The connection dropped: every query a feature polls while it is down is made stale once. */
export function dispatchDisconnect(queryClient: QueryClient, features: readonly PushHandlers[]) {
  for (const feature of features)
    for (const queryKey of feature.onDisconnect ?? []) void queryClient.invalidateQueries({ queryKey });
}
