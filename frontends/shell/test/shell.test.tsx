import { act, fireEvent, render, screen } from '@testing-library/react';
import { UI_TIMINGS } from '@uapqa/contracts';
import { theme } from '@uapqa/ui';
import { MemoryRouter } from '@uapqa/ui/router-testing';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Testimonials } from '../src/pages/Landing';
import { NotFound } from '../src/pages/NotFound';
import { RemotePage } from '../src/remotes';

const wrap = (ui: React.ReactNode) =>
  render(
    <ThemeProvider theme={theme}>
      <MemoryRouter>{ui}</MemoryRouter>
    </ThemeProvider>,
  );

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('shell pages', () => {
  it('shows the exact 404 page', () => {
    wrap(<NotFound />);
    expect(screen.getByRole('heading', { name: '404 Page Not Found' })).toBeTruthy();
    expect(
      screen.getByText("The page you're looking for doesn't exist or has been moved."),
    ).toBeTruthy();
  });

  it('autoplays the testimonials every 5 s and stops after a manual press', () => {
    vi.useFakeTimers();
    wrap(<Testimonials />);
    expect(screen.getByText('1 / 9')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(UI_TIMINGS.carouselAutoplayMs);
    });
    expect(screen.getByText('2 / 9')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next testimonial' }));
    expect(screen.getByText('3 / 9')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(UI_TIMINGS.carouselAutoplayMs * 3);
    });
    expect(screen.getByText('3 / 9')).toBeTruthy();
  });

  it('shows the friendly error when a remote is not deployed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }),
      ),
    );
    wrap(<RemotePage remote="staff" module="AdminDashboard" />);
    expect(await screen.findByTestId('remote-error')).toBeTruthy();
    expect(screen.getByText('This section is temporarily unavailable')).toBeTruthy();
  });
});
