import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { theme } from '@uapqa/ui';
import { MemoryRouter } from '@uapqa/ui/router-testing';
import { testExpert } from '@uapqa/ui/testing';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it, vi } from 'vitest';
import { QuestionForm } from '../src/lib/ask/QuestionForm';

const data = {
  experts: [
    testExpert({
      id: 1,
      userId: 11,
      questionsPerWeek: 5,
      user: { firstName: 'Dana', lastName: 'Whitfield' },
    }),
  ],
  categories: [{ id: 3, name: 'Physical', description: null }],
  tags: [{ id: 5, name: 'Radar', description: null }],
};

describe('the ask form', () => {
  it("shows the contract's messages for an empty form and sends nothing", async () => {
    const onSubmit = vi.fn(async () => {});
    render(
      <ThemeProvider theme={theme}>
        <MemoryRouter>
          <QuestionForm data={data} onSubmit={onSubmit} />
        </MemoryRouter>
      </ThemeProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Submit Question' }));
    for (const message of [
      'Please select an expert',
      'Please select a category',
      'Please select at least one tag',
      'Question must be at least 10 characters',
      'Please provide more details',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('keeps the length messages until the title and details are long enough', async () => {
    const onSubmit = vi.fn(async () => {});
    render(
      <ThemeProvider theme={theme}>
        <MemoryRouter>
          <QuestionForm data={data} onSubmit={onSubmit} />
        </MemoryRouter>
      </ThemeProvider>,
    );
    await userEvent.type(screen.getByLabelText('Your question'), 'Too short');
    await userEvent.type(screen.getByLabelText('Details'), 'Long enough details for the expert.');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Radar' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit Question' }));
    await waitFor(() =>
      expect(screen.getByText('Question must be at least 10 characters')).toBeTruthy(),
    );
    expect(screen.queryByText('Please provide more details')).toBeNull();
    expect(screen.queryByText('Please select at least one tag')).toBeNull();
  });

  it('says, by the submit button, that an answered question becomes public', () => {
    render(
      <ThemeProvider theme={theme}>
        <MemoryRouter>
          <QuestionForm data={data} onSubmit={vi.fn(async () => {})} />
        </MemoryRouter>
      </ThemeProvider>,
    );
    const note = screen.getByTestId('ask-public-note');
    expect(note.textContent).toContain(
      'Once an expert answers it, your question (its title, details, context and sources) and the answer become public in the archive',
    );
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe(
      '/terms',
    );
    // Screen readers hear it with the button, before anything is sent.
    const submit = screen.getByRole('button', { name: 'Submit Question' });
    expect(submit.getAttribute('aria-describedby')).toBe('ask-public-note');
  });
});
