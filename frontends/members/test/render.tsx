import { render } from '@testing-library/react';
import { theme } from '@uapqa/ui';
import { MemoryRouter } from '@uapqa/ui/router-testing';
import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { SWRConfig } from 'swr';

/**
 * Renders inside the providers the shell gives every page, with a fresh SWR cache, at
 * `initialEntries` (the router's default, `/`, when none are given).
 */
export function renderPage(page: ReactNode, initialEntries?: string[]) {
  return render(
    <ThemeProvider theme={theme}>
      <SWRConfig value={{ provider: () => new Map() }}>
        <MemoryRouter initialEntries={initialEntries}>{page}</MemoryRouter>
      </SWRConfig>
    </ThemeProvider>,
  );
}
