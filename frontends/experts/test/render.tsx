import { render } from '@testing-library/react';
import { theme, useToastStore } from '@uapqa/ui';
import { MemoryRouter } from '@uapqa/ui/router-testing';
import type { ReactElement } from 'react';
import { ThemeProvider } from 'styled-components';
import { SWRConfig } from 'swr';
import { vi } from 'vitest';

/** Renders inside the providers the shell gives every page, with a fresh SWR cache. */
export function renderPage(ui: ReactElement) {
  return render(
    <ThemeProvider theme={theme}>
      <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false }}>
        <MemoryRouter>{ui}</MemoryRouter>
      </SWRConfig>
    </ThemeProvider>,
  );
}

/** Titles of the toasts shown so far (the ui package's queue). */
export function toastTitles(): string[] {
  return useToastStore.getState().toasts.map((toast) => toast.title);
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
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
