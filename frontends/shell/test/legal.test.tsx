import { screen } from '@testing-library/react';
import { ANSWER_DUE_HOURS } from '@uapqa/contracts';
import { describe, expect, it } from 'vitest';
import { Privacy } from '../src/pages/legal/Privacy';
import { Terms } from '../src/pages/legal/Terms';
import { renderInShell } from './render';

const text = () => document.body.textContent ?? '';

describe('the privacy policy', () => {
  it('names what is stored, how to download it and what closing an account does', () => {
    renderInShell(<Privacy />);
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeTruthy();
    for (const stored of [
      'username, first and last name, email address',
      'argon2id hash',
      'Sessions',
      'credit ledger',
      'receipt',
      'a log of each one',
      'Newsletter, waitlist and contact messages',
      'Expert applications and profiles',
    ]) {
      expect(text(), stored).toContain(stored);
    }
    expect(text()).toContain('GET /api/account/export');
    expect(text()).toContain('DELETE /api/account');
    for (const effect of [
      'cancels your subscription at once, and the credits left on it are forfeited',
      'removes your personal data',
      '"a former member"',
      'stops every email to you',
      'frees your username and email address after 30 days',
      'keeps your payment receipts, because tax law requires it',
      'one-click unsubscribe link',
    ]) {
      expect(text(), effect).toContain(effect);
    }
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe(
      '/terms',
    );
  });
});

describe('the terms of service', () => {
  it('states membership, credits, the answer rule, refunds and the public archive', () => {
    renderInShell(<Terms />);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeTruthy();
    expect(text()).toContain('$10.00 a month');
    expect(text()).toContain('3 credits for $25.00 or 10 credits for $50.00');
    expect(text()).toContain(`the expert has ${ANSWER_DUE_HOURS} hours to answer it`);
    expect(text()).toContain('our moderators reject the question');
    expect(screen.getByRole('heading', { name: 'Answered questions become public' })).toBeTruthy();
    const links = screen.getAllByRole('link', { name: 'Privacy Policy' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/privacy', '/privacy']);
  });
});
