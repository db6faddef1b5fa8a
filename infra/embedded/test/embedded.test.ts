import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { registerVerified } from '@uapqa/identity/testing';
import { verificationTokenFromMailbox } from '@uapqa/notifications/testing';
import { browser, eventually } from '@uapqa/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { signIn, useEmbeddedStack } from './support.js';

describe('embedded single process', () => {
  const embedded = useEmbeddedStack('embedded');

  it('serves the site and the API on one port over real HTTP', async () => {
    const page = await fetch(embedded.url);
    expect(page.status).toBe(200);
    const health = await (await fetch(`${embedded.url}/api/health`)).json();
    expect(health.services.identity).toBe('ready');
  });

  /**
   * Signs a member up as a person would over real HTTP: registers, reads the confirmation link
   * from the mailbox folder, opens it. The cookies of the signed-in browser.
   */
  async function signUp(username: string): Promise<string> {
    const visitor = browser({ request: (url, init) => fetch(url, init) }, embedded.url);
    const verified = await registerVerified(
      visitor,
      (email) => verificationTokenFromMailbox(embedded.mailbox, email),
      { username, email: `${username}@example.com`, password: 'long enough pw' },
    );
    expect(verified.status).toBe(200);
    return visitor.jar.header();
  }

  const memberCookie = () => signIn(embedded.url, 'member');

  it('lets the demo member sign in with the documented password, already a subscriber', async () => {
    const cookie = await memberCookie();
    // Paid through the local provider when billing hears of the account: a newcomer can ask at once.
    await eventually(async () => {
      const me = await (await fetch(`${embedded.url}/api/user`, { headers: { cookie } })).json();
      expect(me).toMatchObject({
        username: 'member',
        role: 'user',
        subscriptionStatus: 'active',
        foiaCredits: 3,
      });
    });
    const history = await (
      await fetch(`${embedded.url}/api/billing/payments`, { headers: { cookie } })
    ).json();
    expect(history).toEqual([expect.objectContaining({ purpose: 'subscription' })]);
  });

  it('takes a subscription through the local payment provider', async () => {
    const headers = { 'content-type': 'application/json', origin: embedded.url };
    const cookie = await signUp('subscriber');
    const post = (path: string, body: unknown = {}) =>
      fetch(`${embedded.url}${path}`, {
        method: 'POST',
        headers: { ...headers, cookie },
        body: JSON.stringify(body),
      });
    const { clientSecret } = await (await post('/api/create-subscription')).json();
    expect(
      (
        await (
          await post('/api/billing/local/confirm', { clientSecret, outcome: 'succeeded' })
        ).json()
      ).status,
    ).toBe('succeeded');
    const me = await (await fetch(`${embedded.url}/api/user`, { headers: { cookie } })).json();
    expect(me).toMatchObject({ subscriptionStatus: 'active', foiaCredits: 3 });
  });

  it('writes its emails to the mailbox folder, linking to the address it serves', async () => {
    const response = await fetch(`${embedded.url}/api/expert-applications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: embedded.url },
      body: JSON.stringify({
        name: 'Mailbox Check',
        email: 'mailbox.check@example.com',
        phone: '+1 555 0100',
        duration: 1,
        questionsPerWeek: 2,
      }),
    });
    expect(response.status).toBe(201);
    const mailbox = embedded.mailbox;
    const staffMail = async () => {
      const names = await readdir(mailbox).catch(() => []);
      for (const name of names) {
        const text = await readFile(join(mailbox, name), 'utf8');
        if (text.includes('New expert application: Mailbox Check')) return text;
      }
      return null;
    };
    await eventually(async () => expect(await staffMail()).not.toBeNull(), { timeoutMs: 10_000 });
    const text = (await staffMail())!;
    expect(text).toContain('admin@demo.uapqa.local');
    // PORT 0: the links name the port really bound, not 0.
    expect(text).toContain(`${embedded.url}/admin-dashboard`);
  });

  it('keeps its data across a restart and does not seed twice', async () => {
    await signUp('persisted');
    const before = await (await fetch(`${embedded.url}/api/member-count`)).json();
    await embedded.restart();
    const after = await (await fetch(`${embedded.url}/api/member-count`)).json();
    expect(after).toEqual(before);
    const experts = await (await fetch(`${embedded.url}/api/creators`)).json();
    expect(experts).toHaveLength(5);
    // The demo member was paid for once, not again on the restart.
    const cookie = await memberCookie();
    const me = await (await fetch(`${embedded.url}/api/user`, { headers: { cookie } })).json();
    expect(me).toMatchObject({ subscriptionStatus: 'active', foiaCredits: 3 });
  });
});
