import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MIN_ANSWER_LENGTH } from '@uapqa/contracts';
import { useToastStore } from '@uapqa/ui';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AnswerForm } from '../src/pages/AnswerForm';
import { jsonResponse, LONG_ANSWER, renderPage, stubFetch, toastTitles } from './render';

beforeEach(() => useToastStore.setState({ toasts: [] }));
afterEach(() => vi.unstubAllGlobals());

async function write(text: string) {
  await userEvent.click(screen.getByLabelText('Your answer'));
  await userEvent.paste(text);
}

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

  it('counts the characters toward the minimum and refuses a short answer with the API’s message', async () => {
    const fetchSpy = stubFetch(() => jsonResponse({}));
    renderPage(<AnswerForm questionId="q1" onSubmitted={() => {}} onCancel={() => {}} />);
    await write('  The radar logs show a balloon.  ');
    const count = screen.getByTestId('answer-length');
    expect(count.textContent).toBe(
      `30 characters: at least ${MIN_ANSWER_LENGTH} are needed, ${MIN_ANSWER_LENGTH - 30} more to go.`,
    );
    expect(screen.getByLabelText('Your answer').getAttribute('aria-describedby')).toBe(count.id);
    await userEvent.click(screen.getByRole('button', { name: 'Submit Answer' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      `Answer must be at least ${MIN_ANSWER_LENGTH} characters`,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('shows the answer as the member will read it, and posts it only once published', async () => {
    const fetchSpy = stubFetch(() => jsonResponse({ id: 'q1', status: 'answered' }));
    const onSubmitted = vi.fn();
    renderPage(<AnswerForm questionId="q1" onSubmitted={onSubmitted} onCancel={() => {}} />);
    await write(`  ${LONG_ANSWER}  `);
    expect(screen.getByTestId('answer-length').textContent).toBe(
      `${LONG_ANSWER.length} characters.`,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Submit Answer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish this answer?' });
    expect(screen.getByTestId('answer-preview').textContent).toBe(LONG_ANSWER);
    expect(dialog.textContent).toContain('emailed to them and added to the archive');
    expect(fetchSpy).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Publish Answer' }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledTimes(1));
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/api/answers');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(JSON.parse(String(init?.body))).toEqual({ questionId: 'q1', content: LONG_ANSWER });
    expect(toastTitles()).toEqual(['Answer Submitted']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Keep Editing closes the preview, keeps the text and publishes nothing', async () => {
    const fetchSpy = stubFetch(() => jsonResponse({}));
    renderPage(<AnswerForm questionId="q1" onSubmitted={() => {}} onCancel={() => {}} />);
    await write(LONG_ANSWER);
    await userEvent.click(screen.getByRole('button', { name: 'Submit Answer' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Keep Editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByLabelText('Your answer') as HTMLTextAreaElement).value).toBe(LONG_ANSWER);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("shows 'Submission Failed' when the server refuses the answer", async () => {
    stubFetch(() => jsonResponse({ message: 'boom' }, 500));
    const onSubmitted = vi.fn();
    renderPage(<AnswerForm questionId="q1" onSubmitted={onSubmitted} onCancel={() => {}} />);
    await write(LONG_ANSWER);
    await userEvent.click(screen.getByRole('button', { name: 'Submit Answer' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Publish Answer' }));
    await waitFor(() => expect(toastTitles()).toEqual(['Submission Failed']));
    expect(useToastStore.getState().toasts[0]?.description).toBe('Failed to submit answer.');
    expect(onSubmitted).not.toHaveBeenCalled();
  });

  it("refuses what the API would, with the API's own message, and sends nothing", async () => {
    const fetchSpy = stubFetch(() => jsonResponse({}));
    renderPage(<AnswerForm questionId="q1" onSubmitted={() => {}} onCancel={() => {}} />);
    await write(`The radar logs show\u0007 a balloon. ${LONG_ANSWER}`);
    await userEvent.click(screen.getByRole('button', { name: 'Submit Answer' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'The answer may contain line breaks and tabs but no other control characters.',
    );
    expect(screen.getByLabelText('Your answer').getAttribute('aria-invalid')).toBe('true');
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
