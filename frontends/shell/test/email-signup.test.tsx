import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useToastStore } from '@uapqa/ui';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EmailSignup } from '../src/forms/EmailSignup';
import { jsonResponse, renderInShell, sentBody, stubFetch, toastTitles } from './render';

beforeEach(() => useToastStore.setState({ toasts: [] }));
afterEach(() => vi.unstubAllGlobals());

const box = () => screen.getByLabelText('Email address') as HTMLInputElement;
/** The real form is there once its box has the id its error would be tied to. */
const formArrived = () => waitFor(() => expect(box().id).not.toBe(''));
/** Points at the stand-in, which brings the real form. */
async function reach() {
  await userEvent.hover(box());
  await formArrived();
}
const lastToast = () => useToastStore.getState().toasts[0];

describe('the waitlist and newsletter sign-ups', () => {
  it('draws a stand-in first, and hands the form what was typed, with the focus', async () => {
    stubFetch(() => jsonResponse({}));
    renderInShell(<EmailSignup kind="waitlist" source="hero" />);
    expect(box().id).toBe('');
    // Typed into the stand-in before the form can have arrived (nothing is awaited).
    act(() => {
      box().focus();
      fireEvent.change(box(), { target: { value: 'early@' } });
    });
    await formArrived();
    expect(box().value).toBe('early@');
    // (Where the caret goes, jsdom cannot tell of an email box: the browser tests type on.)
    expect(document.activeElement).toBe(box());
  });

  it('answers a press that came before the form: blank is Email Required, tied to the box', async () => {
    const api = stubFetch(() => jsonResponse({}));
    renderInShell(<EmailSignup kind="waitlist" source="hero" />);
    fireEvent.submit(screen.getByRole('form', { name: 'Join the waitlist' }));
    await waitFor(() => expect(toastTitles()).toEqual(['Email Required']));
    expect(lastToast()?.description).toBe('Please enter your email address.');
    expect(box().getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(box().getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Please enter your email address.',
    );
    expect(api).not.toHaveBeenCalled();
  });

  it('sends the normalised address with its source, welcomes and empties the box', async () => {
    const api = stubFetch(() => jsonResponse({ message: 'ok' }));
    renderInShell(<EmailSignup kind="waitlist" source="hero" />);
    await reach();
    await userEvent.type(box(), ' Early@Example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Join Waitlist' }));
    await waitFor(() => expect(toastTitles()).toEqual(['Welcome to the waitlist!']));
    expect(sentBody(api, '/api/waitlist/join')).toEqual({
      email: 'early@example.com',
      source: 'hero',
    });
    await waitFor(() => expect(box().value).toBe(''));
  });

  it("refuses an address the API would refuse, in its words, under the newsletter's title", async () => {
    const api = stubFetch(() => jsonResponse({}));
    renderInShell(<EmailSignup kind="newsletter" source="footer" />);
    await reach();
    await userEvent.type(box(), 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(toastTitles()).toEqual(['Subscription Failed']));
    expect(lastToast()?.description).toBe('Please enter a valid email address.');
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email address.');
    expect(api).not.toHaveBeenCalled();
  });

  it("shows the server's refusal, and keeps the address", async () => {
    const api = stubFetch(() => jsonResponse({ message: 'Newsletter is closed.' }, 400));
    renderInShell(<EmailSignup kind="newsletter" source="footer" />);
    await reach();
    await userEvent.type(box(), 'reader@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(toastTitles()).toEqual(['Subscription Failed']));
    expect(lastToast()?.description).toBe('Newsletter is closed.');
    expect(sentBody(api, '/api/newsletter/subscribe')).toEqual({
      email: 'reader@example.com',
      source: 'footer',
    });
    expect(box().value).toBe('reader@example.com');
  });
});
