import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CurrentUser } from '@uapqa/contracts';
import { useSession, useToastStore } from '@uapqa/ui';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ExpertOnboarding from '../src/pages/ExpertOnboarding';
import Experts from '../src/pages/Experts';
import { sendExpertApplication } from './expert-application';
import { jsonResponse, renderPage, stubFetch, toastTitles } from './render';

const member: CurrentUser = {
  id: 40,
  username: 'member',
  email: 'member@example.com',
  firstName: null,
  lastName: null,
  role: 'user',
  subscriptionStatus: 'active',
  foiaCredits: 3,
};

beforeEach(() => useToastStore.setState({ toasts: [] }));
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ user: null, status: 'loading' });
});

describe('/experts', () => {
  it('has a hero, six benefits, four steps, the FAQ facts and links to /apply', async () => {
    renderPage(<Experts />);
    expect(screen.getAllByTestId('benefit')).toHaveLength(6);
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    for (const link of screen.getAllByRole('link', { name: /Apply/ })) {
      expect(link.getAttribute('href')).toBe('/apply');
    }
    const facts: Array<[RegExp, RegExp]> = [
      [/How quickly/, /within 72 hours/],
      [/minimum commitment/, /2 questions per week for at least 1 month/],
      [/How am I paid/, /fixed fee per answer/],
      [/declined/, /credit is refunded/],
    ];
    const faq = screen.getByTestId('faq');
    for (const [question, answer] of facts) {
      await userEvent.click(within(faq).getByRole('button', { name: question }));
      expect(await within(faq).findByText(answer)).toBeTruthy();
    }
  });
});

describe('/expert-onboarding', () => {
  it("asks a logged-out visitor to 'Login to Continue' (to /auth)", () => {
    useSession.setState({ user: null, status: 'ready' });
    renderPage(<ExpertOnboarding />);
    expect(screen.getByRole('link', { name: 'Login to Continue' }).getAttribute('href')).toBe(
      '/auth',
    );
  });

  it('shows the 48-hour confirmation while an application is under review', async () => {
    useSession.setState({ user: member, status: 'ready' });
    stubFetch(() => jsonResponse({ id: 1, status: 'pending' }));
    renderPage(<ExpertOnboarding />);
    const notice = await screen.findByTestId('application-submitted');
    expect(notice.textContent).toContain('within 48 hours');
  });

  it('submits the application and confirms with the 48-hour promise', async () => {
    useSession.setState({ user: member, status: 'ready' });
    const fetchSpy = stubFetch((_url, init) =>
      init.method === 'POST' ? jsonResponse({ id: 1, status: 'pending' }, 201) : jsonResponse(null),
    );
    renderPage(<ExpertOnboarding />);
    await sendExpertApplication();
    await screen.findByTestId('application-submitted');
    expect(toastTitles()).toEqual(['Application Submitted']);
    const post = fetchSpy.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post?.[0]).toBe('/api/creator-profile');
    expect(post?.[1]?.credentials).toBe('include');
  });

  it("on a 401 says 'You need to be logged in to apply as an expert.'", async () => {
    useSession.setState({ user: member, status: 'ready' });
    stubFetch((_url, init) =>
      init.method === 'POST' ? jsonResponse({ message: 'Unauthorized' }, 401) : jsonResponse(null),
    );
    renderPage(<ExpertOnboarding />);
    await sendExpertApplication();
    await waitFor(() => expect(toastTitles()).toEqual(['Unauthorized']));
    expect(useToastStore.getState().toasts[0]?.description).toBe(
      'You need to be logged in to apply as an expert.',
    );
  });
});
