import cluster from 'node:cluster';
import { z } from 'zod';

/** The variable the primary gives each worker: its slot, 1 to WORKERS, which a restarted worker takes over. */
export const WORKER_SLOT = 'TIP_WORKER_SLOT';
const READY = 'tip:worker-ready';

/** This process's slot among npm start's workers, or undefined when it is not one of them. */
export function workerSlot(): number | undefined {
  if (!cluster.isWorker) return undefined;
  const slot = Number(process.env[WORKER_SLOT]);
  return Number.isInteger(slot) && slot >= 1 ? slot : undefined;
}

/** How many processes npm start runs, each the whole platform: one per core unless told (WORKERS). */
export const workersSetting = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.coerce.number().int().min(1).max(256).optional(),
);

const readySchema = z.object({ type: z.literal(READY), url: z.string() });

/** Tells the primary this worker serves, and where (the address npm start prints). */
export function announceReady(url: string): void {
  process.send?.({ type: READY, url } satisfies z.infer<typeof readySchema>);
}

/** The address a worker said it serves on, when `message` is its announcement. */
export function readyUrlOf(message: unknown): string | undefined {
  const parsed = readySchema.safeParse(message);
  return parsed.success ? parsed.data.url : undefined;
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
