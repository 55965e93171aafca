import cluster from 'node:cluster';

/** The variable the primary gives each worker: its slot, 1 to WORKERS, which a restarted worker takes over. */
export const WORKER_SLOT = 'TIP_WORKER_SLOT';
const READY = 'tip:worker-ready';

/** This process's slot among npm start's workers, or undefined when it is not one of them. */
export function workerSlot(): number | undefined {
  if (!cluster.isWorker) return undefined;
  const slot = Number(process.env[WORKER_SLOT]);
  return Number.isInteger(slot) && slot >= 1 ? slot : undefined;
}

/** Tells the primary this worker serves. */
export function announceReady(): void {
  process.send?.({ type: READY });
}

export function isReadyMessage(message: unknown): boolean {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === READY;
}

/**
 * The prefix of the BFF's consumer groups in a slot. Each worker pushes to its own sockets and keeps its own caches,
 * so each follows every event, in groups of its own; the slot's name outlives a restart, so a restarted worker goes
 * on where its slot stopped. Slot 1, and the single process, keep the groups npm start always had ('bff').
 */
export function bffEventsGroup(slot: number | undefined): string {
  return slot === undefined || slot === 1 ? 'bff' : `bff-${slot}`;
}

/** The consumer group through which a worker's identity hears of users the other workers wrote (its console lists). */
export function identityListsGroup(slot: number): string {
  return `identity.lists-${slot}`;
}
