import { render } from '@testing-library/react';
import { theme } from '@uapqa/ui';
import { MemoryRouter } from '@uapqa/ui/router-testing';
import type { ReactElement } from 'react';
import { ThemeProvider } from 'styled-components';
import { SWRConfig } from 'swr';

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

export { jsonResponse, stubFetch, toastTitles } from '@uapqa/ui/testing';

/** An answer long enough to publish (MIN_ANSWER_LENGTH characters and more). */
export const LONG_ANSWER =
  'The radar logs of that night show two slow returns west of the field, each seen by two stations at once. ' +
  'The weather balloon launched at 21:00 drifted the same way at the same height, which the Air Force file takes as the answer.';
