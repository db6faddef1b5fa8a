/**
 * A minimal browser cookie jar for `app.request()` tests: remembers Set-Cookie values (honouring
 * deletion) and sends them back. Path and domain scoping are ignored: tests talk to one origin.
 */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response): Response {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const separator = pair!.indexOf('=');
      const name = pair!.slice(0, separator).trim();
      const value = pair!.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key, raw] = attribute.split('=').map((part) => part.trim().toLowerCase());
        return (
          (key === 'max-age' && Number(raw) <= 0) ||
          (key === 'expires' && raw !== undefined && Date.parse(raw) < Date.now())
        );
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  set(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  clone(): CookieJar {
    const copy = new CookieJar();
    for (const [name, value] of this.cookies) copy.set(name, value);
    return copy;
  }
}

type Fetcher = { request(input: string, init?: RequestInit): Response | Promise<Response> };

/** Sends requests to an app as one browser would: JSON bodies, its cookies, its origin. */
export function browser(app: Fetcher, origin = 'http://localhost') {
  const jar = new CookieJar();
  const send = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const init: RequestInit = {
      method,
      headers: {
        origin,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(jar.header() ? { cookie: jar.header() } : {}),
        ...headers,
      },
      ...(body === undefined
        ? {}
        : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    };
    return jar.store(await app.request(`${origin}${path}`, init));
  };
  return {
    jar,
    get: (path: string, headers?: Record<string, string>) => send('GET', path, undefined, headers),
    post: (path: string, body?: unknown, headers?: Record<string, string>) =>
      send('POST', path, body ?? {}, headers),
    patch: (path: string, body?: unknown, headers?: Record<string, string>) =>
      send('PATCH', path, body ?? {}, headers),
    delete: (path: string, headers?: Record<string, string>, body?: unknown) =>
      send('DELETE', path, body, headers),
  };
}
export type Browser = ReturnType<typeof browser>;
