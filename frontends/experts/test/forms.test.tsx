import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useToastStore } from '@uapqa/ui';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Apply, { ExpertApplicationForm } from '../src/pages/Apply';
import { ExpertProfileForm } from '../src/pages/ExpertOnboarding';
import { sendExpertApplication } from './expert-application';
import { jsonResponse, renderPage, stubFetch, toastTitles } from './render';

beforeEach(() => useToastStore.setState({ toasts: [] }));
afterEach(() => vi.unstubAllGlobals());

describe('the expert application', () => {
  it("shows every message of the form's rules for an empty form and sends nothing", async () => {
    const onSubmit = vi.fn(async () => {});
    renderPage(<ExpertProfileForm onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    for (const message of [
      'Brand name must be at least 2 characters',
      'Bio must be at least 50 characters',
      'Please describe your credentials',
      'Please describe your area of expertise',
      'Please specify your years of experience',
      'Please specify how many questions you can answer',
      'Please specify your weekly rate',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the numbers as integers and an empty website as nothing', async () => {
    const onSubmit = vi.fn(async (_body: unknown) => {});
    renderPage(<ExpertProfileForm onSubmit={onSubmit} />);
    await sendExpertApplication();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const body = onSubmit.mock.calls[0]![0] as Record<string, unknown>;
    expect(body).toMatchObject({
      brandName: 'Skywatch',
      experienceYears: 12,
      questionsPerWeek: 4,
      weeklyRate: 300,
      website: null,
    });
    expect(Number.isInteger(body.experienceYears)).toBe(true);
  });

  it.each(['not a url', 'javascript:alert(1)'])(
    'refuses a website that is not an http(s) address (%s)',
    async (website) => {
      renderPage(<ExpertProfileForm onSubmit={async () => {}} />);
      await userEvent.type(screen.getByLabelText('Website (optional)'), website);
      await userEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
      expect(
        await screen.findByText('Website must be a web address starting with http:// or https://.'),
      ).toBeTruthy();
    },
  );

  it('refuses social links that are not http(s) addresses', async () => {
    renderPage(<ExpertProfileForm onSubmit={async () => {}} />);
    await userEvent.type(screen.getByLabelText(/^Social links/), 'https://ok.example.com data:x');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(
      await screen.findByText(
        'Each of the social links must be a web address starting with http:// or https://.',
      ),
    ).toBeTruthy();
  });
});

describe('the public expert application', () => {
  it("says 'Missing Information' when name, email or phone is empty", async () => {
    const onSubmit = vi.fn(async () => {});
    renderPage(<ExpertApplicationForm onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    await waitFor(() => expect(toastTitles()).toEqual(['Missing Information']));
    expect(useToastStore.getState().toasts[0]?.description).toBe(
      'Please fill in all required fields.',
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a duration over 12 months and more than 10 questions a week', async () => {
    const onSubmit = vi.fn(async () => {});
    renderPage(<ExpertApplicationForm onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Full name *'), 'Ann Droid');
    await userEvent.type(screen.getByLabelText('Email *'), 'ann@example.com');
    await userEvent.type(screen.getByLabelText('Phone *'), '+1 555 0100');
    const duration = screen.getByLabelText(/Commitment in months/);
    await userEvent.clear(duration);
    await userEvent.type(duration, '13');
    const perWeek = screen.getByLabelText(/Questions per week/);
    await userEvent.clear(perWeek);
    await userEvent.type(perWeek, '11');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('must be at most 12')).toBeTruthy();
    expect(await screen.findByText('must be at most 10')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(toastTitles()).toEqual([]);
  });

  it('posts the application without credentials', async () => {
    const fetchSpy = stubFetch(() => jsonResponse({ id: 1 }, 201));
    renderPage(<Apply />);
    await userEvent.type(screen.getByLabelText('Full name *'), 'Ann Droid');
    await userEvent.type(screen.getByLabelText('Email *'), 'ann@example.com');
    await userEvent.type(screen.getByLabelText('Phone *'), '+1 555 0100');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    await screen.findByTestId('application-submitted');
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/api/expert-applications');
    expect(init?.credentials).toBe('omit');
    expect(JSON.parse(String(init?.body))).toMatchObject({
      name: 'Ann Droid',
      email: 'ann@example.com',
      phone: '+1 555 0100',
      duration: 1,
      questionsPerWeek: 2,
    });
    expect(toastTitles()).toEqual(['Application Submitted']);
  });
});
