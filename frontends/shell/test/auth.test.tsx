import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession, useToastStore } from '@uapqa/ui';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginForm } from '../src/forms/LoginForm';
import { RegisterForm } from '../src/forms/RegisterForm';
import { jsonResponse, renderInShell, sentBody, stubFetch, toastTitles } from './render';

beforeEach(() => useToastStore.setState({ toasts: [] }));
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ user: null, status: 'loading' });
});

/** The message a field is described by, as a screen reader reaches it from the field. */
function describedError(field: HTMLElement): string | null {
  const id = field.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

describe('the sign-in form', () => {
  it("refuses blank fields with the API's messages, tied to each field, and sends nothing", async () => {
    const api = stubFetch(() => jsonResponse({}));
    renderInShell(<LoginForm onForgot={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    const username = screen.getByLabelText('Username');
    await waitFor(() => expect(describedError(username)).toBe('Username is required'));
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(describedError(screen.getByLabelText('Password'))).toBe('Password is required');
    expect(api).not.toHaveBeenCalled();
  });

  it('sends the trimmed username and the password, then welcomes the member', async () => {
    const api = stubFetch((url) =>
      url === '/api/session' ? jsonResponse({ user: null }) : jsonResponse({ id: 1 }),
    );
    renderInShell(<LoginForm onForgot={() => {}} />);
    await userEvent.type(screen.getByLabelText('Username'), ' member ');
    await userEvent.type(screen.getByLabelText('Password'), ' secret ');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(toastTitles()).toEqual(['Welcome back!']));
    expect(sentBody(api, '/api/login')).toEqual({ username: 'member', password: ' secret ' });
  });

  it('offers the link again to an account whose address is not confirmed', async () => {
    const api = stubFetch((url) =>
      url === '/api/login'
        ? jsonResponse({ message: 'Please confirm your email address first.' }, 403)
        : jsonResponse({ message: 'If the account exists, a new link is on its way.' }),
    );
    renderInShell(<LoginForm onForgot={() => {}} />);
    await userEvent.type(screen.getByLabelText('Username'), 'newcomer');
    await userEvent.type(screen.getByLabelText('Password'), 'a long password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    const notice = await screen.findByTestId('unconfirmed-email');
    expect(notice.textContent).toContain('Please confirm your email address first.');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    await waitFor(() => expect(toastTitles()).toEqual(['Link sent']));
    expect(sentBody(api, '/api/verify-email/resend')).toEqual({ username: 'newcomer' });
  });
});

describe('the register form', () => {
  async function fill(fields: Record<string, string>) {
    for (const [label, value] of Object.entries(fields)) {
      await userEvent.type(screen.getByLabelText(label, { exact: true }), value);
    }
  }
  const newcomer = {
    'First name': 'Skye',
    Username: 'newcomer',
    Email: 'NewComer@Example.com',
    Password: 'a long password',
  };

  it('says the passwords differ, as a toast and under the confirmation, and sends nothing', async () => {
    const api = stubFetch(() => jsonResponse({}));
    renderInShell(<RegisterForm />);
    await fill({ ...newcomer, 'Confirm password': 'another password' });
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(toastTitles()).toEqual(['Passwords do not match']));
    const confirmation = screen.getByLabelText('Confirm password');
    expect(describedError(confirmation)).toBe('Passwords do not match');
    expect(confirmation.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(api).not.toHaveBeenCalled();
  });

  it("refuses what the API would, under each field, in the API's words", async () => {
    stubFetch(() => jsonResponse({}));
    renderInShell(<RegisterForm />);
    await fill({ Username: 'ab', Email: 'not-an-address', Password: 'short' });
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() =>
      expect(describedError(screen.getByLabelText('Username'))).toBe(
        'Username must be at least 3 characters',
      ),
    );
    expect(describedError(screen.getByLabelText('Email', { exact: true }))).toBe(
      'Please enter a valid email address.',
    );
    expect(describedError(screen.getByLabelText('Password', { exact: true }))).toBe(
      'Password must be at least 8 characters',
    );
    expect(toastTitles()).toEqual(['Passwords do not match']);
  });

  it('sends the body the API reads, without the confirmation, then says to check the inbox', async () => {
    const message =
      'We sent a link to newcomer@example.com. Open it to finish creating your account.';
    const api = stubFetch(() => jsonResponse({ message }, 202));
    renderInShell(<RegisterForm />);
    await fill({ ...newcomer, 'Confirm password': 'a long password' });
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    const inbox = await screen.findByTestId('check-inbox');
    expect(inbox.textContent).toContain(message);
    expect(sentBody(api, '/api/register')).toEqual({
      username: 'newcomer',
      email: 'newcomer@example.com',
      password: 'a long password',
      firstName: 'Skye',
      lastName: null,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Use another email address' }));
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('');
  });
});
