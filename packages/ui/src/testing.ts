/**
 * `@uapqa/ui/testing`: what the frontends' component tests share, at the boundaries the pages
 * talk through: `fetch` and the toast queue. Test-only; never import it from application code.
 */
import { vi } from 'vitest';
import { useToastStore } from './toast.js';

/** Titles of the toasts shown so far. */
export function toastTitles(): string[] {
  return useToastStore.getState().toasts.map((toast) => toast.title);
}

/** A JSON answer as the API gives it. */
export function jsonResponse(
  body: unknown,
  status = 200,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** Stubs `fetch` at the boundary: each call is answered by `answer(url, init)`. */
export function stubFetch(
  answer: (url: string, init: RequestInit) => Response | Promise<Response>,
) {
  const spy = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) =>
    answer(String(input), init),
  );
  vi.stubGlobal('fetch', spy);
  return spy;
}
