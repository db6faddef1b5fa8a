import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CurrentUser, Role } from '@uapqa/contracts';
import { useSession, useToastStore } from '@uapqa/ui';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AdminDashboard from '../src/pages/AdminDashboard';
import ModeratorDashboard from '../src/pages/ModeratorDashboard';
import { jsonResponse, lastToast, renderPage, stubFetch, toastTitles } from './render';

function signIn(role: Role) {
  const user: CurrentUser = {
    id: 1,
    username: role,
    email: `${role}@example.com`,
    firstName: null,
    lastName: null,
    role,
    subscriptionStatus: 'inactive',
    foiaCredits: 0,
  };
  useSession.setState({ user, status: 'ready' });
}

const stats = {
  activeSubscribers: 1234,
  monthlyRevenue: 5678.5,
  questionsThisMonth: 42,
  totalQuestions: 900,
  activeExperts: 5,
  awaitingReview: 7,
  decidedThisMonth: 31,
};

/** A fake of every call the admin dashboard makes, with taxonomy state. */
function adminApi(
  overrides: (url: string, init: RequestInit) => Response | undefined = () => undefined,
) {
  type Item = { id: number; name: string; description: string | null; questionCount?: number };
  const categories: Item[] = [{ id: 1, name: 'Physical', description: null }];
  const tags: Item[] = [{ id: 5, name: 'Radar', description: 'Radar returns' }];
  let waitlist = false;
  let nextId = 100;
  const applications = [
    {
      id: 9,
      userId: 40,
      status: 'pending',
      brandName: 'Skywatch',
      bio: 'b'.repeat(60),
      credentials: 'Twenty years of FOIA work',
      expertise: 'Radar cases',
      website: null,
      socialLinks: null,
      experienceYears: 12,
      questionsPerWeek: 3,
      weeklyRate: 300,
      createdAt: '2026-11-20T10:00:00Z',
      user: { username: 'member', email: 'member@example.com', firstName: null, lastName: null },
    },
  ];
  const approved = [
    {
      ...applications[0]!,
      id: 3,
      userId: 12,
      status: 'approved',
      listed: true,
      brandName: 'Dana Whitfield',
      user: { username: 'dana', email: 'dana@example.com', firstName: 'Dana', lastName: 'W' },
    },
  ];
  const expertApps = [
    {
      id: 31,
      name: 'Jordan Vale',
      email: 'jordan@example.com',
      phone: '+1 555 0100',
      website: 'https://vale.example.com',
      duration: 6,
      questionsPerWeek: 1,
      description: 'Aviation historian.',
      status: 'pending',
      decisionNote: null,
      decidedAt: null,
      createdAt: '2026-11-21T10:00:00Z',
    },
  ];
  const spy = stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    const special = overrides(url, init);
    if (special) return special;
    if (url === '/api/admin/stats') return jsonResponse(stats);
    if (url === '/api/waitlist/status') return jsonResponse({ waitlistEnabled: waitlist });
    if (url === '/api/admin/settings/waitlist_enabled') {
      waitlist = JSON.parse(String(init.body)).value === 'true';
      return jsonResponse({ key: 'waitlist_enabled', value: String(waitlist) });
    }
    if (url.startsWith('/api/admin/questions/pending')) return jsonResponse([]);
    if (url.startsWith('/api/admin/users?')) return jsonResponse([]);
    if (url.startsWith('/api/admin/audit?')) return jsonResponse([]);
    if (url === '/api/admin/reports/payments') return jsonResponse({ months: [], experts: [] });
    if (url === '/api/admin/reports/content') return jsonResponse([]);
    if (url === '/api/creators') return jsonResponse([]);
    if (url === '/api/categories') return jsonResponse(categories);
    if (url === '/api/tags') return jsonResponse(tags);
    for (const [path, list] of [
      ['/api/admin/categories', categories],
      ['/api/admin/tags', tags],
    ] as const) {
      if (url === path && method === 'GET') {
        return jsonResponse(list.map((item) => ({ questionCount: 0, ...item })));
      }
      if (url === path && method === 'POST') {
        const body = JSON.parse(String(init.body));
        list.push({ id: nextId++, name: body.name, description: body.description });
        return jsonResponse(list.at(-1), 201);
      }
      if (url.startsWith(`${path}/`) && method === 'DELETE') {
        const id = Number(url.slice(path.length + 1));
        list.splice(
          list.findIndex((entry) => entry.id === id),
          1,
        );
        return new Response(null, { status: 204 });
      }
    }
    if (url === '/api/admin/expert-applications?status=pending') return jsonResponse(expertApps);
    const decision = /^\/api\/admin\/expert-applications\/(\d+)\/(approve|decline)$/.exec(url);
    if (decision && method === 'POST') {
      const index = expertApps.findIndex((entry) => entry.id === Number(decision[1]));
      if (index < 0)
        return jsonResponse({ message: 'This application was already declined.' }, 409);
      const [decided] = expertApps.splice(index, 1);
      return jsonResponse({
        ...decided,
        status: decision[2] === 'approve' ? 'approved' : 'declined',
      });
    }
    if (url === '/api/admin/creator-profiles?status=pending') return jsonResponse(applications);
    if (url === '/api/admin/creator-profiles?status=approved') return jsonResponse(approved);
    const listing = /^\/api\/admin\/creator-profiles\/3\/(delist|relist)$/.exec(url);
    if (listing && method === 'POST') {
      approved[0]!.listed = listing[1] === 'relist';
      return jsonResponse(approved[0]);
    }
    if (url === '/api/admin/creator-profiles/9/approve' && method === 'POST') {
      applications.splice(0, 1);
      return jsonResponse({ id: 9, status: 'approved' });
    }
    return jsonResponse({ message: `unexpected ${method} ${url}` }, 404);
  });
  return { spy, categories, tags };
}

