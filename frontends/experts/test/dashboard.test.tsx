import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CurrentUser, ExpertEarnings, Question } from '@uapqa/contracts';
import { useSession, useToastStore } from '@uapqa/ui';
import { testQuestion } from '@uapqa/ui/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { timeLeft } from '../src/lib/deadline';
import ExpertDashboard from '../src/pages/ExpertDashboard';
import { jsonResponse, LONG_ANSWER, renderPage, stubFetch } from './render';

const expert: CurrentUser = {
  id: 11,
  username: 'dana',
  email: 'dana@example.com',
  firstName: 'Dana',
  lastName: 'Whitfield',
  role: 'expert',
  subscriptionStatus: 'inactive',
  foiaCredits: 0,
};

const HOUR = 3_600_000;
function question(id: string, overrides: Partial<Question> = {}): Question {
  return testQuestion({
    id,
    title: `Question ${id}`,
    content: 'Details of the sighting over the lake.',
    status: 'approved',
    dueAt: new Date(Date.now() + 50 * HOUR).toISOString(),
    ...overrides,
  });
}

/** Billing's statement: one answer in open November 2026, whose payout day is Dec 15. */
function statement(overrides: Partial<ExpertEarnings> = {}): ExpertEarnings {
  return {
    feeCents: 3500,
    answeredCount: 1,
    totalEarningsCents: 3500,
    unpaidCents: 3500,
    payoutDayOfMonth: 15,
    nextPayout: { date: '2026-12-15', amountCents: 3500, closedCents: 0, openCents: 3500 },
    periods: [
      {
        month: '2026-11',
        answeredCount: 1,
        amountCents: 3500,
        unpaidCents: 3500,
        status: 'open',
        payoutDate: '2026-12-15',
      },
    ],
    ...overrides,
  };
}

beforeEach(() => useToastStore.setState({ toasts: [] }));
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ user: null, status: 'loading' });
});

describe('time left before the deadline', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it('counts days, hours and minutes, then says Overdue', () => {
    expect(timeLeft('2026-11-24T17:30:00Z', now)?.label).toBe('2d 5h left');
    expect(timeLeft('2026-11-22T15:12:00Z', now)).toMatchObject({
      label: '3h 12m left',
      urgent: true,
    });
    expect(timeLeft('2026-11-22T12:09:30Z', now)?.label).toBe('9m left');
    expect(timeLeft('2026-11-22T11:00:00Z', now)).toMatchObject({
      label: 'Overdue',
      overdue: true,
    });
    expect(timeLeft(null, now)).toBeNull();
  });
});

