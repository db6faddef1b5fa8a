import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useToastStore } from '@uapqa/ui';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResendLinkForm } from '../src/forms/ResendLink';
import { jsonResponse, renderInShell, sentBody, stubFetch, toastTitles } from './render';

beforeEach(() => useToastStore.setState({ toasts: [] }));
afterEach(() => vi.unstubAllGlobals());

describe('the send-the-link-again form', () => {
  it("asks for an address or username in the API's words, tied to the field", async () => {
    const api = stubFetch(() => jsonResponse({}));
    renderInShell(<ResendLinkForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    const field = screen.getByLabelText('Email or username');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    const message = document.getElementById(field.getAttribute('aria-describedby') ?? '');
    expect(message?.textContent).toBe('Please enter your email address or username.');
    expect(api).not.toHaveBeenCalled();
  });

  it('sends the trimmed value, starting from the one it was given, and says the link is sent', async () => {
    const api = stubFetch(() => jsonResponse({ message: 'A new link is on its way.' }));
    renderInShell(<ResendLinkForm initial="skye@example.com" />);
    const field = screen.getByLabelText('Email or username') as HTMLInputElement;
    expect(field.value).toBe('skye@example.com');
    await userEvent.clear(field);
    await userEvent.type(field, '  skye  ');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    await waitFor(() => expect(toastTitles()).toEqual(['Link sent']));
    expect(sentBody(api, '/api/verify-email/resend')).toEqual({ username: 'skye' });
    expect(useToastStore.getState().toasts[0]?.description).toBe('A new link is on its way.');
  });
});
