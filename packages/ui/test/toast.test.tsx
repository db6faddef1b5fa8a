import { act, fireEvent, render, screen } from '@testing-library/react';
import { UI_TIMINGS } from '@uapqa/contracts';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../src/theme.js';
import { Toaster, toast, useToastStore } from '../src/toast.js';
import { ToastView } from '../src/toast-view.js';

/** The queue's view itself, as the page's `Toaster` renders it once its first toast came. */
function renderToaster() {
  return render(
    <ThemeProvider theme={theme}>
      <ToastView />
    </ThemeProvider>,
  );
}

afterEach(() => {
  vi.useRealTimers();
  useToastStore.setState({ toasts: [] });
});

describe('toasts', () => {
  it('puts nothing on the page until the first toast, then fetches its view and shows it', async () => {
    const { container } = render(
      <ThemeProvider theme={theme}>
        <Toaster />
      </ThemeProvider>,
    );
    expect(container.innerHTML).toBe('');
    act(() => {
      toast({ title: 'Saved' });
    });
    expect((await screen.findByTestId('toast')).textContent).toContain('Saved');
    expect(screen.getByRole('region').getAttribute('aria-label')).toContain('F8');
  });

  it('shows at most one toast: a new one replaces the shown one', () => {
    renderToaster();
    act(() => {
      toast({ title: 'First' });
      toast({ title: 'Second', description: 'details' });
    });
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    expect(screen.getByTestId('toast').textContent).toContain('Second');
    expect(screen.queryByText('First')).toBeNull();
  });

  it('closes a toast after 5000 ms and removes it after the remove delay', () => {
    vi.useFakeTimers();
    renderToaster();
    act(() => {
      toast({ title: 'Saved' });
    });
    expect(screen.getByTestId('toast').getAttribute('data-state')).toBe('open');
    act(() => {
      vi.advanceTimersByTime(UI_TIMINGS.toastDurationMs - 100);
    });
    expect(screen.getByTestId('toast').getAttribute('data-state')).toBe('open');
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(useToastStore.getState().toasts[0]?.open).toBe(false);
    act(() => {
      vi.advanceTimersByTime(UI_TIMINGS.toastRemoveDelayMs);
    });
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });

  it('offers an action button for as long as the toast says, which runs it and closes', () => {
    vi.useFakeTimers();
    renderToaster();
    const onAction = vi.fn();
    act(() => {
      toast({
        title: 'Question approved',
        duration: 60_000,
        action: { label: 'Undo', altText: 'Press F8, then Undo', onAction },
      });
    });
    act(() => {
      vi.advanceTimersByTime(UI_TIMINGS.toastDurationMs + 1000);
    });
    expect(screen.getByTestId('toast').getAttribute('data-state')).toBe('open');
    // Radix tells screen readers the alternative with the toast's announcement.
    const undo = screen.getByRole('button', { name: 'Undo' });
    expect(
      undo
        .closest('[data-radix-toast-announce-alt]')
        ?.getAttribute('data-radix-toast-announce-alt'),
    ).toBe('Press F8, then Undo');
    fireEvent.click(undo);
    expect(onAction).toHaveBeenCalledTimes(1);
    expect(useToastStore.getState().toasts[0]?.open).toBe(false);
  });

  it('closes a toast with an action once its own duration has passed', () => {
    vi.useFakeTimers();
    renderToaster();
    act(() => {
      toast({
        title: 'Question approved',
        duration: 60_000,
        action: { label: 'Undo', altText: 'Press F8, then Undo', onAction: () => {} },
      });
    });
    act(() => {
      vi.advanceTimersByTime(60_000 + 100);
    });
    expect(useToastStore.getState().toasts[0]?.open).toBe(false);
  });

  it('focuses the notification region on F8 and swipes to the right', () => {
    renderToaster();
    act(() => {
      toast({ title: 'Hello' });
    });
    const region = screen.getByRole('region');
    expect(region.getAttribute('aria-label')).toContain('F8');
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    expect(document.activeElement?.tagName).toBe('OL');
    expect(screen.getByTestId('toast').getAttribute('data-swipe-direction')).toBe('right');
  });
});
