import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useToastStore } from '@uapqa/ui';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AnswerForm } from '../src/pages/ExpertDashboard';
import { jsonResponse, renderPage, stubFetch, toastTitles } from './render';

beforeEach(() => useToastStore.setState({ toasts: [] }));
afterEach(() => vi.unstubAllGlobals());

describe('the inline answer form', () => {
  it('keeps Submit Answer disabled while the answer is blank', async () => {
    const fetchSpy = stubFetch(() => jsonResponse({}));
    renderPage(<AnswerForm questionId="q1" onSubmitted={() => {}} onCancel={() => {}} />);
    const submit = screen.getByRole('button', { name: 'Submit Answer' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('Your answer'), '    ');
    expect(submit.disabled).toBe(true);
    await userEvent.click(submit);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('posts { questionId, content } to /api/answers and confirms with a toast', async () => {
    const fetchSpy = stubFetch(() => jsonResponse({ id: 'q1', status: 'answered' }));
    const onSubmitted = vi.fn();
    renderPage(<AnswerForm questionId="q1" onSubmitted={onSubmitted} onCancel={() => {}} />);
    await userEvent.type(
      screen.getByLabelText('Your answer'),
      '  The radar logs show a balloon.  ',
    );
    const submit = screen.getByRole('button', { name: 'Submit Answer' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(false);
    await userEvent.click(submit);
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledTimes(1));
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/api/answers');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(JSON.parse(String(init?.body))).toEqual({
      questionId: 'q1',
      content: 'The radar logs show a balloon.',
    });
    expect(toastTitles()).toEqual(['Answer Submitted']);
  });

  it("shows 'Submission Failed' when the server refuses the answer", async () => {
    stubFetch(() => jsonResponse({ message: 'boom' }, 500));
    const onSubmitted = vi.fn();
    renderPage(<AnswerForm questionId="q1" onSubmitted={onSubmitted} onCancel={() => {}} />);
    await userEvent.type(screen.getByLabelText('Your answer'), 'An answer');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Answer' }));
    await waitFor(() => expect(toastTitles()).toEqual(['Submission Failed']));
    expect(useToastStore.getState().toasts[0]?.description).toBe('Failed to submit answer.');
    expect(onSubmitted).not.toHaveBeenCalled();
  });

  it("refuses what the API would, with the API's own message, and sends nothing", async () => {
    const fetchSpy = stubFetch(() => jsonResponse({}));
    renderPage(<AnswerForm questionId="q1" onSubmitted={() => {}} onCancel={() => {}} />);
    const field = screen.getByLabelText('Your answer');
    await userEvent.click(field);
    await userEvent.paste('The radar logs show\u0007 a balloon.');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Answer' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'The answer may contain line breaks and tabs but no other control characters.',
    );
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('Cancel clears the text and closes the form', async () => {
    stubFetch(() => jsonResponse({}));
    const onCancel = vi.fn();
    renderPage(<AnswerForm questionId="q1" onSubmitted={() => {}} onCancel={onCancel} />);
    await userEvent.type(screen.getByLabelText('Your answer'), 'Draft');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect((screen.getByLabelText('Your answer') as HTMLTextAreaElement).value).toBe('');
  });
});