beforeEach(() => useToastStore.setState({ toasts: [] }));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  useSession.setState({ user: null, status: 'loading' });
});

describe('the admin dashboard', () => {
  it("refuses other roles with 'You don't have admin permissions'", () => {
    signIn('moderator');
    adminApi();
    renderPage(<AdminDashboard />, '/admin-dashboard');
    expect(screen.getByTestId('access-denied').textContent).toContain(
      "You don't have admin permissions",
    );
  });

  it('sends a logged-out visitor to the login path', async () => {
    useSession.setState({ user: null, status: 'ready' });
    adminApi();
    renderPage(<AdminDashboard />, '/admin-dashboard');
    expect(screen.getByText('You are logged out. Logging in again...')).toBeTruthy();
    expect(toastTitles()).toEqual(['Unauthorized']);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/auth?tab=login'));
  });

  it('shows the five figures, the queue, the experts and the reports', async () => {
    signIn('admin');
    adminApi();
    renderPage(<AdminDashboard />, '/admin-dashboard');
    await waitFor(() => expect(screen.getByTestId('stat-subscribers').textContent).toBe('1,234'));
    expect(screen.getByTestId('stat-revenue').textContent).toBe('$5,678.50');
    expect(screen.getByTestId('stat-questions-month').textContent).toBe('42');
    expect(screen.getByTestId('stat-questions-total').textContent).toBe('900');
    expect(screen.getByTestId('stat-experts').textContent).toBe('5');
    expect(await screen.findByText('No questions are awaiting moderation.')).toBeTruthy();
    expect(await screen.findByText('Every approved question was answered in time.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Payment Reports' })).toBeTruthy();
    expect(toastTitles()).toEqual([]);
  });

  it('lists the public expert applications and approves one with a note', async () => {
    signIn('admin');
    const { spy } = adminApi();
    renderPage(<AdminDashboard />, '/admin-dashboard');
    const section = await screen.findByTestId('expert-applications');
    const item = await within(section).findByRole('article', { name: 'Jordan Vale' });
    expect(item.textContent).toContain('1 question per week for 6 months');
    expect(item.textContent).toContain('+1 555 0100');
    await userEvent.click(within(item).getByRole('button', { name: 'Review' }));
    await userEvent.type(
      within(item).getByLabelText('Note to the applicant (optional)'),
      'Welcome aboard.',
    );
    await userEvent.click(within(item).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(toastTitles()).toEqual(['Application Approved']));
    const post = spy.mock.calls.find(
      ([url]) => url === '/api/admin/expert-applications/31/approve',
    );
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ note: 'Welcome aboard.' });
    expect(await within(section).findByText('No expert applications are waiting.')).toBeTruthy();
  });

  it("switches waitlist mode and says 'Waitlist Updated'", async () => {
    signIn('admin');
    const { spy } = adminApi();
    renderPage(<AdminDashboard />, '/admin-dashboard');
    const toggle = await screen.findByRole('switch', { name: 'Waitlist Mode' });
    await waitFor(() => expect((toggle as HTMLButtonElement).disabled).toBe(false));
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await userEvent.click(toggle);
    await waitFor(() => expect(toastTitles()).toEqual(['Waitlist Updated']));
    const post = spy.mock.calls.find(([url]) => url === '/api/admin/settings/waitlist_enabled');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ value: 'true' });
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
  });

  it("says 'Update Failed' when the setting cannot be changed", async () => {
    signIn('admin');
    adminApi((url) =>
      url === '/api/admin/settings/waitlist_enabled'
        ? jsonResponse({ message: 'identity is down' }, 503)
        : undefined,
    );
    renderPage(<AdminDashboard />, '/admin-dashboard');
    const toggle = await screen.findByRole('switch', { name: 'Waitlist Mode' });
    await waitFor(() => expect((toggle as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(toggle);
    await waitFor(() => expect(toastTitles()).toEqual(['Update Failed']));
    expect(lastToast()?.description).toBe('identity is down');
  });

  it('adds and deletes categories and topics with their toasts', async () => {
    signIn('admin');
    adminApi();
    renderPage(<AdminDashboard />, '/admin-dashboard');
    const categories = await screen.findByTestId('taxonomy-category');
    const addCategory = within(categories).getByRole('button', { name: 'Add Category' });
    expect((addCategory as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(within(categories).getByLabelText('New category name'), '  ');
    expect((addCategory as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(within(categories).getByLabelText('New category name'), 'Biological');
    await userEvent.click(addCategory);
    await within(categories).findByText('Biological');
    expect(toastTitles()).toEqual(['Category Added']);
    await userEvent.click(
      within(categories).getByRole('button', { name: 'Delete category Physical' }),
    );
    await waitFor(() => expect(within(categories).queryByText('Physical')).toBeNull());
    expect(toastTitles()).toEqual(['Category Deleted']);

    const topics = screen.getByTestId('taxonomy-topic');
    await userEvent.type(within(topics).getByLabelText('New topic name'), 'Abductions');
    await userEvent.click(within(topics).getByRole('button', { name: 'Add Topic' }));
    await within(topics).findByText('Abductions');
    expect(toastTitles()).toEqual(['Topic Added']);
    await userEvent.click(within(topics).getByRole('button', { name: 'Delete topic Radar' }));
    await waitFor(() => expect(within(topics).queryByText('Radar')).toBeNull());
    expect(toastTitles()).toEqual(['Topic Deleted']);
  });

  it('asks before deleting a topic questions carry, and explains a category in use', async () => {
    signIn('admin');
    const { spy, categories, tags } = adminApi();
    tags[0]!.questionCount = 3;
    categories[0]!.questionCount = 1;
    renderPage(<AdminDashboard />, '/admin-dashboard');
    const topics = await screen.findByTestId('taxonomy-topic');
    await within(topics).findByText('3 questions');
    await userEvent.click(within(topics).getByRole('button', { name: 'Delete topic Radar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete topic "Radar"?' });
    expect(dialog.textContent).toContain('3 questions carry this topic.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const deletes = () =>
      spy.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'DELETE');
    expect(deletes()).toHaveLength(0);

    await userEvent.click(within(topics).getByRole('button', { name: 'Delete topic Radar' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Topic' }));
    await waitFor(() => expect(within(topics).queryByText('Radar')).toBeNull());
    expect(toastTitles()).toEqual(['Topic Deleted']);

    const categoryBox = screen.getByTestId('taxonomy-category');
    await userEvent.click(
      within(categoryBox).getByRole('button', { name: 'Delete category Physical' }),
    );
    const explained = await screen.findByRole('dialog', { name: 'Category in use' });
    expect(explained.textContent).toContain('1 question and cannot be deleted');
    await userEvent.click(within(explained).getByRole('button', { name: 'Close' }));
    expect(deletes()).toHaveLength(1);
  });

  it("names the failure: 'Delete Category Failed' with the server's message", async () => {
    signIn('admin');
    adminApi((url, init) =>
      url === '/api/admin/categories/1' && init.method === 'DELETE'
        ? jsonResponse({ message: 'Questions use this category.' }, 409)
        : undefined,
    );
    renderPage(<AdminDashboard />, '/admin-dashboard');
    const categories = await screen.findByTestId('taxonomy-category');
    await userEvent.click(
      await within(categories).findByRole('button', { name: 'Delete category Physical' }),
    );
    await waitFor(() => expect(toastTitles()).toEqual(['Delete Category Failed']));
    expect(lastToast()?.description).toBe('Questions use this category.');
  });

  it('approves a pending expert application', async () => {
    signIn('admin');
    const { spy } = adminApi();
    renderPage(<AdminDashboard />, '/admin-dashboard');
    const applications = await screen.findByTestId('expert-profile-applications');
    await within(applications).findByText('Skywatch');
    await userEvent.click(within(applications).getByRole('button', { name: 'Approve' }));
    await within(applications).findByText('No applications are waiting.');
    expect(
      spy.mock.calls.some(
        ([url, init]) => url === '/api/admin/creator-profiles/9/approve' && init?.method === 'POST',
      ),
    ).toBe(true);
  });

  it('delists an expert after a confirmation, and lists them again', async () => {
    signIn('admin');
    const { spy } = adminApi();
    renderPage(<AdminDashboard />, '/admin-dashboard');
    const experts = await screen.findByTestId('active-experts');
    await within(experts).findByText('Listed');
    await userEvent.click(within(experts).getByRole('button', { name: 'Delist Dana Whitfield' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delist Dana Whitfield?' });
    expect(within(dialog).getByTestId('listing-consequences').textContent).toMatch(
      /refunded, and each asker is emailed/,
    );
    const posted = () =>
      spy.mock.calls.filter(
        ([url, init]) =>
          String(url).startsWith('/api/admin/creator-profiles/3/') && init?.method === 'POST',
      ).length;
    // Cancel changes nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(posted()).toBe(0);

    await userEvent.click(within(experts).getByRole('button', { name: 'Delist Dana Whitfield' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delist expert' }));
    await within(experts).findByText('Delisted');
    expect(toastTitles()).toContain('Expert Delisted');

    await userEvent.click(
      within(experts).getByRole('button', { name: 'List again Dana Whitfield' }),
    );
    const again = await screen.findByRole('dialog', { name: 'List Dana Whitfield again?' });
    await userEvent.click(within(again).getByRole('button', { name: 'List again' }));
    await within(experts).findByText('Listed');
    expect(posted()).toBe(2);
  });

  it('shows Access Denied when the server answers 403', async () => {
    signIn('admin');
    adminApi((url) =>
      url === '/api/admin/stats' ? jsonResponse({ message: 'Forbidden' }, 403) : undefined,
    );
    renderPage(<AdminDashboard />, '/admin-dashboard');
    await screen.findByTestId('access-denied');
    expect(toastTitles()).toContain('Access Denied');
  });
});

describe('the moderator dashboard', () => {
  it("refuses other roles with 'You don't have moderator permissions'", () => {
    signIn('admin');
    adminApi();
    renderPage(<ModeratorDashboard />);
    expect(screen.getByTestId('access-denied').textContent).toContain(
      "You don't have moderator permissions",
    );
  });

  it('shows its three figures and the queue', async () => {
    signIn('moderator');
    adminApi();
    renderPage(<ModeratorDashboard />);
    await waitFor(() => expect(screen.getByTestId('stat-awaiting').textContent).toBe('7'));
    expect(screen.getByTestId('stat-decided').textContent).toBe('31');
    expect(screen.getByTestId('stat-questions-month').textContent).toBe('42');
    expect(await screen.findByTestId('moderation-queue')).toBeTruthy();
  });

  it("goes to /auth with 'Session Expired' when the figures answer 401", async () => {
    signIn('moderator');
    adminApi((url) =>
      url === '/api/admin/stats' ? jsonResponse({ message: 'Unauthorized' }, 401) : undefined,
    );
    renderPage(<ModeratorDashboard />);
    await screen.findByText('Auth page');
    expect(toastTitles()).toContain('Session Expired');
  });
});
