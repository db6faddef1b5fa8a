import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { theme } from '@uapqa/ui';
import { jsonResponse, stubFetch } from '@uapqa/ui/testing';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocalCardForm } from '../src/lib/payment';

afterEach(() => vi.unstubAllGlobals());

function renderCardForm() {
  const onDone = vi.fn();
  render(
    <ThemeProvider theme={theme}>
      <LocalCardForm clientSecret="in_secret" label="Pay $10" onDone={onDone} />
    </ThemeProvider>,
  );
  return onDone;
}

/** The body of each confirmation sent. */
const confirmations = (spy: ReturnType<typeof stubFetch>) =>
  spy.mock.calls.map(([, init]) => JSON.parse(String((init as RequestInit).body)));

const describedError = (field: HTMLElement) =>
  document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;

describe('the demo card form', () => {
  it('says what is missing or malformed under each field, and confirms nothing', async () => {
    const api = stubFetch(() => jsonResponse({ status: 'succeeded' }));
    const onDone = renderCardForm();
    await userEvent.clear(screen.getByLabelText('Card number'));
    await userEvent.clear(screen.getByLabelText('Expiry'));
    await userEvent.type(screen.getByLabelText('Expiry'), '13/34');
    await userEvent.clear(screen.getByLabelText('CVC'));
    await userEvent.type(screen.getByLabelText('CVC'), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $10' }));
    const card = screen.getByLabelText('Card number');
    await waitFor(() => expect(describedError(card)).toBe('Please enter the card number.'));
    expect(card.getAttribute('aria-invalid')).toBe('true');
    expect(describedError(screen.getByLabelText('Expiry'))).toBe(
      'Please enter the expiry date as MM / YY.',
    );
    expect(describedError(screen.getByLabelText('CVC'))).toBe('The CVC is 3 or 4 digits.');
    expect(api).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('confirms the payment as the card decides: the declining card fails, another succeeds', async () => {
    const api = stubFetch(() =>
      confirmations(api).length === 1
        ? jsonResponse({ status: 'failed', error: { message: 'Your card was declined.' } })
        : jsonResponse({ status: 'succeeded' }),
    );
    const onDone = renderCardForm();
    const card = screen.getByLabelText('Card number');
    await userEvent.clear(card);
    await userEvent.type(card, '4000 0000 0000 0002');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $10' }));
    await waitFor(() =>
      expect(onDone).toHaveBeenCalledWith({ ok: false, message: 'Your card was declined.' }),
    );
    await userEvent.clear(card);
    await userEvent.type(card, '4242 4242 4242 4242');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $10' }));
    await waitFor(() => expect(onDone).toHaveBeenLastCalledWith({ ok: true }));
    expect(confirmations(api)).toEqual([
      { clientSecret: 'in_secret', outcome: 'failed' },
      { clientSecret: 'in_secret', outcome: 'succeeded' },
    ]);
    expect(api.mock.calls.map(([url]) => url)).toEqual([
      '/api/billing/local/confirm',
      '/api/billing/local/confirm',
    ]);
  });
});
