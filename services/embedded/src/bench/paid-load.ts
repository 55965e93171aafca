/**
 * Paid messages offered at a rate, each timed from its send to the recipient's socket, and the knee search over
 * such rounds (doubling, then halving the gap): what overload.bench and distributed.bench both measure.
 */
import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';

export const STEP_S = 4;
export const STEP_RATE = 50;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const percentile = (of: number[], q: number) => {
  const sorted = [...of].sort((a, b) => a - b);
  return sorted[Math.floor(q * (sorted.length - 1))] ?? 0;
};
export const ms = (value: number) => `${value.toFixed(1)} ms`;

export function openSocket(base: string, who: { cookie: string } | { member: string }): Promise<Socket> {
  const socket = io(base, {
    path: '/ws',
    transports: ['websocket'],
    reconnection: false,
    ...('cookie' in who ? { extraHeaders: { cookie: who.cookie } } : { auth: { member: who.member } }),
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Sends message `id` (the i-th) of a pair; answers the HTTP response. */
export type Send = (pair: number, id: string, i: number) => Promise<Response>;

/** What one run of sends at a rate saw. */
export interface Round {
  offered: number;
  answered: number[];
  delivered: number[];
  refused: number[];
  refusedByStatus: Map<number, number>;
  failed: Map<string, number>;
}

export interface PaidLoad {
  /** Times the `message_received` events this socket gets against the sends that named them. */
  listen(socket: Socket): void;
  /** `rate` sends a second for `seconds` through `send`, each timed to its answer and to the recipient's socket. */
  offer(rate: number, seconds: number, send: Send, onAccepted?: (pair: number) => void): Promise<Round>;
  /**
   * The highest rate whose sends all reach their sockets with p99 under `targetMs`, none refused or failed, after a
   * warm-up round.
   */
  kneeOf(what: string, send: Send, targetMs: number, onAccepted?: (pair: number) => void): Promise<number>;
}

export function paidLoad(pairs: number): PaidLoad {
  const sentAt = new Map<string, { started: number; round: Round }>();
  const offer: PaidLoad['offer'] = async (rate, seconds, send, onAccepted) => {
    const round: Round = {
      offered: rate * seconds,
      answered: [],
      delivered: [],
      refused: [],
      refusedByStatus: new Map(),
      failed: new Map(),
    };
    const began = performance.now();
    const sends: Promise<void>[] = [];
    for (let i = 0; i < round.offered; i++) {
      const wait = began + (i * 1000) / rate - performance.now();
      if (wait > 1) await sleep(wait);
      const pair = i % pairs;
      const id = randomUUID();
      const started = performance.now();
      sentAt.set(id, { started, round });
      const sent = send(pair, id, i).then(
        async (response) => {
          await response.arrayBuffer();
          const took = performance.now() - started;
          if (response.status === 201) {
            onAccepted?.(pair);
            round.answered.push(took);
            return;
          }
          sentAt.delete(id);
          if ((response.status === 503 || response.status === 429) && response.headers.has('retry-after')) {
            round.refused.push(took);
            round.refusedByStatus.set(response.status, (round.refusedByStatus.get(response.status) ?? 0) + 1);
          } else round.failed.set(`HTTP ${response.status}`, (round.failed.get(`HTTP ${response.status}`) ?? 0) + 1);
        },
        (error: unknown) => {
          sentAt.delete(id);
          const reason = String((error as Error).message).slice(0, 60);
          round.failed.set(reason, (round.failed.get(reason) ?? 0) + 1);
        },
      );
      sends.push(sent);
    }
    await Promise.all(sends);
    const deadline = performance.now() + 10_000;
    while (round.delivered.length < round.answered.length && performance.now() < deadline) await sleep(50);
    return round;
  };
  return {
    listen(socket) {
      socket.on('message_received', (event: { message: { id: string } }) => {
        const sent = sentAt.get(event.message.id);
        if (!sent) return;
        sentAt.delete(event.message.id);
        sent.round.delivered.push(performance.now() - sent.started);
      });
    },
    offer,
    async kneeOf(what, send, targetMs, onAccepted) {
      const holds = async (rate: number) => {
        const round = await offer(rate, STEP_S, send, onAccepted);
        const p99 = percentile(round.delivered, 0.99);
        const failed = [...round.failed.values()].reduce((a, b) => a + b, 0);
        console.log(
          `  ${what}, ${rate}/s for ${STEP_S} s: send to socket p99 ${ms(p99)}, refused ${round.refused.length}, failed ${failed}`,
        );
        return p99 < targetMs && round.refused.length === 0 && failed === 0;
      };
      // A round at the first rate that is not judged: it measures the JIT and the caches filling, not a running server.
      await offer(STEP_RATE, STEP_S, send, onAccepted);
      let good = 0;
      let bad = STEP_RATE;
      while (await holds(bad)) [good, bad] = [bad, bad * 2];
      while (bad - good > STEP_RATE) {
        const middle = Math.round((good + bad) / 2 / STEP_RATE) * STEP_RATE;
        if (await holds(middle)) good = middle;
        else bad = middle;
      }
      return good;
    },
  };
}
