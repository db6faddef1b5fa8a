import { screen } from '@testing-library/react';
import type { CurrentUser } from '@uapqa/contracts';
import { useSession } from '@uapqa/ui';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Dashboard from '../src/pages/Dashboard';
import SubmitQuestion from '../src/pages/SubmitQuestion';
import Subscribe from '../src/pages/Subscribe';
import { renderPage } from './render';

const member = (overrides: Partial<CurrentUser> = {}): CurrentUser => ({
  id: 7,
  username: 'member',
  email: 'member@example.com',
  firstName: null,
  lastName: null,
  role: 'user',
  subscriptionStatus: 'inactive',
  foiaCredits: 0,
  ...overrides,
});

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/api/billing/config')) {
        return Response.json({ provider: 'local', publishableKey: null });
      }
      if (url.startsWith('/api/session'))
        return Response.json({ user: useSession.getState().user });
      return Response.json([]);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ user: null, status: 'loading' });
});

describe('/subscribe', () => {
  it('asks a signed-out visitor to sign in', () => {
    useSession.setState({ user: null, status: 'ready' });
    renderPage(<Subscribe />);
    expect(screen.getByRole('heading', { name: 'Authentication Required' })).toBeTruthy();
  });

  it('lets an inactive member subscribe but not buy credits', () => {
    useSession.setState({ user: member(), status: 'ready' });
    renderPage(<Subscribe />);
    expect(screen.getByRole('heading', { name: 'Pricing & Access' })).toBeTruthy();
    expect(screen.getByText('MOST POPULAR')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Subscribe' }).hasAttribute('disabled')).toBe(false);
    const required = screen.getAllByRole('button', { name: 'Subscription Required' });
    expect(required).toHaveLength(2);
    for (const button of required) expect(button.hasAttribute('disabled')).toBe(true);
  });

  it('shows Already Subscribed to an active member, who can buy credits', () => {
    useSession.setState({
      user: member({ subscriptionStatus: 'active', foiaCredits: 3 }),
      status: 'ready',
    });
    renderPage(<Subscribe />);
    expect(
      screen.getByRole('button', { name: 'Already Subscribed' }).hasAttribute('disabled'),
    ).toBe(true);
    const purchase = screen.getAllByRole('button', { name: 'Purchase Credits' });
    expect(purchase).toHaveLength(2);
    for (const button of purchase) expect(button.hasAttribute('disabled')).toBe(false);
  });
});

describe('/submit-question guards', () => {
  it('needs a subscription, then at least one credit', () => {
    useSession.setState({ user: member(), status: 'ready' });
    const { unmount } = renderPage(<SubmitQuestion />);
    expect(screen.getByRole('heading', { name: 'Subscription Required' })).toBeTruthy();
    unmount();
    useSession.setState({ user: member({ subscriptionStatus: 'active' }), status: 'ready' });
    renderPage(<SubmitQuestion />);
    expect(screen.getByRole('heading', { name: 'Insufficient Credits' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Purchase Credits' })).toBeTruthy();
  });
});

describe('/dashboard', () => {
  it('greets the member and enables Submit New Question only with a subscription and credits', async () => {
    useSession.setState({ user: member({ firstName: 'Max' }), status: 'ready' });
    const { unmount } = renderPage(<Dashboard />);
    expect(screen.getByRole('heading', { name: 'Welcome back, Max' })).toBeTruthy();
    // The dashboard's sections follow the greeting once it is on screen.
    expect(
      (await screen.findByRole('button', { name: 'Submit New Question' })).hasAttribute('disabled'),
    ).toBe(true);
    expect(screen.getByRole('link', { name: 'Activate Subscription' })).toBeTruthy();
    expect(await screen.findByText("You haven't asked any questions yet")).toBeTruthy();
    unmount();

    useSession.setState({
      user: member({ subscriptionStatus: 'active', foiaCredits: 2 }),
      status: 'ready',
    });
    renderPage(<Dashboard />);
    expect(screen.getByRole('heading', { name: 'Welcome back, member' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Submit New Question' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Activate Subscription' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Buy FOIA Credits' })).toBeTruthy();
  });
});
