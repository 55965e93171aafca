/**
 * A browser as far as the BFF can tell: it keeps the cookies it is given, sends them back, states a language, and
 * does not follow redirects by itself (tests look at them).
 */
export class Browser {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly baseUrl: string,
    private readonly language?: string,
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request(
    path: string,
    options: { method?: string; json?: unknown; body?: RequestInit['body']; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size > 0) headers.Cookie = this.cookieHeader();
    if (this.language) headers['Accept-Language'] = this.language;
    let body = options.body;
    if (options.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    const url = path.startsWith('http') ? path : `${this.baseUrl}${path}`;
    const response = await fetch(url, { method: options.method ?? 'GET', headers, body, redirect: 'manual' });
    this.keepCookies(response);
    return response;
  }

  get(path: string) {
    return this.request(path);
  }

  postJson(path: string, json: unknown, method = 'POST') {
    return this.request(path, { method, json });
  }

  postForm(path: string, form: FormData, method = 'POST') {
    return this.request(path, { method, body: form });
  }

  keepCookies(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((attribute) => attribute.trim().toLowerCase() === 'max-age=0');
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/** The body of a JSON answer, typed loosely for assertions. */
export async function json(response: Response): Promise<Record<string, unknown>> {
  return (await response.json()) as Record<string, unknown>;
}
