import { waitToRetry } from './server-busy';

/** A non-OK answer: `status` is the HTTP status, `message` the server's `{ message }` (already in the user's language). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The server's answers for "too busy now" (503 for everyone, 429 for one session or member), with Retry-After. */
const BUSY_STATUSES = new Set([429, 503]);
/** How often a refused request is sent again before its refusal is shown. */
const MAX_RETRIES = 3;
/** The longest wait before sending again: past it the member is better told and left to choose. */
const MAX_WAIT_SECONDS = 10;

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('application/json')) return response.json();
  const text = await response.text();
  if (!response.ok) return text;
  // An OK answer that is not JSON (e.g. the SPA's index.html from a static server) means no API behind us.
  throw new ApiError(response.status, `Unexpected ${type || 'empty'} answer`);
}

function serverMessage(body: unknown, response: Response) {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') return body.message;
  if (typeof body === 'string' && body.trim()) return body.trim();
  return response.statusText || `HTTP ${response.status}`;
}

type RequestOptions = {
  method?: Method;
  body?: unknown;
  signal?: AbortSignal;
  /** A write that is one effect however often it is sent (a message with its id): sent again when the server is busy. */
  idempotent?: boolean;
};

/**
 * How long to wait before sending again a request the server refused for its load: the Retry-After it asked for, at
 * least twice the previous wait, at most MAX_WAIT_SECONDS; null when it is not to be sent again (not a busy answer, no
 * Retry-After in seconds, or one longer than MAX_WAIT_SECONDS, as the abuse limits' minutes are).
 */
function retryWait(response: Response, previousSeconds: number): number | null {
  if (!BUSY_STATUSES.has(response.status)) return null;
  const asked = Number(response.headers.get('retry-after') ?? '');
  if (!Number.isFinite(asked) || asked <= 0 || asked > MAX_WAIT_SECONDS) return null;
  return Math.min(MAX_WAIT_SECONDS, Math.max(asked, previousSeconds * 2));
}

/**
 * The one way the app talks to the BFF: same-origin cookies, JSON for plain objects, FormData as-is (the browser
 * sets the multipart boundary), and the UI language so that server texts come back translated. A read (GET) or an
 * idempotent write that the server refuses for its load (503, 429 with Retry-After) is sent again after the wait it
 * asks for, then twice as long, MAX_RETRIES times at most, while the page says so (server-busy.ts).
 */
export async function api<T>(path: string, options: RequestOptions = {}) {
  return (await apiWithHeaders<T>(path, options)).data;
}

/** `api`, also answering the response's headers (a list's next-page cursor travels in one). */
export async function apiWithHeaders<T>(path: string, options: RequestOptions = {}) {
  const { method = 'GET', body, signal } = options;
  const retryable = method === 'GET' || options.idempotent === true;
  const headers: Record<string, string> = { Accept: 'application/json' };
  // The i18n setup writes the chosen language on <html lang>.
  if (typeof document !== 'undefined' && document.documentElement.lang)
    headers['Accept-Language'] = document.documentElement.lang;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const send = () => fetch(path, { method, headers, body: payload, credentials: 'include', signal });
  let response = await send();
  for (let retries = 0, waited = 0; retryable && retries < MAX_RETRIES; retries++) {
    const wait = retryWait(response, waited);
    if (wait === null) break;
    // The refusal's body is not read: let its connection go back to the pool.
    await response.body?.cancel();
    await waitToRetry(wait, signal);
    waited = wait;
    response = await send();
  }
  const data = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, serverMessage(data, response));
  return { data: data as T, headers: response.headers };
}

/** Builds multipart form data, leaving out fields the user left empty so optional fields stay absent. */
export function toFormData(fields: Record<string, unknown>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null || value === '') continue;
    form.append(name, value instanceof Blob ? value : String(value));
  }
  return form;
}
