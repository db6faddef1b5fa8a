import { screen, within } from '@testing-library/react';
import type { CurrentUser, Question } from '@uapqa/contracts';
import { useSession } from '@uapqa/ui';
import { testQuestion } from '@uapqa/ui/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QuestionFacts, statusLabel } from '../src/lib/own-question';
import Dashboard from '../src/pages/Dashboard';
import { renderPage } from './render';

const member: CurrentUser = {
  id: 7,
  username: 'member',
  email: 'member@example.com',
  firstName: 'Max',
  lastName: null,
  role: 'user',
  subscriptionStatus: 'active',
  foiaCredits: 2,
};

const question = (n: number, answered: boolean): Question =>
  testQuestion({
    id: `q${n}`,
    title: `Question number ${n} about the lights`,
    content: 'Details.',
    status: answered ? 'answered' : 'pending',
    category: { name: 'Sightings' },
    tags: [],
    tagIds: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    answer: answered ? { content: 'An answer.', createdAt: '2026-01-02T00:00:00.000Z' } : null,
    assignedCreatorId: 3,
    assignedExpertId: answered ? 3 : null,
  });

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/api/my-questions/summary')) {
        return Response.json({ asked: 12, pending: 3, approved: 1, rejected: 1, answered: 7 });
      }
      // The five most recent only, one of them answered.
      if (url.startsWith('/api/my-questions')) {
        return Response.json([1, 2, 3, 4, 5].map((n) => question(n, n === 5)));
      }
      if (url.startsWith('/api/session')) return Response.json({ user: member });
      return Response.json([]);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ user: null, status: 'loading' });
});

describe('/dashboard', () => {
  it('counts every question asked and answered, not the recent ones it lists', async () => {
    useSession.setState({ user: member, status: 'ready' });
    renderPage(<Dashboard />);
    expect(await screen.findAllByTestId('recent-question')).toHaveLength(5);
    expect((await screen.findByTestId('stat-asked')).textContent).toBe('12');
    expect(screen.getByTestId('stat-answered').textContent).toBe('7');
  });

  it("links View All Questions to the member's own questions, and each to its page", async () => {
    useSession.setState({ user: member, status: 'ready' });
    renderPage(<Dashboard />);
    const [first] = await screen.findAllByTestId('recent-question');
    expect(
      within(first!)
        .getByRole('link', { name: 'Question number 1 about the lights' })
        .getAttribute('href'),
    ).toBe('/questions/q1');
    expect(screen.getByRole('link', { name: 'View All Questions' }).getAttribute('href')).toBe(
      '/my-questions',
    );
  });
});

describe('a question whose expert is no longer available', () => {
  it('says it was withdrawn and refunded, with no deadline left to count', () => {
    const withdrawn: Question = {
      ...question(1, false),
      status: 'approved',
      assignedExpertId: 3,
      dueAt: '2026-01-04T00:00:00.000Z',
      withdrawnAt: '2026-01-02T00:00:00.000Z',
      creditRefunded: true,
      creator: { userId: 3, firstName: 'Theo', lastName: 'Lark', brandName: null },
    };
    expect(statusLabel(withdrawn)).toEqual({ label: 'Expert unavailable', tone: 'gray' });
    renderPage(<QuestionFacts question={withdrawn} experts={[]} now={Date.parse('2026-01-02')} />);
    expect(screen.getByTestId('refund').textContent).toBe(
      'Theo Lark is no longer available to answer questions, so this question was withdrawn. Your FOIA credit was refunded; you can ask another expert.',
    );
    expect(screen.queryByTestId('deadline')).toBeNull();
  });
});
