/**
 * HTTP helpers of the browser: every call sends the cookies and goes to
 * the page's own origin; a non-OK response raises an Error whose message is
 * `<status>: <body text or status text>`.
 */

import type { Middleware } from 'swr';
import { deferredData } from './deferred-data.js';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'HttpError';
  }
}

async function throwIfNotOk(response: Response): Promise<Response> {
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new HttpError(response.status, text, response.statusText);
  }
  return response;
}

/**
 * A generic mutation: the body as JSON, credentials included unless `credentials` says otherwise
 * (the public forms send none: they carry no session).
 */
export async function apiRequest(
  method: string,
  url: string,
  body?: unknown,
  { credentials = 'include' }: { credentials?: RequestCredentials } = {},
): Promise<Response> {
  const init: RequestInit = { method, credentials, headers: {} };
  if (body !== undefined) {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  return throwIfNotOk(await fetch(url, init));
}

/** A generic query: GET, parse JSON. */
export async function getJson<T>(url: string): Promise<T> {
  const response = await apiRequest('GET', url);
  return (await response.json()) as T;
}

/** A 401: the message begins '401:' and contains 'Unauthorized'. */
export function isUnauthorized(error: unknown): boolean {
  return (
    error instanceof Error &&
    error.message.startsWith('401:') &&
    error.message.includes('Unauthorized')
  );
}

/** The HTTP status of an error raised by these helpers (`<status>: <body>`), else undefined. */
export function statusOf(error: unknown): number | undefined {
  if (!(error instanceof Error)) return undefined;
  const status = (error as { status?: unknown }).status;
  if (typeof status === 'number') return status;
  const match = /^(\d{3}): /.exec(error.message);
  return match ? Number(match[1]) : undefined;
}

/** The server's `{ message }` (or `error`) out of a raised error, else undefined. */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const body = error instanceof HttpError ? error.body : error.message.replace(/^\d{3}: /, '');
  try {
    const parsed = JSON.parse(body) as { message?: unknown; error?: unknown };
    if (typeof parsed.message === 'string' && parsed.message) return parsed.message;
    if (typeof parsed.error === 'string' && parsed.error) return parsed.error;
    if (
      parsed.error &&
      typeof parsed.error === 'object' &&
      typeof (parsed.error as { message?: unknown }).message === 'string'
    ) {
      return (parsed.error as { message: string }).message;
    }
  } catch {
    // not JSON: fall through to the plain text
  }
  return body || undefined;
}

/**
 * SWR settings: never retried, never stale, no focus refetch, no polling. A page shows what it
 * loaded until the user acts, so a failure is reported once and nothing changes under the reader.
 * Answers are drawn in interruptible renders (`deferredData`).
 */
export const swrConfig = {
  use: [deferredData] as Middleware[],
  fetcher: (url: string) => getJson<unknown>(url),
  shouldRetryOnError: false,
  errorRetryCount: 0,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  revalidateIfStale: false,
  refreshInterval: 0,
  dedupingInterval: 2000,
} as const;