describe('the expert dashboard', () => {
  it('shows the Access Denied text to other roles', () => {
    useSession.setState({ user: { ...expert, role: 'user' }, status: 'ready' });
    stubFetch(() => jsonResponse([]));
    renderPage(<ExpertDashboard />);
    expect(screen.getByText("Access Denied: You don't have expert permissions.")).toBeTruthy();
  });

  it('shows a question withdrawn after a delisting as withdrawn, with nothing to answer', async () => {
    useSession.setState({ user: expert, status: 'ready' });
    stubFetch((url) => {
      if (url === '/api/creator/questions') {
        return jsonResponse([
          question('w', { withdrawnAt: '2026-11-21T10:00:00Z', creditRefunded: true }),
        ]);
      }
      if (url === '/api/billing/earnings') return jsonResponse(statement());
      return jsonResponse({ message: 'not found' }, 404);
    });
    renderPage(<ExpertDashboard />);
    await screen.findByText('No questions are waiting for your answer.');
    await userEvent.click(screen.getByRole('tab', { name: /All Questions/ }));
    const card = await screen.findByTestId('expert-question');
    expect(within(card).getByTestId('question-status').textContent).toBe('Withdrawn');
    expect(within(card).getByTestId('withdrawn').textContent).toMatch(/credit refunded/);
    expect(within(card).queryByRole('button', { name: 'Answer' })).toBeNull();
  });

  it('shows real figures and the pending, answered and all tabs', async () => {
    useSession.setState({ user: expert, status: 'ready' });
    stubFetch((url) => {
      if (url === '/api/creator/questions') {
        return jsonResponse([
          question('a'),
          question('b', {
            status: 'answered',
            answer: { content: 'It was Venus.', createdAt: '2026-11-21T10:00:00Z' },
          }),
          question('c', { status: 'rejected', dueAt: null }),
        ]);
      }
      if (url === '/api/billing/earnings') {
        return jsonResponse(statement());
      }
      return jsonResponse({ message: 'not found' }, 404);
    });
    renderPage(<ExpertDashboard />);
    await waitFor(() => expect(screen.getByTestId('stat-received').textContent).toBe('3'));
    expect(screen.getByTestId('stat-answered').textContent).toBe('1');
    await waitFor(() => expect(screen.getByTestId('stat-earnings').textContent).toBe('$35.00'));
    expect(screen.getByTestId('stat-payout').textContent).toBe('$35.00');
    expect(screen.getByTestId('payout-line').textContent).toBe(
      'Dec 15, 2026: $0.00 due + $35.00 accruing in November (open).',
    );
    // Pending tab: approved and unanswered only, with its deadline.
    expect(screen.getAllByTestId('expert-question')).toHaveLength(1);
    expect(screen.getByText('Question a')).toBeTruthy();
    expect(screen.getByTestId('question-status').textContent).toBe('Pending');
    expect(screen.getByTestId('time-left').textContent).toMatch(/2d 1h left|2d 2h left/);
    expect(screen.getByText(/Nov 20, 2026/)).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: /Answered/ }));
    expect(screen.getByText('Question b')).toBeTruthy();
    expect(screen.getByText('It was Venus.')).toBeTruthy();
    expect(screen.getByTestId('question-status').textContent).toBe('Answered');
    await userEvent.click(screen.getByRole('tab', { name: /All Questions/ }));
    expect(screen.getAllByTestId('expert-question')).toHaveLength(3);
  });

  it('answers a pending question inline and refreshes the list', async () => {
    useSession.setState({ user: expert, status: 'ready' });
    let answered = false;
    const fetchSpy = stubFetch((url, init) => {
      if (url === '/api/answers' && init.method === 'POST') {
        answered = true;
        return jsonResponse({ ok: true });
      }
      if (url === '/api/creator/questions') {
        return jsonResponse([
          answered
            ? question('a', {
                status: 'answered',
                answer: { content: 'Done', createdAt: new Date().toISOString() },
              })
            : question('a'),
        ]);
      }
      return jsonResponse(
        statement({
          answeredCount: 0,
          totalEarningsCents: 0,
          unpaidCents: 0,
          nextPayout: { date: '2026-12-15', amountCents: 0, closedCents: 0, openCents: 0 },
          periods: [],
        }),
      );
    });
    renderPage(<ExpertDashboard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Answer' }));
    await userEvent.click(screen.getByLabelText('Your answer'));
    await userEvent.paste(LONG_ANSWER);
    await userEvent.click(screen.getByRole('button', { name: 'Submit Answer' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Publish Answer' }));
    await waitFor(() => expect(screen.getByTestId('stat-answered').textContent).toBe('1'));
    expect(fetchSpy.mock.calls.some(([url]) => url === '/api/answers')).toBe(true);
    expect(screen.queryAllByTestId('expert-question')).toHaveLength(0);
  });

  it('lists each payout period and says what the next payout holds', async () => {
    useSession.setState({ user: expert, status: 'ready' });
    stubFetch((url) => {
      if (url === '/api/creator/questions') return jsonResponse([]);
      return jsonResponse(
        statement({
          answeredCount: 4,
          totalEarningsCents: 14000,
          unpaidCents: 14000,
          // Early in December: November is closed and due on the 15th, December pays in January.
          nextPayout: { date: '2026-12-15', amountCents: 10500, closedCents: 10500, openCents: 0 },
          periods: [
            {
              month: '2026-12',
              answeredCount: 1,
              amountCents: 3500,
              unpaidCents: 3500,
              status: 'open',
              payoutDate: '2027-01-15',
            },
            {
              month: '2026-11',
              answeredCount: 3,
              amountCents: 10500,
              unpaidCents: 10500,
              status: 'due',
              payoutDate: '2026-12-15',
            },
          ],
        }),
      );
    });
    renderPage(<ExpertDashboard />);
    const table = await screen.findByRole('table', { name: 'Earnings Statement' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'MonthAnsweredAmountStatus',
      'December 20261$35.00Openpays Jan 15, 2027',
      'November 20263$105.00Duepays Dec 15, 2026',
      'Total4$140.00',
    ]);
    expect(screen.getByTestId('stat-payout').textContent).toBe('$105.00');
    expect(screen.getByTestId('payout-line').textContent).toBe(
      'Dec 15, 2026: $105.00 due; December (open, $35.00 so far) pays Jan 15, 2027.',
    );
  });
});
