import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Expert, ModerationItem } from '@uapqa/contracts';
import { useSession, useToastStore } from '@uapqa/ui';
import { testExpert, testQuestion } from '@uapqa/ui/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModerationQueue, QUEUE_MAX_HEIGHT } from '../src/components/ModerationQueue';
import { jsonResponse, lastToast, renderPage, stubFetch, toastTitles } from './render';

function item(id: string, title: string): ModerationItem {
  return {
    ...testQuestion({
      id,
      title,
      content: 'Bright lights over the base, three nights in a row.',
      status: 'pending',
      creator: { userId: 11, firstName: 'Dana', lastName: 'Whitfield', brandName: null },
    }),
    expertListed: true,
    asker: { id: 40, username: 'member' },
    moderatorId: null,
    decidedAt: null,
  };
}

const experts: Expert[] = [
  testExpert({
    id: 1,
    userId: 11,
    questionsPerWeek: 5,
    user: { firstName: 'Dana', lastName: 'Whitfield' },
  }),
  testExpert({
    id: 2,
    userId: 22,
    questionsPerWeek: 3,
    user: { firstName: 'Theo', lastName: 'Lark' },
  }),
];

/**
 * A small fake of the queue API: the pending list shrinks as questions are decided, and grows
 * back when a decision is undone. Decisions are held `holdMs` (0: announced at once).
 */
function queueApi(
  patchAnswer?: (id: string, body: unknown) => Response,
  { holdMs = 0, undoAnswer }: { holdMs?: number; undoAnswer?: () => Response } = {},
) {
  const all = [item('q1', 'Lights over the base'), item('q2', 'The Nimitz tapes')];
  const pending = [...all];
  const patches: Array<{ id: string; body: unknown }> = [];
  const undos: string[] = [];
  const spy = stubFetch((url, init) => {
    const undo = /^\/api\/admin\/questions\/([^/]+)\/undo$/.exec(url);
    if (undo && init.method === 'POST') {
      const id = decodeURIComponent(undo[1]!);
      undos.push(id);
      if (undoAnswer) return undoAnswer();
      const again = all.find((q) => q.id === id)!;
      pending.splice(all.indexOf(again), 0, again);
      return jsonResponse({ message: 'The decision was undone.', item: again });
    }
    const match = /^\/api\/admin\/questions\/([^/]+)\/status$/.exec(url);
    if (match && init.method === 'PATCH') {
      const id = decodeURIComponent(match[1]!);
      const body = JSON.parse(String(init.body));
      patches.push({ id, body });
      const answer = patchAnswer?.(id, body);
      if (answer) return answer;
      const index = pending.findIndex((q) => q.id === id);
      pending.splice(index, 1);
      const decidedAt = new Date('2026-01-05T10:00:00Z');
      return jsonResponse({
        ...item(id, 'x'),
        status: body.status,
        decidedAt: decidedAt.toISOString(),
        undoUntil: holdMs ? new Date(decidedAt.getTime() + holdMs).toISOString() : null,
      });
    }
    if (url.startsWith('/api/admin/questions/pending')) {
      return jsonResponse(pending, 200, { 'X-Total-Count': String(pending.length) });
    }
    if (url === '/api/creators') return jsonResponse(experts);
    if (url === '/api/admin/stats') return jsonResponse({});
    return jsonResponse({ message: `unexpected ${url}` }, 404);
  });
  return { spy, patches, pending, undos };
}

async function openPanel(title: string) {
  const card = await screen.findByRole('article', { name: title });
  await userEvent.click(within(card).getByRole('button', { name: 'Moderate' }));
  return card;
}

async function chooseExpert(card: HTMLElement, name: string) {
  await userEvent.click(within(card).getByRole('combobox', { name: 'Assign expert' }));
  await userEvent.click(await screen.findByRole('option', { name }));
}

