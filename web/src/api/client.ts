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

type RequestOptions = { method?: Method; body?: unknown; signal?: AbortSignal };

/**
 * The one way the app talks to the BFF: same-origin cookies, JSON for plain objects, FormData as-is (the browser
 * sets the multipart boundary), and the UI language so that server texts come back translated.
 */
export async function api<T>(path: string, options: RequestOptions = {}) {
  return (await apiWithHeaders<T>(path, options)).data;
}

/** `api`, also answering the response's headers (a list's next-page cursor travels in one). */
export async function apiWithHeaders<T>(path: string, options: RequestOptions = {}) {
  const { method = 'GET', body, signal } = options;
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
  const response = await fetch(path, { method, headers, body: payload, credentials: 'include', signal });
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
