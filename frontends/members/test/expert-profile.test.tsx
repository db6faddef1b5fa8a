import { render, screen, within } from '@testing-library/react';
import type { ExpertPage } from '@uapqa/contracts';
import { theme } from '@uapqa/ui';
import { MemoryRouter } from '@uapqa/ui/router-testing';
import { jsonResponse, stubFetch, testExpert, testQuestion } from '@uapqa/ui/testing';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QuestionForm } from '../src/lib/ask/QuestionForm';
import ExpertProfile from '../src/pages/ExpertProfile';
import { renderPage } from './render';

const DANA: ExpertPage = {
  id: 1,
  userId: 4,
  handle: 'dana',
  brandName: 'Dana Whitfield',
  bio: 'Investigative journalist who files records requests on aerial phenomena.',
  expertise: 'Government records, FOIA, military encounters',
  questionsPerWeek: 5,
  title: 'Investigative Journalist',
  avatarColor: '#0369a1',
  user: { firstName: 'Dana', lastName: 'Whitfield' },
  listed: true,
  answeredCount: 7,
  rating: 4.3,
  ratingCount: 5,
  topics: [
    { id: 2, name: 'FOIA', count: 4 },
    { id: 3, name: 'Radar', count: 1 },
  ],
};
const ANSWERED = testQuestion({
  id: '0196a3c2-0000-7000-8000-000000000001',
  title: 'Which office keeps the radar logs?',
  content: 'Details.',
  status: 'answered',
  answer: {
    content: 'The base keeps them for five years...',
    createdAt: '2026-11-21T10:00:00Z',
    truncated: true,
  },
});

/** The API as the page reads it: Dana's page (or `expert`), and one answer of hers. */
function api(expert: ExpertPage | null = DANA) {
  return stubFetch((url) => {
    if (url.startsWith('/api/experts/')) {
      return expert && url.toLowerCase() === `/api/experts/${expert.handle}`
        ? jsonResponse(expert)
        : jsonResponse({ message: 'No expert has that handle.' }, 404);
    }
    if (url.startsWith('/api/questions?')) {
      return jsonResponse([ANSWERED], 200, { 'X-Total-Count': '1' });
    }
    return jsonResponse([]);
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/experts/:handle', () => {
  it('shows who the expert is, their figures, topics and answers, and the way to ask them', async () => {
    const fetched = api();
    renderPage(<ExpertProfile />, ['/experts/dana']);
    const profile = await screen.findByTestId('expert-profile');
    expect(within(profile).getByRole('heading', { level: 1 }).textContent).toBe('Dana Whitfield');
    expect(within(profile).getByTestId('expert-bio').textContent).toBe(DANA.bio);
    expect(within(profile).getByTestId('expert-answered').textContent).toContain('7');
    expect(within(profile).getByTestId('expert-rating').textContent).toContain('4.3');
    expect(
      within(profile).getByRole('link', { name: 'FOIA: 4 answers' }).getAttribute('href'),
    ).toBe('/browse-qa?expert=4&topics=2');
    expect(
      within(profile).getByRole('link', { name: 'Ask Dana a Question' }).getAttribute('href'),
    ).toBe('/submit-question?expert=4');

    const answer = await screen.findByTestId('expert-answer');
    expect(within(answer).getByRole('link', { name: ANSWERED.title }).getAttribute('href')).toBe(
      `/questions/${ANSWERED.id}`,
    );
    // A visitor reads the preview, with the way to the whole answer.
    expect(within(answer).getByTestId('full-answer-call')).toBeTruthy();
    expect(fetched.mock.calls.map(([url]) => String(url))).toContain(
      '/api/questions?creatorId=4&limit=15',
    );
    expect(document.title).toBe(
      'Dana Whitfield — Government records, FOIA, military encounters | UAP Answers',
    );
  });

  it('says why there is no rating yet, below the ratings it takes', async () => {
    api({ ...DANA, rating: null, ratingCount: 2 });
    renderPage(<ExpertProfile />, ['/experts/dana']);
    const rating = await screen.findByTestId('expert-rating');
    expect(rating.textContent).toBe('Not yet ratedShown from 3 ratings');
  });

  it("keeps a delisted expert's page without the way to ask them", async () => {
    api({ ...DANA, listed: false });
    renderPage(<ExpertProfile />, ['/experts/dana']);
    expect((await screen.findByTestId('expert-not-listed')).textContent).toBe(
      'Dana no longer takes new questions. Their answers stay in the archive.',
    );
    expect(screen.queryByTestId('ask-expert')).toBeNull();
  });

  it('says the expert is not found for a handle no one has', async () => {
    api();
    renderPage(<ExpertProfile />, ['/experts/nobody']);
    const missing = await screen.findByTestId('expert-missing');
    expect(within(missing).getByRole('heading').textContent).toBe('Expert not found');
    expect(document.title).toBe('Expert not found | UAP Answers');
  });
});

describe("the ask form's expert", () => {
  it("opens with the expert an expert page asked for chosen, and links that expert's page", () => {
    const experts = [
      testExpert({ id: 1, userId: 4, questionsPerWeek: 5, user: DANA.user, handle: 'dana' }),
      testExpert({
        id: 2,
        userId: 5,
        questionsPerWeek: 3,
        user: { firstName: 'Theo', lastName: 'Lark' },
      }),
    ];
    render(
      <ThemeProvider theme={theme}>
        <MemoryRouter initialEntries={['/submit-question?expert=4']}>
          <QuestionForm data={{ experts, categories: [], tags: [] }} onSubmit={vi.fn()} />
        </MemoryRouter>
      </ThemeProvider>,
    );
    const profile = screen.getByTestId('chosen-expert-profile');
    expect(profile.textContent).toBe('View Dana Whitfield’s profile');
    expect(profile.getAttribute('href')).toBe('/experts/dana');
  });
});
