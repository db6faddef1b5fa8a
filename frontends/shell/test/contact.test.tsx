import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { theme, useToastStore } from '@uapqa/ui';
import { ThemeProvider } from 'styled-components';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Contact } from '../src/pages/Contact';

const renderContact = () =>
  render(
    <ThemeProvider theme={theme}>
      <Contact />
    </ThemeProvider>,
  );
const toastTitles = () => useToastStore.getState().toasts.map((toast) => toast.title);

beforeEach(() => useToastStore.setState({ toasts: [] }));
afterEach(() => vi.unstubAllGlobals());

describe('the contact form', () => {
  it("refuses what the API would, under each field with the API's message, and sends nothing", async () => {
    const send = vi.fn(async () => new Response('{}'));
    vi.stubGlobal('fetch', send);
    renderContact();
    await userEvent.type(screen.getByLabelText('Name *'), 'New Comer');
    await userEvent.type(screen.getByLabelText('Email *'), 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(toastTitles()).toEqual(['Missing Information']));
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toEqual(['Please enter a valid email address.', 'Please enter your message.']);
    expect(screen.getByLabelText('Email *').getAttribute('aria-invalid')).toBe('true');
    const described = screen.getByLabelText('Message *').getAttribute('aria-describedby') ?? '';
    expect(described.split(' ').map((id) => document.getElementById(id)?.textContent)).toEqual([
      '0 / 5000 characters',
      'Please enter your message.',
    ]);
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the trimmed message and clears the form', async () => {
    const send = vi.fn(async () => new Response('{"message":"ok"}'));
    vi.stubGlobal('fetch', send);
    renderContact();
    await userEvent.type(screen.getByLabelText('Name *'), '  New Comer ');
    await userEvent.type(screen.getByLabelText('Email *'), 'NewComer@Example.com');
    await userEvent.type(screen.getByLabelText('Message *'), 'How do I pick an expert?');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(toastTitles()).toEqual(['Message Sent!']));
    const [url, init] = send.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/contact');
    expect(JSON.parse(String(init.body))).toMatchObject({
      name: 'New Comer',
      email: 'newcomer@example.com',
      message: 'How do I pick an expert?',
    });
    expect((screen.getByLabelText('Message *') as HTMLTextAreaElement).value).toBe('');
  });
});
