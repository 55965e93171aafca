import type { IncomingMessage, ServerResponse } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { counter } from '@tip/platform';
import type { Say } from '../i18n/translator.js';
import { SESSION_COOKIE } from '../session/sessions.js';
import { readCookie } from '../session/cookies.js';
import { decideAdmission, type AdmissionLimits } from './admission-rule.js';

const refusals = counter(
  'tip_admission_refusals_total',
  'Requests refused at the door because the BFF was past a threshold',
  ['reason'],
);

/**
 * How often the event loop's delay is read: the window whose mean delay the next requests are judged by. The mean of a
 * half second lets one garbage collection's pause (or a loaded machine's scheduler) pass while a loop that is behind
 * on every turn, or blocked, shows at once.
 */
const SAMPLE_MS = 500;
/** The delay histogram's resolution: finer costs timer wake-ups, coarser misses short stalls. */
const RESOLUTION_MS = 10;

/**
 * Paths served whatever the load. Health and readiness: an orchestrator that saw them refused would restart or
 * unroute a replica that is only busy, which would make it worse. Stripe's webhook: a refused one is retried by Stripe
 * for days but delays a purchase that is already paid. Everything outside /api (the web app's files, cheap and
 * cached): without them there is no page to say that the server is busy and retry. Socket.IO's /ws never reaches
 * the gate (engine.io takes its requests before the HTTP server's handler), so sockets stay connected.
 */
export function isExempt(req: IncomingMessage): boolean {
  const url = req.url ?? '/';
  const end = url.indexOf('?');
  const path = end === -1 ? url : url.slice(0, end);
  return !path.startsWith('/api/') || path === '/api/health' || path === '/api/ready' || path === '/api/stripe/webhook';
}

/**
 * Admission control at the HTTP server's door, ahead of the fast lanes and Express: a request the load has no room
 * for is answered at once (503, or 429 to one session flooding) with Retry-After, before a route reads its body or
 * calls a service, so a refused paid send charges nothing. The load is the event loop's mean delay over the last
 * SAMPLE_MS as `monitorEventLoopDelay` (node:perf_hooks, libuv's own timing) saw it, and the requests admitted and not
 * yet answered, in total and per session cookie (the raw token: no signature check at the door, and a forged one only
 * gets its own count before its 401).
 */
export class AdmissionControl {
  private readonly delays = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  private readonly sampler: NodeJS.Timeout;
  private eventLoopDelayMs = 0;
  private inFlight = 0;
  private readonly perSession = new Map<string, number>();

  constructor(
    private readonly limits: AdmissionLimits,
    private readonly say: Say,
  ) {
    this.delays.enable();
    this.sampler = setInterval(() => {
      // The histogram records each of its timer's whole intervals, RESOLUTION_MS included: the lag is what exceeds it.
      this.eventLoopDelayMs = this.delays.count > 0 ? Math.max(0, this.delays.mean / 1e6 - RESOLUTION_MS) : 0;
      this.delays.reset();
    }, SAMPLE_MS).unref();
  }

  /** Counts the request in flight until its answer ends and answers true, or answers the refusal and false. */
  admit(req: IncomingMessage, res: ServerResponse): boolean {
    if (isExempt(req)) return true;
    const session = readCookie(req.headers.cookie, SESSION_COOKIE);
    const decision = decideAdmission(
      {
        eventLoopDelayMs: this.eventLoopDelayMs,
        inFlight: this.inFlight,
        memberInFlight: session ? (this.perSession.get(session) ?? 0) : 0,
      },
      this.limits,
    );
    if (!decision.admit) {
      refusals.inc({ reason: decision.reason });
      const key = decision.status === 429 ? 'errors.memberBusy' : 'errors.serverBusy';
      const body = JSON.stringify({
        message: this.say(req, key, { retryAfterSeconds: decision.retryAfterSeconds }),
      });
      res.writeHead(decision.status, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': Buffer.byteLength(body),
        'Cache-Control': 'no-store',
        'Retry-After': String(decision.retryAfterSeconds),
      });
      res.end(body);
      return false;
    }
    this.inFlight++;
    if (session) this.perSession.set(session, (this.perSession.get(session) ?? 0) + 1);
    // 'close' comes once whether the answer was sent or the client went away first.
    res.once('close', () => {
      this.inFlight--;
      if (!session) return;
      const left = (this.perSession.get(session) ?? 1) - 1;
      if (left === 0) this.perSession.delete(session);
      else this.perSession.set(session, left);
    });
    return true;
  }

  stop(): void {
    clearInterval(this.sampler);
    this.delays.disable();
  }
}
