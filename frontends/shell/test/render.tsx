import { render } from '@testing-library/react';
import { theme } from '@uapqa/ui';
import { MemoryRouter } from '@uapqa/ui/router-testing';
import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';

/** Renders inside the theme and a router, as the shell's layout does. */
export function renderInShell(ui: ReactNode) {
  return render(
    <ThemeProvider theme={theme}>
      <MemoryRouter>{ui}</MemoryRouter>
    </ThemeProvider>,
  );
}

/** The JSON body of the one call `fetch` got for `url`. */
export function sentBody(spy: { mock: { calls: unknown[][] } }, url: string): unknown {
  const calls = spy.mock.calls.filter(([to]) => to === url);
  if (calls.length !== 1) throw new Error(`${calls.length} calls to ${url}`);
  return JSON.parse(String((calls[0]![1] as RequestInit).body));
}

export { jsonResponse, stubFetch, toastTitles } from '@uapqa/ui/testing';