beforeEach(() => {
  useToastStore.setState({ toasts: [] });
  useSession.setState({
    user: {
      id: 3,
      username: 'moderator',
      email: 'm@example.com',
      firstName: null,
      lastName: null,
      role: 'moderator',
      subscriptionStatus: 'inactive',
      foiaCredits: 0,
    },
    status: 'ready',
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the moderation queue', () => {
  it('lists pending questions in a scroll area 96 units (24rem) high', async () => {
    queueApi();
    renderPage(<ModerationQueue />);
    expect(await screen.findAllByTestId('queue-item')).toHaveLength(2);
    expect(QUEUE_MAX_HEIGHT).toBe('24rem');
    expect(screen.getByTestId('queue-scroll').style.maxHeight).toBe('24rem');
    expect(screen.getByTestId('queue-count').textContent).toBe('2 awaiting review');
    expect(screen.getAllByText(/asked by member/)).toHaveLength(2);
  });

  it('approves with the notes and the chosen expert, then drops the question', async () => {
    const { patches } = queueApi();
    renderPage(<ModerationQueue />);
    const card = await openPanel('Lights over the base');
    await userEvent.type(within(card).getByLabelText(/Moderation notes/), 'Good question');
    await chooseExpert(card, 'Theo Lark');
    await userEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.getAllByTestId('queue-item')).toHaveLength(1));
    expect(patches).toEqual([
      {
        id: 'q1',
        body: { status: 'approved', moderationNotes: 'Good question', assignedExpertId: 22 },
      },
    ]);
    expect(toastTitles()).toEqual(['Question approved']);
    // Announced at once (no hold): nothing to undo.
    expect(lastToast()?.action).toBeUndefined();
  });

  it('approves for the expert the member asked when none is chosen', async () => {
    const { patches } = queueApi();
    renderPage(<ModerationQueue />);
    const card = await openPanel('The Nimitz tapes');
    await userEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toEqual({
      id: 'q2',
      body: { status: 'approved', moderationNotes: null, assignedExpertId: null },
    });
  });

  it('asks for another expert when the one asked is no longer available', async () => {
    const { patches, pending } = queueApi();
    pending[0] = { ...pending[0]!, expertListed: false };
    renderPage(<ModerationQueue />);
    const card = await openPanel('Lights over the base');
    expect(within(card).getByText('no longer available')).toBeTruthy();
    expect(within(card).getByTestId('expert-unavailable').textContent).toMatch(
      /Dana Whitfield is no longer available to answer questions: assign another expert, or reject the question/,
    );
    const approve = within(card).getByRole('button', { name: 'Approve' }) as HTMLButtonElement;
    expect(approve.disabled).toBe(true);
    await chooseExpert(card, 'Theo Lark');
    expect(approve.disabled).toBe(false);
    await userEvent.click(approve);
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toEqual({
      id: 'q1',
      body: { status: 'approved', moderationNotes: null, assignedExpertId: 22 },
    });
  });

  it('rejects with a reason the member reads, the notes and no expert', async () => {
    const { patches } = queueApi();
    renderPage(<ModerationQueue />);
    const card = await openPanel('Lights over the base');
    await userEvent.type(within(card).getByLabelText(/Moderation notes/), 'Off topic');
    await chooseExpert(card, 'Theo Lark');
    await userEvent.click(within(card).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: /Reject “Lights over the base”/ });
    // Nothing is sent until a reason is chosen.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject question' }));
    expect(within(dialog).getByRole('alert').textContent).toMatch(/choose a reason/);
    expect(patches).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('radio', { name: /not about UFOs/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject question' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toEqual({
      id: 'q1',
      body: { status: 'rejected', rejectionReason: 'off_topic', moderationNotes: 'Off topic' },
    });
    await waitFor(() => expect(toastTitles()).toEqual(['Question rejected']));
  });

  it('Cancel clears the notes and the expert selection and sends nothing', async () => {
    const { patches } = queueApi();
    renderPage(<ModerationQueue />);
    let card = await openPanel('Lights over the base');
    await userEvent.type(within(card).getByLabelText(/Moderation notes/), 'Draft notes');
    await chooseExpert(card, 'Theo Lark');
    expect(within(card).getByRole('combobox', { name: 'Assign expert' }).textContent).toContain(
      'Theo Lark',
    );
    await userEvent.click(within(card).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('moderation-panel')).toBeNull();
    card = await openPanel('Lights over the base');
    expect((within(card).getByLabelText(/Moderation notes/) as HTMLTextAreaElement).value).toBe('');
    const select = within(card).getByRole('combobox', { name: 'Assign expert' });
    expect(select.textContent).toContain('Expert asked: Dana Whitfield');
    expect(select.textContent).not.toContain('Theo Lark');
    expect(patches).toEqual([]);
  });

  it("shows 'Moderation Failed' with the server's message and keeps the question", async () => {
    queueApi(() => jsonResponse({ message: 'No approved expert has the user id 22.' }, 400));
    renderPage(<ModerationQueue />);
    const card = await openPanel('Lights over the base');
    await userEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(toastTitles()).toEqual(['Moderation Failed']));
    expect(lastToast()?.description).toBe('No approved expert has the user id 22.');
    expect(screen.getAllByTestId('queue-item')).toHaveLength(2);
  });

  it("treats a 401 as 'Session Expired' and goes to the sign-in form", async () => {
    queueApi(() => jsonResponse({ message: 'Unauthorized' }, 401));
    renderPage(<ModerationQueue />);
    const card = await openPanel('Lights over the base');
    await userEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    await screen.findByText('Auth page');
    expect(screen.getByTestId('location').textContent).toBe('/auth?tab=login');
    expect(toastTitles()).toEqual(['Session Expired']);
    expect(lastToast()?.description).toBe('Please log in again.');
    expect(useSession.getState().user).toBeNull();
  });

  it("treats a 403 as 'Access Denied'", async () => {
    queueApi(() => jsonResponse({ message: 'Forbidden' }, 403));
    renderPage(<ModerationQueue />);
    const card = await openPanel('Lights over the base');
    await userEvent.click(within(card).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('radio', { name: /already been asked/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject question' }));
    await waitFor(() => expect(toastTitles()).toEqual(['Access Denied']));
  });

  it('offers Undo while the decision is held, and puts the question back', async () => {
    const { undos } = queueApi(undefined, { holdMs: 60_000 });
    renderPage(<ModerationQueue />);
    const card = await openPanel('Lights over the base');
    await userEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.getAllByTestId('queue-item')).toHaveLength(1));
    const shown = lastToast()!;
    expect(shown).toMatchObject({ title: 'Question approved', duration: 60_000 });
    expect(shown.description).toMatch(/Nobody is told for 60 seconds: until then you can undo it/);
    expect(shown.action?.label).toBe('Undo');
    act(() => shown.action!.onAction());
    await waitFor(() => expect(screen.getAllByTestId('queue-item')).toHaveLength(2));
    expect(undos).toEqual(['q1']);
    expect(toastTitles()).toEqual(['Decision undone']);
    expect(lastToast()?.description).toBe('“Lights over the base” is back in the queue.');
    // Decided again, as any pending question.
    await openPanel('Lights over the base');
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(toastTitles()).toEqual(['Question approved']));
  });

  it('says why when the decision can no longer be undone', async () => {
    const sent = 'This decision was already sent; it can no longer be undone.';
    queueApi(undefined, { holdMs: 60_000, undoAnswer: () => jsonResponse({ message: sent }, 409) });
    renderPage(<ModerationQueue />);
    const card = await openPanel('The Nimitz tapes');
    await userEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(toastTitles()).toEqual(['Question approved']));
    act(() => lastToast()!.action!.onAction());
    await waitFor(() => expect(toastTitles()).toEqual(['Undo Failed']));
    expect(lastToast()?.description).toBe(sent);
    expect(screen.getAllByTestId('queue-item')).toHaveLength(1);
  });

  it('follows X-Next-Cursor with Load More', async () => {
    const calls: string[] = [];
    stubFetch((url) => {
      calls.push(url);
      if (url === '/api/admin/questions/pending') {
        return jsonResponse([item('q1', 'First page question')], 200, {
          'X-Total-Count': '2',
          'X-Next-Cursor': 'abc=',
        });
      }
      if (url === '/api/admin/questions/pending?cursor=abc%3D') {
        return jsonResponse([item('q2', 'Second page question')], 200, { 'X-Total-Count': '2' });
      }
      if (url === '/api/creators') return jsonResponse(experts);
      return jsonResponse({ message: 'unexpected' }, 404);
    });
    renderPage(<ModerationQueue />);
    await screen.findByText('First page question');
    await userEvent.click(screen.getByRole('button', { name: 'Load More' }));
    await screen.findByText('Second page question');
    expect(screen.getAllByTestId('queue-item')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
  });
});
