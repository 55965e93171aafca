/**
 * Talking to one of npm start's workers by name. node:cluster hands each new connection to the next worker in turn,
 * and every answer and socket handshake says which worker made it (WORKER_HEADER, the worker's slot): so a request
 * goes on a connection that was seen to reach the worker, and a socket is opened again until its handshake did.
 */
import { WORKER_HEADER } from '@tip/bff';
import { NodeWebSocket } from 'engine.io-client';
import { Agent, request, type IncomingMessage } from 'node:http';
import { io, type Socket } from 'socket.io-client';

/** Connections opened at most to reach one worker (a busy worker takes its turns late, the other's come first). */
const ATTEMPTS = 200;

export interface Answer {
  status: number;
  /** The slot of the worker that answered. */
  worker: string;
  body: unknown;
}

type RequestInit = { method?: string; cookie?: string; json?: unknown };

/** A keep-alive connection that reached worker `slot`: every request on it is that worker's. */
export interface WorkerConnection {
  request(path: string, init?: RequestInit): Promise<Answer>;
  close(): void;
}

/** Opens connections to the platform at `base` until one reaches worker `slot`. */
export async function connectionTo(base: string, slot: number): Promise<WorkerConnection> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    // One connection: the probe's and the requests' are the same, hence the same worker's.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const probe = await send(agent, base, '/api/health', {}).catch((error: unknown) => {
      agent.destroy();
      throw error;
    });
    if (probe.worker !== String(slot)) {
      agent.destroy();
      continue;
    }
    return {
      async request(path, init = {}) {
        const answer = await send(agent, base, path, init);
        if (answer.worker !== String(slot))
          throw new Error(`${path} was answered by worker ${answer.worker}, not ${slot}`);
        return answer;
      },
      close: () => agent.destroy(),
    };
  }
  throw new Error(`no connection reached worker ${slot} in ${ATTEMPTS} tries`);
}

/** One request to worker `slot` of the platform at `base`, on a connection of its own; JSON in and out. */
export async function onWorker(base: string, slot: number, path: string, init: RequestInit = {}): Promise<Answer> {
  const connection = await connectionTo(base, slot);
  try {
    return await connection.request(path, init);
  } finally {
    connection.close();
  }
}

/** One request on a new connection, to whichever worker the primary hands it. */
export async function onAnyWorker(base: string, path: string): Promise<Answer> {
  const agent = new Agent();
  try {
    return await send(agent, base, path, {});
  } finally {
    agent.destroy();
  }
}

function send(agent: Agent, base: string, path: string, init: RequestInit): Promise<Answer> {
  const body = init.json === undefined ? undefined : JSON.stringify(init.json);
  return new Promise((resolve, reject) => {
    const outgoing = request(new URL(path, base), {
      method: init.method ?? 'GET',
      agent,
      headers: {
        ...(init.cookie && { cookie: init.cookie }),
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
    });
    outgoing.once('error', reject);
    outgoing.once('response', (response: IncomingMessage) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.once('error', reject);
      response.once('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({
          status: response.statusCode ?? 0,
          worker: String(response.headers[WORKER_HEADER]),
          body: text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text,
        });
      });
    });
    outgoing.end(body);
  });
}

/** A member's Socket.IO connection, and the worker its latest handshake reached (it reconnects by itself). */
export interface WorkerSocket {
  socket: Socket;
  worker(): string;
  /** How many handshakes it made: more than one after a reconnection. */
  handshakes(): number;
}

/** A socket of the member whose session `cookie` names, opened again until its handshake reaches worker `slot`. */
export async function socketOnWorker(base: string, cookie: string, slot: number): Promise<WorkerSocket> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const opened = await openSocket(base, cookie);
    if (opened.worker() === String(slot)) return opened;
    opened.socket.disconnect();
  }
  throw new Error(`no socket reached worker ${slot} in ${ATTEMPTS} tries`);
}

async function openSocket(base: string, cookie: string): Promise<WorkerSocket> {
  const workers: string[] = [];
  // engine.io-client's WebSocket transport, telling which worker answered each handshake (the upgrade's headers).
  class RecordingWebSocket extends NodeWebSocket {
    override createSocket(uri: string, protocols: string | string[] | undefined, opts: Record<string, unknown>) {
      const ws = super.createSocket(uri, protocols, opts) as {
        once(event: 'upgrade', listener: (response: IncomingMessage) => void): void;
      };
      ws.once('upgrade', (response) => workers.push(String(response.headers[WORKER_HEADER])));
      return ws;
    }
  }
  const socket = io(base, {
    path: '/ws',
    transports: [RecordingWebSocket],
    extraHeaders: { cookie },
    reconnectionDelay: 100,
    reconnectionDelayMax: 500,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, worker: () => workers.at(-1) ?? '', handshakes: () => workers.length };
}
