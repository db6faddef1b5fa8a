import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CurrentUser } from '@uapqa/contracts';
import { useSession } from '@uapqa/ui';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Subscribe from '../src/pages/Subscribe';
import { renderPage } from './render';

const newcomer: CurrentUser = {
  id: 9,
  username: 'newcomer',
  email: 'newcomer@example.com',
  firstName: null,
  lastName: null,
  role: 'user',
  subscriptionStatus: 'inactive',
  foiaCredits: 0,
};

/** What billing answers to a confirmation of each client secret, in order. */
let confirmations: Array<{ status: number; body: unknown }>;
let secrets: string[];
const confirmed: string[] = [];

beforeEach(() => {
  confirmed.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/billing/config')
        return Response.json({ provider: 'local', publishableKey: null });
      if (url === '/api/create-subscription')
        return Response.json({ clientSecret: secrets.shift() });
      if (url === '/api/billing/local/confirm') {
        confirmed.push(JSON.parse(String(init?.body)).clientSecret);
        const next = confirmations.shift()!;
        return Response.json(next.body, { status: next.status });
      }
      if (url === '/api/session') return Response.json({ user: newcomer });
      return Response.json([]);
    }),
  );
  useSession.setState({ user: newcomer, status: 'ready' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ user: null, status: 'loading' });
});

function show() {
  renderPage(<Subscribe />, ['/subscribe']);
}

describe('paying again after a failed payment', () => {
  it('confirms the same payment again after a declined card', async () => {
    secrets = ['in_a_secret'];
    confirmations = [
      { status: 200, body: { status: 'failed', error: { message: 'Your card was declined.' } } },
      { status: 200, body: { status: 'succeeded' } },
    ];
    const user = userEvent.setup();
    show();
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    const pay = await screen.findByRole('button', { name: /Pay \$10/ });
    await user.click(pay);
    await waitFor(() => expect(confirmed).toHaveLength(1));
    await waitFor(() => expect(pay.hasAttribute('disabled')).toBe(false));
    await user.click(pay);
    await waitFor(() => expect(confirmed).toEqual(['in_a_secret', 'in_a_secret']));
  });

  it('starts a new payment when billing says the old one can no longer be confirmed', async () => {
    secrets = ['in_old_secret', 'in_new_secret'];
    confirmations = [
      { status: 409, body: { message: 'This payment has already been made.' } },
      { status: 200, body: { status: 'succeeded' } },
    ];
    const user = userEvent.setup();
    show();
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await user.click(await screen.findByRole('button', { name: /Pay \$10/ }));
    await waitFor(() => expect(secrets).toEqual([]));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Pay \$10/ }).hasAttribute('disabled')).toBe(false),
    );
    await user.click(screen.getByRole('button', { name: /Pay \$10/ }));
    await waitFor(() => expect(confirmed).toEqual(['in_old_secret', 'in_new_secret']));
  });
});
