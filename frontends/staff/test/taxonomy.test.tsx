import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useToastStore } from '@uapqa/ui';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CATEGORIES, TaxonomyManager, TOPICS } from '../src/components/Taxonomy';
import { jsonResponse, renderPage, stubFetch, toastTitles } from './render';

beforeEach(() => useToastStore.setState({ toasts: [] }));
afterEach(() => vi.unstubAllGlobals());

/** An admin API whose lists are empty; the body of each addition is recorded. */
function taxonomyApi() {
  const added: unknown[] = [];
  stubFetch((_url, init) => {
    if (init.method !== 'POST') return jsonResponse([]);
    added.push(JSON.parse(String(init.body)));
    return jsonResponse({ id: 1 }, 201);
  });
  return { added };
}

describe('adding a category or topic', () => {
  it('refuses a name the API would refuse, under the field, and sends nothing', async () => {
    const { added } = taxonomyApi();
    renderPage(<TaxonomyManager kind={CATEGORIES} />, '/admin-dashboard');
    const form = await screen.findByRole('form', { name: 'Add category' });
    const name = within(form).getByLabelText('New category name');
    await userEvent.type(name, 'x'.repeat(81));
    await userEvent.click(within(form).getByRole('button', { name: 'Add Category' }));
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(name.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Name must be at most 80 characters',
    );
    expect(added).toEqual([]);
  });

  it('sends the trimmed name and description (none when blank), then empties the form', async () => {
    const { added } = taxonomyApi();
    renderPage(<TaxonomyManager kind={TOPICS} />, '/admin-dashboard');
    const form = await screen.findByRole('form', { name: 'Add topic' });
    const name = within(form).getByLabelText('New topic name') as HTMLInputElement;
    const add = within(form).getByRole('button', { name: 'Add Topic' });
    await userEvent.type(name, '  Radar ');
    await userEvent.click(add);
    await waitFor(() => expect(toastTitles()).toEqual(['Topic Added']));
    expect(useToastStore.getState().toasts[0]?.description).toBe('"Radar" was added.');
    await waitFor(() => expect(name.value).toBe(''));
    expect((add as HTMLButtonElement).disabled).toBe(true);

    await userEvent.type(name, 'Abductions');
    await userEvent.type(within(form).getByLabelText('Description (optional)'), ' Missing time ');
    await userEvent.click(add);
    await waitFor(() => expect(added).toHaveLength(2));
    expect(added).toEqual([
      { name: 'Radar', description: null },
      { name: 'Abductions', description: 'Missing time' },
    ]);
  });
});
