import { useSyncExternalStore } from 'react';

/** The requests waiting to be sent again after the server refused them for its load, and how long each waits. */
const waits = new Map<symbol, number>();
let longest: number | null = null;
const listeners = new Set<() => void>();

function publish() {
  longest = waits.size === 0 ? null : Math.max(...waits.values());
  listeners.forEach((listener) => listener());
}

/**
 * Waits `seconds` before a refused request is sent again, the while announcing it (the notice says so); rejects with
 * the signal's reason when the request is abandoned meanwhile.
 */
export function waitToRetry(seconds: number, signal?: AbortSignal): Promise<void> {
  const wait = Symbol('retry');
  waits.set(wait, seconds);
  publish();
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, seconds * 1000);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  }).finally(() => {
    waits.delete(wait);
    publish();
  });
}

/** Calls `listener` on each change of the wait announced; answers how to stop. */
export function watchServerBusy(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The longest wait announced now, in seconds; null while no request waits. */
export const serverBusySeconds = () => longest;

export function useServerBusy() {
  return useSyncExternalStore(watchServerBusy, serverBusySeconds, serverBusySeconds);
}
