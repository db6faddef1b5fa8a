/**
 * `@uapqa/ui/testing`: what the frontends' component tests share, at the boundaries the pages
 * talk through: `fetch` and the toast queue. Test-only; never import it from application code.
 */
import type { Expert, Question } from '@uapqa/contracts';
import { vi } from 'vitest';
import { useToastStore } from './toast.js';

/** Titles of the toasts shown so far. */
export function toastTitles(): string[] {
  return useToastStore.getState().toasts.map((toast) => toast.title);
}

/** A JSON answer as the API gives it. */
export function jsonResponse(
  body: unknown,
  status = 200,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** Stubs `fetch` at the boundary: each call is answered by `answer(url, init)`. */
export function stubFetch(
  answer: (url: string, init: RequestInit) => Response | Promise<Response>,
) {
  const spy = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) =>
    answer(String(input), init),
  );
  vi.stubGlobal('fetch', spy);
  return spy;
}

/** An expert as `/api/creators` lists them: what the test names, every optional field empty. */
export function testExpert(
  expert: Pick<Expert, 'id' | 'userId' | 'questionsPerWeek' | 'user'> & Partial<Expert>,
): Expert {
  return {
    brandName: null,
    bio: null,
    expertise: null,
    title: null,
    avatarColor: null,
    handle: `expert${expert.userId}`,
    ...expert,
  };
}

/**
 * A question as the API answers it: asked on 2026-11-20 in Physical with the topic Radar, of
 * expert 11, unanswered, every optional field empty; the test names the rest.
 */
export function testQuestion<S extends Question['status']>(
  question: Pick<Question, 'id' | 'title' | 'content'> & { status: S } & Partial<Question>,
): Question & { status: S } {
  return {
    context: null,
    sources: null,
    categoryId: 1,
    category: { name: 'Physical' },
    tags: [{ id: 2, name: 'Radar' }],
    tagIds: [2],
    createdAt: '2026-11-20T10:00:00Z',
    answer: null,
    assignedCreatorId: 11,
    assignedExpertId: 11,
    moderationNotes: null,
    dueAt: null,
    creator: null,
    ...question,
  };
}
