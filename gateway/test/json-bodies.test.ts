import { testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, ORIGIN, standIn, startStack } from './harness.js';

/** Stands in for a service: it reports the body and type it was sent. */
const echo = new Hono();
echo.get('/ready', (c) => c.json({ status: 'ready' }));
echo.all('/api/*', async (c) =>
  c.json({ body: await c.req.text(), type: c.req.header('content-type') ?? null }),
);

const JSON_PLEASE =
  'Please send the request body as JSON, with the header Content-Type: application/json.';
const login = JSON.stringify({ username: 'member', password: DEMO_PASSWORD });

const [embedded] = testBackends();

describe('gateway: mutations carry JSON or nothing (embedded)', () => {
  const h = stackForSuite(() =>
    startStack(embedded!, {
      extra: [standIn('questions', echo), standIn('billing', echo)],
    }),
  );

  const send = (path: string, init: RequestInit) =>
    h.gateway.app.request(`${ORIGIN}${path}`, {
      ...init,
      headers: { origin: ORIGIN, ...(init.headers as Record<string, string>) },
    });

  it('refuses a body a plain form could send with 415 and a message', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const refused = await send('/api/login', {
        method: 'POST',
        body: login,
        headers: { 'content-type': type },
      });
      expect(refused.status).toBe(415);
      expect(await refused.json()).toEqual({ message: JSON_PLEASE });
    }
    // A body with a length but no type at all.
    const untyped = await send('/api/questions', {
      method: 'POST',
      body: new TextEncoder().encode('{}'),
      headers: { 'content-length': '2' },
    });
    expect(untyped.status).toBe(415);
  });

  it('takes JSON, with or without a charset', async () => {
    const accepted = await send('/api/login', {
      method: 'POST',
      body: login,
      headers: { 'content-type': 'application/json; charset=UTF-8' },
    });
    expect(accepted.status).toBe(200);
  });

  it('needs no type for a mutation without a body', async () => {
    const logout = await send('/api/logout', { method: 'POST' });
    expect(logout.status).toBe(200);
    const removal = await send('/api/questions/some-id', {
      method: 'DELETE',
      headers: { 'content-length': '0' },
    });
    expect(removal.status).toBe(200);
    expect(await removal.json()).toEqual({ body: '', type: null });
  });

  it('lets the Stripe webhook read its raw body, whatever its type', async () => {
    const payload = '{"id":"evt_1","object":"event"}';
    const webhook = await h.gateway.app.request(`${ORIGIN}/api/billing/webhook`, {
      method: 'POST',
      body: payload,
      headers: { 'content-type': 'text/plain', 'stripe-signature': 't=1,v1=x' },
    });
    expect(webhook.status).toBe(200);
    expect(await webhook.json()).toEqual({ body: payload, type: 'text/plain' });
  });
});
