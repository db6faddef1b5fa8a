import { render } from '@testing-library/react';
import { theme, useToastStore } from '@uapqa/ui';
import { Route, Routes, useLocation } from '@uapqa/ui/router';
import { MemoryRouter } from '@uapqa/ui/router-testing';
import type { ReactElement } from 'react';
import { ThemeProvider } from 'styled-components';
import { SWRConfig } from 'swr';

function Where() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

/**
 * Renders a page at `path` inside the providers the shell gives every page, with a fresh SWR
 * cache; `/auth` is a stub page, and the current location is shown in `data-testid=location`.
 */
export function renderPage(ui: ReactElement, path = '/moderator-dashboard') {
  return render(
    <ThemeProvider theme={theme}>
      <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false }}>
        <MemoryRouter initialEntries={[path]}>
          <Where />
          <Routes>
            <Route path={path} element={ui} />
            <Route path="/auth" element={<h1>Auth page</h1>} />
          </Routes>
        </MemoryRouter>
      </SWRConfig>
    </ThemeProvider>,
  );
}

export function lastToast() {
  return useToastStore.getState().toasts[0];
}

export { jsonResponse, stubFetch, toastTitles } from '@uapqa/ui/testing';
